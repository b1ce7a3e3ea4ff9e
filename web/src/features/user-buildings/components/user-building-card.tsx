import { Box, Paper, Text } from '@mantine/core';
import { BuildingCover } from '../../../components/building-cover.tsx';
import { Link } from 'react-router';
import { buildingYearsText } from '#domain/building-years';
import { timeAgo } from '../../../lib/relative-time.ts';
import type { RatedBuildingCard } from '../model/user-buildings.ts';
import classes from './user-buildings.module.css';
import { pages } from '#domain/pages';
import { currentLanguage, t } from '../../../lib/i18n.ts';

/**
 * A building on the user page: cover (or, until it has one, a locator), name and years, linking to its profile.
 * The link is named by its visible text (no aria-label: axe label-content-name-mismatch).
 */
export function UserBuildingCard({ building }: { building: RatedBuildingCard }) {
  const years = buildingYearsText(building, t);
  const votedAt = building.voted_at ? new Date(building.voted_at) : null;
  return (
    <Paper
      component={Link}
      to={pages.building.href({ id: building.id })}
      className={classes.card}
      withBorder
      radius="md"
    >
      <Box className={classes.cover}>
        <BuildingCover
          coverImage={building.cover_image}
          coordinates={building.coordinates}
          className={classes.image}
        />
      </Box>
      <Box p="xs">
        <Text fw={600} lineClamp={2}>
          {building.name}
        </Text>
        {years && (
          <Text size="sm" c="dimmed">
            {years}
          </Text>
        )}
        {votedAt && (
          <Text size="xs" c="dimmed" title={votedAt.toLocaleString(currentLanguage())}>
            {t('Voted {time}', { time: timeAgo(votedAt) })}
          </Text>
        )}
      </Box>
    </Paper>
  );
}
