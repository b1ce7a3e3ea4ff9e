import { Badge, CloseButton, Group, Loader, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { ApiError } from '../../../lib/api-client.ts';
import { useBuilding } from '../api/get-building.ts';
import { buildingYearsText } from '../model.ts';
import classes from './building-panel.module.css';

interface BuildingPanelProps {
  /** Null when the route's id is not a valid building id. */
  buildingId: number | null;
  onClose: () => void;
}

/** Spec section 2, building profile: a panel over the explore screen with a close button. */
export function BuildingPanel({ buildingId, onClose }: BuildingPanelProps) {
  const building = useBuilding(buildingId);
  const notFound =
    buildingId === null || (building.error instanceof ApiError && building.error.status === 404);

  return (
    <Paper
      className={classes.panel}
      shadow="lg"
      radius="md"
      withBorder
      component="aside"
      aria-label="Building"
    >
      <Group justify="flex-end" className={classes.header}>
        <CloseButton aria-label="Close building panel" onClick={onClose} size="lg" />
      </Group>
      <ScrollArea.Autosize mah="calc(100dvh - 160px)" px="lg" pb="lg">
        {notFound ? (
          <Text role="alert">Building not found</Text>
        ) : building.isPending ? (
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text>Loading building...</Text>
          </Group>
        ) : building.isError ? (
          <Text role="alert" c="red">
            Error loading building
          </Text>
        ) : (
          <Stack gap="sm">
            <Title order={2}>{building.data.name}</Title>
            {buildingYearsText(building.data) && <Text c="dimmed">{buildingYearsText(building.data)}</Text>}
            {building.data.architectural_styles.length > 0 && (
              <Group gap="xs" aria-label="Architectural styles">
                {building.data.architectural_styles.map((style) => (
                  <Badge key={style.id} variant="light">
                    {style.name}
                  </Badge>
                ))}
              </Group>
            )}
            {building.data.description && (
              <Text className={classes.description}>{building.data.description}</Text>
            )}
          </Stack>
        )}
      </ScrollArea.Autosize>
    </Paper>
  );
}
