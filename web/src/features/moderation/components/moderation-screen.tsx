import { lazy, Suspense } from 'react';
import { Button, Container, Stack, Tabs, Text, Title } from '@mantine/core';
import { isModerator } from '#domain/roles';
import { useAuth, useAuthModal } from '../../../lib/auth/auth-provider.tsx';
import { t } from '../../../lib/i18n.ts';
import { LoadingLine } from '../../../components/query-state.tsx';
import { ReportQueue } from './report-queue.tsx';

// The log and the user actions load when their tab is first opened: the open reports come first.
const ModerationLog = lazy(() => import('./moderation-log.tsx').then((m) => ({ default: m.ModerationLog })));
const UserActions = lazy(() => import('./user-actions.tsx').then((m) => ({ default: m.UserActions })));

/** What the screen says to those who may not use it (English; translated where shown). */
export const MODERATION_TEXTS = {
  loginNeeded: 'Please log in to see the moderation screen.',
  forbidden: 'Only moderators and admins can see this page.',
} as const;

/**
 * /moderation: the open reports (one row per target, hide or dismiss), the resolved ones, the
 * moderation log and the user actions. For moderators and admins; the server checks every call
 * again, so the role here only chooses what to show.
 */
export function ModerationScreen() {
  const { user, isChecking } = useAuth();
  const authModal = useAuthModal();

  let body;
  if (isChecking) {
    body = <LoadingLine>{t('Loading...')}</LoadingLine>;
  } else if (!user) {
    body = (
      <Stack gap="sm" align="flex-start">
        <Text>{t(MODERATION_TEXTS.loginNeeded)}</Text>
        <Button onClick={() => authModal.open()}>{t('Login')}</Button>
      </Stack>
    );
  } else if (!isModerator(user)) {
    body = <Text role="alert">{t(MODERATION_TEXTS.forbidden)}</Text>;
  } else {
    body = (
      <Tabs defaultValue="open" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="open">{t('Open reports')}</Tabs.Tab>
          <Tabs.Tab value="resolved">{t('Resolved')}</Tabs.Tab>
          <Tabs.Tab value="log">{t('Log')}</Tabs.Tab>
          <Tabs.Tab value="users">{t('Users')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="open" pt="md">
          <ReportQueue status="open" />
        </Tabs.Panel>
        <Tabs.Panel value="resolved" pt="md">
          <ReportQueue status="resolved" />
        </Tabs.Panel>
        <Tabs.Panel value="log" pt="md">
          <Suspense fallback={<LoadingLine>{t('Loading...')}</LoadingLine>}>
            <ModerationLog />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="users" pt="md">
          <Suspense fallback={<LoadingLine>{t('Loading...')}</LoadingLine>}>
            <UserActions isAdmin={user.role === 'admin'} />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
    );
  }

  return (
    // Room at the end for the floating 'Add New Building' button, which would cover the last card's actions.
    <Container size="md" pt="xl" pb={96} px="md">
      <Stack gap="lg">
        <Title order={1}>{t('Moderation')}</Title>
        {body}
      </Stack>
    </Container>
  );
}
