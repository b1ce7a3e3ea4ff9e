import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { USER_BUILDINGS_TEXTS, type RatedBuildingCard } from '../model/user-buildings.ts';
import { UserBuildingCard } from './user-building-card.tsx';
import classes from './user-buildings.module.css';
import { t } from '../../../lib/i18n.ts';

interface BuildingCardGridProps {
  query: UseInfiniteQueryResult<InfiniteData<{ items: RatedBuildingCard[] }>>;
  emptyText: string;
  label: string;
}

/** Loading, error, empty or the cards with 'Load more' while further pages exist. */
export function BuildingCardGrid({ query, emptyText, label }: BuildingCardGridProps) {
  if (query.isPending) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text>{t(USER_BUILDINGS_TEXTS.loading)}</Text>
      </Group>
    );
  }
  if (query.isError) {
    return (
      <Text c="red" role="alert">
        {t(USER_BUILDINGS_TEXTS.failed)}
      </Text>
    );
  }
  const buildings = query.data.pages.flatMap((page) => page.items);
  if (buildings.length === 0) return <Text c="dimmed">{emptyText}</Text>;
  return (
    <Stack gap="md">
      <ul className={classes.grid} aria-label={label}>
        {buildings.map((building) => (
          <li key={building.id}>
            <UserBuildingCard building={building} />
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <Button
          variant="light"
          onClick={() => void query.fetchNextPage()}
          loading={query.isFetchingNextPage}
          style={{ alignSelf: 'center' }}
        >
          {t(USER_BUILDINGS_TEXTS.loadMore)}
        </Button>
      )}
    </Stack>
  );
}
