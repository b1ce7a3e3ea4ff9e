import { Anchor, Card, Container, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { BuildingCover } from '../../../components/building-cover.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { MapPlaceholder } from '../../../lib/map/map-placeholder.tsx';
import { useAfterFirstPaint } from '../../../lib/use-after-first-paint.ts';
import { formatYear } from '#domain/building-years';
import { useArchitect } from '../api/get-architect.ts';
import classes from './architect-page.module.css';
import { pages } from '#domain/pages';

/**
 * The map and its library load once the page is drawn (the rule for map screens): the name
 * and the cards come first, and a phone does not parse the map library before it shows them.
 */
const ArchitectMap = lazy(() => import('./architect-map.tsx').then((m) => ({ default: m.ArchitectMap })));

/** Where the map will be, the same size, so nothing moves when it comes. */
const mapPlaceholder = <MapPlaceholder className={classes.mapPlaceholder} />;

interface ArchitectPageProps {
  id: number | null;
}

/** /architects/{id}, the architect's name, a small map of their buildings and their cards. */
export function ArchitectPage({ id }: ArchitectPageProps) {
  const architect = useArchitect(id);
  const mapMayLoad = useAfterFirstPaint(architect.isSuccess);
  const notFound = id === null || (architect.error instanceof ApiError && architect.error.status === 404);

  if (notFound) {
    return (
      <Container py="xl">
        <Text role="alert">Architect not found</Text>
      </Container>
    );
  }
  if (architect.isPending) {
    return (
      <Container py="xl">
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>Loading architect...</Text>
        </Group>
      </Container>
    );
  }
  if (architect.isError) {
    return (
      <Container py="xl">
        <Text role="alert" c="red">
          Error loading architect
        </Text>
      </Container>
    );
  }
  const { name, buildings } = architect.data;
  return (
    <Container size="lg" py="lg" style={{ overflowY: 'auto' }}>
      <Stack gap="md">
        <Title order={1}>{name}</Title>
        <Text c="dimmed">
          {buildings.length} building{buildings.length === 1 ? '' : 's'} in the atlas
        </Text>
        {buildings.length > 0 && (
          <Suspense fallback={mapPlaceholder}>
            {mapMayLoad ? <ArchitectMap points={buildings.map((b) => b.coordinates)} /> : mapPlaceholder}
          </Suspense>
        )}
        <SimpleGrid
          cols={{ base: 1, xs: 2, md: 3 }}
          spacing="md"
          component="ul"
          style={{ listStyle: 'none', padding: 0 }}
        >
          {buildings.map((b) => (
            <li key={b.id}>
              <Card withBorder padding="sm" radius="md" h="100%">
                <Card.Section>
                  <BuildingCover
                    coverImage={b.cover_image}
                    coordinates={b.coordinates}
                    className={classes.cover}
                  />
                </Card.Section>
                <Anchor component={Link} to={pages.building.href({ id: b.id })} fw={600} mt="sm">
                  {b.name}
                </Anchor>
                {b.year_built !== null && (
                  <Text size="sm" c="dimmed">
                    {formatYear(b.year_built)}
                  </Text>
                )}
              </Card>
            </li>
          ))}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
