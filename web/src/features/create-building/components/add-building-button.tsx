import { lazy, Suspense, useState } from 'react';
import { Affix, Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { LOGIN_MESSAGES, LOGIN_TITLES } from '../../../lib/auth/messages.ts';
import { useRequireLogin } from '../../../lib/auth/use-require-login.ts';
import classes from './add-building-button.module.css';
import { t } from '../../../lib/i18n.ts';

// The wizard (its state and rules, its steps, the upload code, the preview map) loads when first
// opened.
const CreateBuildingHost = lazy(() =>
  import('./create-building-host.tsx').then((m) => ({ default: m.CreateBuildingHost })),
);

/**
 * The floating 'Add New Building' button (product §2, global elements): opens the Create Building
 * wizard, login required. The wizard and its state stay mounted from the first opening on, so
 * closing it (after a failure, or when the building already exists) keeps what was typed until the
 * user discards it.
 */
export function AddBuildingButton() {
  const [opened, { open, close }] = useDisclosure(false);
  const requireLogin = useRequireLogin(LOGIN_TITLES.addBuilding, LOGIN_MESSAGES.addBuilding);
  // Mounted from the first opening on, so its closing transition and kept state work as before.
  const [wanted, setWanted] = useState(false);

  return (
    <>
      {/* Hidden while the wizard is open: it would float above the wizard's overlay. */}
      {/* On phones it is a compact round button; the lists under it keep room for it at their end. */}
      {/* In place, not in a portal: a portal mounts by setting state as React commits, a second
          render of the page in the same task. Fixed, it floats where a portal would put it. */}
      <Affix position={{ bottom: 16, right: 16 }} zIndex={150} hidden={opened} withinPortal={false}>
        <Button
          size="md"
          radius="xl"
          className={classes.button}
          aria-label={t('Add New Building')}
          leftSection={<IconPlus size={20} aria-hidden />}
          style={{ boxShadow: 'var(--mantine-shadow-md)' }}
          onClick={() =>
            requireLogin(() => {
              setWanted(true);
              open();
            })
          }
        >
          <span className={classes.label}>{t('Add New Building')}</span>
        </Button>
      </Affix>
      {wanted && (
        <Suspense fallback={null}>
          <CreateBuildingHost opened={opened} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
