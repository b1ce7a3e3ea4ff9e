import { useEffect, useRef, type ReactNode } from 'react';
import { Badge, Box, Group, Paper, Text } from '@mantine/core';
import { IconMoodEmpty, IconMoodSad, IconMoodSmile } from '@tabler/icons-react';
import { BuildingCover } from '../../../components/building-cover.tsx';
import { Link, useLocation } from 'react-router';
import type { BuildingCard as BuildingCardData } from '#domain/building-list';
import { buildingYearsText, isDemolished } from '#domain/building-years';
import classes from './building-cards.module.css';
import { pages } from '#domain/pages';
import { t } from '../../../lib/i18n.ts';

interface BuildingCardProps {
  building: BuildingCardData;
  highlighted: boolean;
  onHover: (id: number | null) => void;
  /** The list's first card: its picture loads at once (BuildingCover's `eager`). */
  first?: boolean;
}

/** One building in the list: cover image (or, until it has one, a locator), name, years and vote summary. */
export function BuildingCard({ building, highlighted, onHover, first = false }: BuildingCardProps) {
  const years = buildingYearsText(building, t);
  const { upvotes, meh_votes, downvotes } = building.vote_stats;
  const ref = useRef<HTMLAnchorElement>(null);
  // The explore query (the year the map shows) goes along to the building's page.
  const { search } = useLocation();
  // A marker hovered on the map brings its card into sight (a no-op for the card under the pointer).
  useEffect(() => {
    if (highlighted) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [highlighted]);
  return (
    <Paper
      ref={ref}
      component={Link}
      to={{ pathname: pages.building.href({ id: building.id }), search }}
      className={classes.card}
      withBorder
      radius="md"
      data-building-id={building.id}
      data-highlighted={highlighted || undefined}
      onMouseEnter={() => onHover(building.id)}
      onMouseLeave={() => onHover(null)}
      onFocus={() => onHover(building.id)}
      onBlur={() => onHover(null)}
    >
      <Box className={classes.cover}>
        <BuildingCover
          coverImage={building.cover_image}
          coordinates={building.coordinates}
          className={classes.image}
          eager={first}
        />
      </Box>
      <Box className={classes.body}>
        <Text fw={600} lineClamp={2} className={classes.name}>
          {building.name}
        </Text>
        {years && (
          <Text size="sm" c="dimmed">
            {years}
          </Text>
        )}
        {isDemolished(building) && (
          <Badge size="sm" variant="light" color="gray" data-testid="demolished-badge">
            {t('Demolished')}
          </Badge>
        )}
        <Group
          gap="sm"
          mt={4}
          aria-label={t('Votes: {upvotes} smile, {meh_votes} meh, {downvotes} frown', {
            upvotes,
            meh_votes,
            downvotes,
          })}
        >
          <VoteCount icon={<IconMoodSmile size={16} aria-hidden />} count={upvotes} />
          <VoteCount icon={<IconMoodEmpty size={16} aria-hidden />} count={meh_votes} />
          <VoteCount icon={<IconMoodSad size={16} aria-hidden />} count={downvotes} />
        </Group>
      </Box>
    </Paper>
  );
}

function VoteCount({ icon, count }: { icon: ReactNode; count: number }) {
  return (
    <Group gap={2} c="dimmed" wrap="nowrap">
      {icon}
      <Text size="xs" span>
        {count}
      </Text>
    </Group>
  );
}
