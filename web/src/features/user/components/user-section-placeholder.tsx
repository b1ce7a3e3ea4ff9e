import { Stack, Text, Title } from '@mantine/core';

const TEXTS = {
  lists: {
    title: 'Lists',
    text: 'The buildings this user uploaded and their lists will be shown here. This part of the profile is not built yet.',
  },
  buildings: {
    title: 'Buildings',
    text: 'The buildings this user rated will be shown here. This part of the profile is not built yet.',
  },
  images: {
    title: 'Images',
    text: 'The images this user voted on will be shown here. This part of the profile is not built yet.',
  },
} as const;

/** Honest stand-in for the user page sections that later issues fill. */
export function UserSectionPlaceholder({ section }: { section: keyof typeof TEXTS }) {
  const { title, text } = TEXTS[section];
  return (
    <Stack gap="sm">
      <Title order={2}>{title}</Title>
      <Text c="dimmed">{text}</Text>
    </Stack>
  );
}
