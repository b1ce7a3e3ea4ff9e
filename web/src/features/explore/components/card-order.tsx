import { NativeSelect } from '@mantine/core';

/**
 * The card list's order: undefined for newest first (the default), 'distance' for nearest the
 * map's centre first ('Near me'), as the list's query takes it (sort_by).
 */
export type CardOrder = 'distance' | undefined;

const NEWEST = 'newest';
const ORDERS = [
  { value: NEWEST, label: 'Newest' },
  { value: 'distance', label: 'Nearest' },
];

/**
 * The order of the cards: a native select (keyboard and screen readers work as everywhere), its
 * labels short enough to sit beside the list's heading on one line (a second line would move the
 * cards). Loaded lazily by the explore screen after its first paint.
 */
export function CardOrderSelect({
  value,
  onChange,
}: {
  value: CardOrder;
  onChange: (order: CardOrder) => void;
}) {
  return (
    <NativeSelect
      size="xs"
      aria-label="Order of the cards"
      title="Order: newest first, or nearest the map's centre first"
      value={value ?? NEWEST}
      data={ORDERS}
      onChange={(event) => onChange(event.currentTarget.value === 'distance' ? 'distance' : undefined)}
    />
  );
}
