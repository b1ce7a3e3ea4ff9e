import { List, Stack, Text, Title } from '@mantine/core';
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
      <List spacing={4}>
        {PLANNED_STATS.map((stat) => (
          <List.Item key={stat}>{t(stat)}</List.Item>
        ))}
      </List>
    </Stack>
  );
}
