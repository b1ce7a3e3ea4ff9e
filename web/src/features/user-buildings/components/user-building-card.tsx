import { Box, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingCommunity } from '@tabler/icons-react';
import { Link } from 'react-router';
import { buildingYearsText } from '../../../lib/building-years.ts';
import { timeAgo } from '../../../lib/relative-time.ts';
import type { RatedBuildingCard } from '../model/user-buildings.ts';
import classes from './user-buildings.module.css';

/**
 * A building on the user page: cover (or a placeholder), name and years, linking to its profile.
 * The link is named by its visible text (no aria-label: axe label-content-name-mismatch).
 */
export function UserBuildingCard({ building }: { building: RatedBuildingCard }) {
  const years = buildingYearsText(building);
  const votedAt = building.voted_at ? new Date(building.voted_at) : null;
  return (
    <Paper component={Link} to={`/buildings/${building.id}`} className={classes.card} withBorder radius="md">
      <Box className={classes.cover}>
        {building.cover_image ? (
          <img src={building.cover_image} alt="" loading="lazy" className={classes.image} />
        ) : (
          <ThemeIcon variant="light" size="100%" radius={0} aria-hidden>
            <IconBuildingCommunity size={32} stroke={1.5} />
          </ThemeIcon>
        )}
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
          <Text size="xs" c="dimmed" title={votedAt.toLocaleString()}>
            Voted {timeAgo(votedAt)}
          </Text>
        )}
      </Box>
    </Paper>
  );
}
