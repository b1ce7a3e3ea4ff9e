import { useState } from 'react';
import { Anchor, Button, Group, Loader, Modal, Select, Stack, Text } from '@mantine/core';
import { IconRoute } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { List } from '#domain/lists';
import { pages } from '#domain/pages';
import { listGpxHref, useListRoute } from '../api/get-list-route.ts';
import { WALKING_TOUR_TEXTS, legText, totalDistanceText, walkingTourTitle } from '../model/walking-tour.ts';
import classes from './walking-tour.module.css';
import { WalkingTourMap } from './walking-tour-map.tsx';
import { t } from '../../../lib/i18n.ts';

interface WalkingTourDialogProps {
  list: List;
  opened: boolean;
  onClose: () => void;
}

/**
 * A list as a walking tour (loaded on first use, with the map): a start to choose, the stops in
 * walking order numbered on a map and in a list, the total distance, and the walk as GPX.
 */
export function WalkingTourDialog({ list, opened, onClose }: WalkingTourDialogProps) {
  const [start, setStart] = useState<number | null>(null);
  const route = useListRoute(list.id, start);
  const startOptions = list.buildings.map((b) => ({ value: String(b.id), label: b.name }));

  return (
    <Modal opened={opened} onClose={onClose} title={walkingTourTitle(list.name)} size="xl">
      {list.buildings.length === 0 ? (
        <Text>{t(WALKING_TOUR_TEXTS.empty)}</Text>
      ) : (
        <Stack gap="md">
          <Group align="flex-end" justify="space-between" wrap="wrap">
            <Select
              label={t(WALKING_TOUR_TEXTS.start)}
              data={startOptions}
              value={String(start ?? list.buildings[0]!.id)}
              onChange={(value) => value && setStart(Number(value))}
              allowDeselect={false}
              searchable
              w={280}
            />
            <Button
              component="a"
              href={listGpxHref(list.id, start)}
              download
              variant="light"
              leftSection={<IconRoute size={16} aria-hidden />}
            >
              {t(WALKING_TOUR_TEXTS.downloadGpx)}
            </Button>
          </Group>
          {route.isPending ? (
            <Group gap="xs" role="status">
              <Loader size="sm" aria-hidden />
              <Text>{t(WALKING_TOUR_TEXTS.loading)}</Text>
            </Group>
          ) : route.isError ? (
            <Text role="alert">{t(WALKING_TOUR_TEXTS.error)}</Text>
          ) : (
            <>
              <Text fw={600} data-testid="walking-tour-total">
                {totalDistanceText(route.data.total_meters)}
              </Text>
              <WalkingTourMap stops={route.data.stops} />
              <ol className={classes.stops} aria-label={t('Stops in walking order')}>
                {route.data.stops.map((stop, i) => (
                  <li key={stop.id}>
                    <Anchor component={Link} to={pages.building.href({ id: stop.id })}>
                      {stop.name}
                    </Anchor>{' '}
                    <Text component="span" c="dimmed" size="sm">
                      {legText(i, stop.leg_meters)}
                    </Text>
                  </li>
                ))}
              </ol>
              <Text size="sm" c="dimmed">
                {t(WALKING_TOUR_TEXTS.note)}
              </Text>
            </>
          )}
        </Stack>
      )}
    </Modal>
  );
}
