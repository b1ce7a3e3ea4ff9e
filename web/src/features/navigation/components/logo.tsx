import { Group, Text } from '@mantine/core';
import { SITE_NAME } from '#domain/pages';

/**
 * The site's mark: a small building in a rounded square, with the name beside it. The name is the
 * brand, the same in every language (as in the page titles).
 */
export function Logo() {
  return (
    <Group gap={8} wrap="nowrap">
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="6" fill="var(--mantine-primary-color-filled)" />
        <path d="M8 26V12l8-6 8 6v14h-5v-7h-6v7z" fill="#fff" />
      </svg>
      <Text component="span" fw={700} size="lg" c="var(--mantine-color-text)" visibleFrom="sm">
        {SITE_NAME}
      </Text>
    </Group>
  );
}
