import { NativeSelect } from '@mantine/core';
import { t } from '../../../lib/i18n.ts';

/**
 * The card list's order: undefined for newest first (the default), 'distance' for nearest the
 * map's centre first ('Near me'), as the list's query takes it (sort_by).
 */
export type CardOrder = 'distance' | undefined;

const NEWEST = 'newest';
export const CARD_ORDERS = [
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
      aria-label={t('Order of the cards')}
      title={t("Order: newest first, or nearest the map's centre first")}
      value={value ?? NEWEST}
      data={CARD_ORDERS.map((order) => ({ value: order.value, label: t(order.label) }))}
      onChange={(event) => onChange(event.currentTarget.value === 'distance' ? 'distance' : undefined)}
    />
  );
}
