import { Stack, Text, Title } from '@mantine/core';
import { t } from '../../../lib/i18n.ts';

export const PLANNED_STATS = [
  'Total buildings',
  'Total comments',
  'Total likes',
  'Followers',
  'Following',
  'Uploaded architecture styles',
  'Weekly building throughput',
  'Histogram of liked styles',
  'Histogram of disliked styles',
];

/** Product §2, Stats: a placeholder listing the planned statistics. */
export function UserStats() {
  return (
    <Stack gap="sm">
      <Title order={2}>{t('Stats')}</Title>
      <Text c="dimmed">{t('Statistics are coming soon. Planned:')}</Text>
      {/* A plain list: Mantine's List would be this route's only user of its code (≈ 0.7 KB). */}
      <ul style={{ margin: 0, paddingInlineStart: 'var(--mantine-spacing-xl)' }}>
        {PLANNED_STATS.map((stat) => (
          <li key={stat} style={{ marginBlock: 4 }}>
            {t(stat)}
          </li>
        ))}
      </ul>
    </Stack>
  );
}
