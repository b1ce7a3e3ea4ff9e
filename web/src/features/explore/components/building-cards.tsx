import type { ReactNode } from 'react';
import { Box, Center, Group, Loader, Pagination, Stack, Text, Title } from '@mantine/core';
import type { BuildingCard as BuildingCardData } from '#domain/building-list';
import { BuildingCard } from './building-card.tsx';
import classes from './building-cards.module.css';
import { t } from '../../../lib/i18n.ts';

interface BuildingCardsProps {
  cards: readonly BuildingCardData[];
  /** Buildings matching the filters in view, across pages. */
  total: number;
  /** false: the server stopped counting, at least `total` match (shown as '10000+'). */
  totalExact?: boolean;
  /** True until the first answer. */
  loading: boolean;
  error: boolean;
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
  highlightedIds: readonly number[];
  onHoverBuilding: (id: number | null) => void;
  /** Narrow screens (product §9: width 767 or less) show a count note instead of the heading. */
  narrow: boolean;
  /** The order select (newest, nearest), in the header; its room is kept before it loads. */
  orderControl?: ReactNode;
}

/** Product §2, explore screen: the card list of the buildings in view. */
export function BuildingCards({
  cards,
  total,
  totalExact = true,
  loading,
  error,
  page,
  pages,
  onPageChange,
  highlightedIds,
  onHoverBuilding,
  narrow,
  orderControl,
}: BuildingCardsProps) {
  const count = totalExact ? String(total) : `${total}+`;
  return (
    <Box className={classes.root} component="section" aria-label={t('Buildings in view')}>
      <Box className={classes.header}>
        <Group justify="space-between" mih={30} gap="xs" wrap="nowrap">
          {narrow ? (
            <Text size="sm" c="dimmed" role="status">
              {loading ? t('Loading buildings...') : t('Showing {count} buildings worldwide', { count })}
            </Text>
          ) : (
            <Group align="baseline" gap="xs">
              <Title order={2} size="h4">
                {t('Buildings in view')}
              </Title>
              {!loading && (
                <Text size="sm" c="dimmed">
                  {count}
                </Text>
              )}
            </Group>
          )}
          {orderControl}
        </Group>
      </Box>
      {/* The browser's own scrolling (Mantine's ScrollArea measures and renders again after each commit). */}
      <div className={classes.scroll}>
        {loading ? (
          <Center p="lg">
            <Loader size="sm" />
          </Center>
        ) : error ? (
          <Text c="red" p="md" role="alert">
            {t('Error loading buildings')}
          </Text>
        ) : cards.length === 0 ? (
          <Text c="dimmed" p="md">
            {t('No buildings here. Move the map or change the filters.')}
          </Text>
        ) : (
          // A new answer is a new list, not the old cards moved: keyed by its ids, it replaces the old
          // one in place. Cards moved to other rows count as a layout shift (CLS).
          <Stack
            key={cards.map((c) => c.id).join(',')}
            gap="sm"
            p="sm"
            component="ul"
            className={classes.list}
          >
            {cards.map((card, index) => (
              <li key={card.id}>
                <BuildingCard
                  building={card}
                  first={index === 0}
                  highlighted={highlightedIds.includes(card.id)}
                  onHover={onHoverBuilding}
                />
              </li>
            ))}
          </Stack>
        )}
        <Box className={classes.footer}>
          {pages > 1 && (
            <Center>
              <Pagination
                size="sm"
                total={pages}
                value={page}
                onChange={onPageChange}
                getControlProps={(control) => ({ 'aria-label': t(`${control} page`) })}
              />
            </Center>
          )}
        </Box>
      </div>
    </Box>
  );
}
