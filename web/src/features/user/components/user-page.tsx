import { Container, Stack, Text, Title } from '@mantine/core';

interface UserPageProps {
  handle: string;
}

/** Spec section 2, /user/{handle}/*. Picture, joined date, lists and settings come in a later issue. */
export function UserPage({ handle }: UserPageProps) {
  return (
    <Container size="lg" py="xl">
      <Stack gap="xs" component="header">
        <Title order={1}>{handle}</Title>
        <Text c="dimmed">This profile page is not ready yet.</Text>
      </Stack>
    </Container>
  );
}
