import { Button, Loader, Stack, Text } from '@mantine/core';
import { IconShieldCheck, IconUser } from '@tabler/icons-react';
import { useAuthProviders } from '../api/get-auth-providers.ts';
import { DEMO_MODERATOR_HANDLE, DEMO_USER_HANDLE, useLoginAsDev } from '../api/login-as-dev.ts';
import { useLoginWithGoogle } from '../api/login-with-google.ts';
import { GoogleSignInButton } from './google-sign-in-button.tsx';
import { t } from '../../../lib/i18n.ts';

/** The demo sign-in's accounts, when the server offers it: a user, and a moderator to try moderation. */
const DEMO_ACCOUNTS = [
  { handle: DEMO_USER_HANDLE, label: 'Continue as demo user', variant: 'default', Icon: IconUser },
  {
    handle: DEMO_MODERATOR_HANDLE,
    label: 'Continue as demo moderator',
    variant: 'subtle',
    Icon: IconShieldCheck,
  },
] as const;

/** The sign-in choices the server offers: Google's button, and the demo user and moderator when enabled. */
export function LoginProviders() {
  const providers = useAuthProviders();
  const google = useLoginWithGoogle();
  const dev = useLoginAsDev();

  if (providers.isPending) {
    return (
      <Stack align="center" py="sm" role="status" aria-label={t('Loading sign-in options')}>
        <Loader size="sm" />
      </Stack>
    );
  }
  if (providers.isError) {
    return <Text c="dimmed">{t('Sign-in is unavailable right now. Please try again later.')}</Text>;
  }

  const { google_client_id: googleClientId, dev_login: devLogin } = providers.data;
  return (
    <Stack align="center" gap="sm" py="xs">
      {googleClientId !== null && (
        <GoogleSignInButton clientId={googleClientId} onCredential={(token) => google.mutate(token)} />
      )}
      {devLogin &&
        DEMO_ACCOUNTS.map(({ handle, label, variant, Icon }) => (
          <Button
            key={handle}
            variant={variant}
            radius="xl"
            w={280}
            leftSection={<Icon size={18} aria-hidden />}
            loading={dev.isPending && dev.variables === handle}
            onClick={() => dev.mutate(handle)}
          >
            {t(label)}
          </Button>
        ))}
      {googleClientId === null && !devLogin && (
        <Text c="dimmed">{t('No sign-in method is configured on this server.')}</Text>
      )}
    </Stack>
  );
}
