import { useEffect, useRef, useState } from 'react';
import { Text, useComputedColorScheme } from '@mantine/core';
import { initializeGoogleIdentity, loadGoogleIdentity } from '../lib/google-identity.ts';
import { currentLanguage, t } from '../../../lib/i18n.ts';

interface GoogleSignInButtonProps {
  clientId: string;
  onCredential: (credential: string) => void;
}

const BUTTON_WIDTH = 280;

/** Google's own button (google.accounts.id.renderButton); its credential goes to onCredential. */
export function GoogleSignInButton({ clientId, onCredential }: GoogleSignInButtonProps) {
  const container = useRef<HTMLDivElement>(null);
  const handler = useRef(onCredential);
  const colorScheme = useComputedColorScheme('light');
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    handler.current = onCredential;
  }, [onCredential]);

  useEffect(() => {
    let cancelled = false;
    loadGoogleIdentity()
      .then((id) => {
        const parent = container.current;
        if (cancelled || !parent) return;
        initializeGoogleIdentity(id, clientId, (credential) => handler.current(credential));
        parent.replaceChildren();
        id.renderButton(parent, {
          type: 'standard',
          theme: colorScheme === 'dark' ? 'filled_black' : 'outline',
          size: 'large',
          text: 'continue_with',
          shape: 'pill',
          width: BUTTON_WIDTH,
          // Google writes its button's text ('Continue with Google') in the page's language.
          locale: currentLanguage(),
        });
      })
      .catch((error: unknown) => {
        console.error('Google sign-in is unavailable', error);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [clientId, colorScheme]);

  if (failed)
    return <Text c="dimmed">{t('Google sign-in could not be loaded. Please try again later.')}</Text>;
  return <div ref={container} data-testid="google-sign-in" style={{ minHeight: 44 }} />;
}
