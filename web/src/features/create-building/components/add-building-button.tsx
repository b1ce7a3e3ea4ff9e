import { lazy, Suspense, useReducer, useState } from 'react';
import { Affix, Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { LOGIN_MESSAGES, LOGIN_TITLES } from '../../../lib/auth/messages.ts';
import { useRequireLogin } from '../../../lib/auth/use-require-login.ts';
import { initialWizardState, wizardReducer } from '../model/wizard.ts';
import classes from './add-building-button.module.css';

// The wizard (its steps, the upload code, the preview map) loads when first opened (issue 16).
const CreateBuildingWizard = lazy(() =>
  import('./create-building-wizard.tsx').then((m) => ({ default: m.CreateBuildingWizard })),
);

/**
 * The floating 'Add New Building' button (product §2, global elements): opens the Create Building
 * wizard, login required. The wizard's state lives here so that closing it (after a failure, or
 * when the building already exists) keeps what was typed until the user discards it.
 */
export function AddBuildingButton() {
  const [opened, { open, close }] = useDisclosure(false);
  const [state, dispatch] = useReducer(wizardReducer, initialWizardState);
  const requireLogin = useRequireLogin(LOGIN_TITLES.addBuilding, LOGIN_MESSAGES.addBuilding);
  // Mounted from the first opening on, so its closing transition and kept state work as before.
  const [wanted, setWanted] = useState(false);

  return (
    <>
      {/* Hidden while the wizard is open: it would float above the wizard's overlay. */}
      {/* On phones it is a compact round button; the lists under it keep room for it at their end. */}
      <Affix position={{ bottom: 16, right: 16 }} zIndex={150} hidden={opened}>
        <Button
          size="md"
          radius="xl"
          className={classes.button}
          aria-label="Add New Building"
          leftSection={<IconPlus size={20} aria-hidden />}
          style={{ boxShadow: 'var(--mantine-shadow-md)' }}
          onClick={() =>
            requireLogin(() => {
              setWanted(true);
              open();
            })
          }
        >
          <span className={classes.label}>Add New Building</span>
        </Button>
      </Affix>
      {wanted && (
        <Suspense fallback={null}>
          <CreateBuildingWizard opened={opened} onClose={close} state={state} dispatch={dispatch} />
        </Suspense>
      )}
    </>
  );
}
