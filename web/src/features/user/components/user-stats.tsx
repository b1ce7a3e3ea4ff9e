import { List, Stack, Text, Title } from '@mantine/core';

const PLANNED_STATS = [
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
      <Title order={2}>Stats</Title>
      <Text c="dimmed">Statistics are coming soon. Planned:</Text>
      <List spacing={4}>
        {PLANNED_STATS.map((stat) => (
          <List.Item key={stat}>{stat}</List.Item>
        ))}
      </List>
    </Stack>
  );
}
