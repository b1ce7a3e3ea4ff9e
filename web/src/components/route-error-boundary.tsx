import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { pages } from '#domain/pages';
import { t } from '../lib/i18n.ts';

/**
 * Shown in place of a route that threw while rendering or loading: what went wrong when the error
 * says (an HTTP status, an Error's message), else the title alone.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error && error.message;
  return (
    <Container size="sm" py="xl">
      <Stack gap="sm" role="alert">
        <Title order={2}>{t('Something went wrong')}</Title>
        {message && <Text c="dimmed">{message}</Text>}
        <Anchor component={Link} to={pages.explore.href()} reloadDocument>
          {t('Back to the map')}
        </Anchor>
      </Stack>
    </Container>
  );
}
