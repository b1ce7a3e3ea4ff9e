import { useReducer } from 'react';
import { initialWizardState, wizardReducer } from '../model/wizard.ts';
import { CreateBuildingWizard } from './create-building-wizard.tsx';

interface CreateBuildingHostProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * The wizard with its state. Mounted by the 'Add New Building' button from the first opening on
 * and never unmounted, so closing the wizard (after a failure, or when the building already
 * exists) keeps what was typed until the user discards it. Loads with the wizard.
 */
export function CreateBuildingHost({ opened, onClose }: CreateBuildingHostProps) {
  const [state, dispatch] = useReducer(wizardReducer, initialWizardState);
  return <CreateBuildingWizard opened={opened} onClose={onClose} state={state} dispatch={dispatch} />;
}
