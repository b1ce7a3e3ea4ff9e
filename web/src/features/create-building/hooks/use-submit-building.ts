import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { buildingsQueryKey } from '../../../lib/query-keys.ts';
import { showToast } from '../../../lib/toast/toast.ts';
import { createBuilding, duplicateBuildingId } from '../api/create-building.ts';
import { UPLOAD_TEXTS, uploadImages, uploadOutcomeText } from '../lib/upload-images.ts';
import { WIZARD_MESSAGES, createBuildingPayload, uploadItemsOf, type WizardState } from '../model/wizard.ts';
import { pages } from '#domain/pages';
import { t } from '../../../lib/i18n.ts';

/** Product §2: the submit button's text while the building is created and its images uploaded. */
export const SUBMITTING_TEXT = 'Creating Building & Uploading Images...';

interface SubmitBuildingOptions {
  /** The building was created: clear and close the wizard (navigation follows). */
  onCreated: () => void;
  /** The building already exists: close the wizard (what was typed stays for a later try). */
  onDuplicate: () => void;
}

/**
 * Product §4, create building: idle, submitting, processing thumbnails, then the new building's page.
 * A 409 with building_id alerts and goes to that building; any other failure alerts and keeps
 * everything typed. Call with a state that passed validateSubmission.
 */
export function useSubmitBuilding({ onCreated, onDuplicate }: SubmitBuildingOptions) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [submitting, setSubmitting] = useState(false);
  const [progress, setProgress] = useState<string | null>(null);

  const submit = async (state: WizardState) => {
    setSubmitting(true);
    setProgress(null);
    let buildingId: number;
    try {
      buildingId = await createBuilding(createBuildingPayload(state));
    } catch (error) {
      setSubmitting(false);
      const existingId = duplicateBuildingId(error);
      if (existingId !== null) {
        window.alert(t(WIZARD_MESSAGES.duplicate));
        onDuplicate();
        void navigate(pages.building.href({ id: existingId }));
        return;
      }
      console.error('Creating the building failed', error);
      window.alert(t(WIZARD_MESSAGES.createFailed));
      return;
    }

    const items = uploadItemsOf(state);
    try {
      const result = await uploadImages({
        buildingId,
        items,
        credit: state.imageCredit,
        onProgress: setProgress,
      });
      const text = uploadOutcomeText({
        uploadedCount: result.uploadedIds.length,
        failedCount: result.failedCount,
      });
      if (text) showToast({ message: text, type: 'error' });
    } catch (error) {
      // The building exists: go to it and say the images did not make it.
      console.error('Uploading the images failed', error);
      showToast({ message: UPLOAD_TEXTS.failed, type: 'error' });
    }
    void queryClient.invalidateQueries({ queryKey: buildingsQueryKey });
    setSubmitting(false);
    setProgress(null);
    onCreated();
    void navigate(pages.building.href({ id: buildingId }));
  };

  return { submit, submitting, buttonText: submitting ? (progress ?? SUBMITTING_TEXT) : 'Create Building' };
}
