import { Button } from '@mantine/core';
import { useAuthModal } from '../../../lib/auth/auth-provider.tsx';
import { LOGIN_MODAL_TITLE } from '../../../lib/auth/messages.ts';
import classes from './login-button.module.css';
import { t } from '../../../lib/i18n.ts';

/** Signed-out visitors see 'Login', which opens 'Login or create an account! :)' (product §2). */
export function LoginButton() {
  const { open } = useAuthModal();
  return (
    <Button
      variant="filled"
      className={classes.root}
      onClick={() => open({ title: LOGIN_MODAL_TITLE, message: null })}
    >
      {t('Login')}
    </Button>
  );
}
