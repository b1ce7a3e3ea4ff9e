import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { pages } from '#domain/pages';

/** Shown in place of a route that threw while rendering or loading. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';
  return (
    <Container size="sm" py="xl">
      <Stack gap="sm" role="alert">
        <Title order={2}>Something went wrong</Title>
        <Text c="dimmed">{message}</Text>
        <Anchor component={Link} to={pages.explore.href()} reloadDocument>
          Back to the map
        </Anchor>
      </Stack>
    </Container>
  );
}
