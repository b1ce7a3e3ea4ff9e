import { useReducer } from 'react';
import { Affix, Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { LOGIN_MESSAGES, LOGIN_TITLES } from '../../../lib/auth/messages.ts';
import { useRequireLogin } from '../../../lib/auth/use-require-login.ts';
import { initialWizardState, wizardReducer } from '../model/wizard.ts';
import { CreateBuildingWizard } from './create-building-wizard.tsx';

/**
 * The floating 'Add New Building' button (spec 2, global elements): opens the Create Building
 * wizard, login required. The wizard's state lives here so that closing it (after a failure, or
 * when the building already exists) keeps what was typed until the user discards it.
 */
export function AddBuildingButton() {
  const [opened, { open, close }] = useDisclosure(false);
  const [state, dispatch] = useReducer(wizardReducer, initialWizardState);
  const requireLogin = useRequireLogin(LOGIN_TITLES.addBuilding, LOGIN_MESSAGES.addBuilding);

  return (
    <>
      {/* Hidden while the wizard is open: it would float above the wizard's overlay. */}
      <Affix position={{ bottom: 24, right: 24 }} zIndex={150} hidden={opened}>
        <Button
          size="md"
          radius="xl"
          leftSection={<IconPlus size={20} aria-hidden />}
          style={{ boxShadow: 'var(--mantine-shadow-md)' }}
          onClick={() => requireLogin(open)}
        >
          Add New Building
        </Button>
      </Affix>
      <CreateBuildingWizard opened={opened} onClose={close} state={state} dispatch={dispatch} />
    </>
  );
}
