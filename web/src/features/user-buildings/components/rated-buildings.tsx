import { useState } from 'react';
import { Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { useRatedBuildings } from '../api/get-rated-buildings.ts';
import {
  INITIAL_RATED_FILTER,
  RATING_FILTERS,
  USER_BUILDINGS_TEXTS,
  emptyRatedText,
  isRatingFilter,
  ratedBuildingsAccess,
  sortOrderLabel,
  toggleSortOrder,
  type RatedBuildingsFilter,
} from '../model/user-buildings.ts';
import { BuildingCardGrid } from './building-card-grid.tsx';
import { t } from '../../../lib/i18n.ts';

/**
 * Product §2, user page Buildings: the buildings this user rated, by face (Liked, Neutral, Disliked)
 * and vote date. Private to the user: anyone else gets a message, not a request.
 */
export function RatedBuildings({ handle }: { handle: string }) {
  const { user, isChecking } = useAuth();
  const access = ratedBuildingsAccess(user?.handle ?? null, handle);
  const [filter, setFilter] = useState<RatedBuildingsFilter>(INITIAL_RATED_FILTER);
  const query = useRatedBuildings(handle, filter, access === 'owner');
  const refusedStatus =
    query.error instanceof ApiError && (query.error.status === 401 || query.error.status === 403)
      ? query.error.status
      : null;

  return (
    <Stack gap="md">
      <Title order={2}>{t('Buildings')}</Title>
      {isChecking ? null : access !== 'owner' || refusedStatus !== null ? (
        <Text c="dimmed" role="status">
          {t(
            access === 'signedOut' || refusedStatus === 401
              ? USER_BUILDINGS_TEXTS.signedOut
              : USER_BUILDINGS_TEXTS.private,
          )}
        </Text>
      ) : (
        <>
          <Group justify="space-between" gap="sm">
            <SegmentedControl
              aria-label={t('Rating')}
              value={filter.rating}
              onChange={(value) => {
                if (isRatingFilter(value)) setFilter((f) => ({ ...f, rating: value }));
              }}
              data={RATING_FILTERS.map(({ value, label }) => ({ value, label: t(label) }))}
            />
            <Button
              variant="default"
              size="xs"
              leftSection={
                filter.sortOrder === 'desc' ? (
                  <IconSortDescending size={16} aria-hidden />
                ) : (
                  <IconSortAscending size={16} aria-hidden />
                )
              }
              onClick={() => setFilter((f) => ({ ...f, sortOrder: toggleSortOrder(f.sortOrder) }))}
              title={t('Change the order of the votes')}
            >
              {t(sortOrderLabel(filter.sortOrder))}
            </Button>
          </Group>
          <BuildingCardGrid
            query={query}
            emptyText={t(emptyRatedText(filter.rating))}
            label={t('Rated buildings')}
          />
        </>
      )}
    </Stack>
  );
}
