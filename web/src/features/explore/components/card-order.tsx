import { NativeSelect } from '@mantine/core';

/** The card list's orders: newest first (the default) or nearest the map's centre ('Near me'). */
export type CardOrder = 'newest' | 'distance';

const ORDERS: { value: CardOrder; label: string }[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'distance', label: "Nearest the map's centre" },
];

/**
 * The order of the cards: a native select (keyboard and screen readers work as everywhere).
 * Loaded lazily by the explore screen after its first paint.
 */
export function CardOrderSelect({ value, onChange }: { value: CardOrder; onChange: (order: CardOrder) => void }) {
  return (
    <NativeSelect
      size="xs"
      aria-label="Order of the cards"
      value={value}
      data={ORDERS}
      onChange={(event) => onChange(event.currentTarget.value as CardOrder)}
    />
  );
}
