import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { LOGIN_MESSAGES, LOGIN_TITLES } from '../../../lib/auth/messages.ts';
import { useRequireLogin } from '../../../lib/auth/use-require-login.ts';
import { BUILDINGS_QUERY_PREFIX, IMAGES_QUERY_PREFIX } from '../../../lib/query-keys.ts';
import { UploadDialogOnDemand } from './upload-dialog-on-demand.tsx';
import { t } from '../../../lib/i18n.ts';

export const FIRST_PHOTO_TEXTS = {
  none: 'No photos of this building yet.',
  upload: 'Upload the first image',
} as const;

/**
 * The building panel of a building nobody has photographed yet (no visible image, as 'Needs
 * photos' counts them) invites the first photo: signed in, the upload dialog opens; a visitor is
 * asked to log in ('You need to be logged in to upload images.').
 */
export function FirstPhotoInvite({ buildingId }: { buildingId: number }) {
  const [uploading, setUploading] = useState(false);
  const requireLogin = useRequireLogin(LOGIN_TITLES.default, LOGIN_MESSAGES.uploadImages);
  const queryClient = useQueryClient();
  const onUploaded = () => {
    // The building's image count, cover and image strip changed (as after a gallery upload).
    void queryClient.invalidateQueries({ queryKey: [BUILDINGS_QUERY_PREFIX] });
    void queryClient.invalidateQueries({ queryKey: [IMAGES_QUERY_PREFIX] });
  };
  return (
    <Group gap="sm" data-testid="first-photo-invite">
      <Text size="sm" c="dimmed">
        {t(FIRST_PHOTO_TEXTS.none)}
      </Text>
      <Button
        variant="light"
        size="xs"
        leftSection={<IconUpload size={16} aria-hidden />}
        onClick={() => requireLogin(() => setUploading(true))}
      >
        {t(FIRST_PHOTO_TEXTS.upload)}
      </Button>
      <UploadDialogOnDemand
        buildingId={buildingId}
        opened={uploading}
        onClose={() => setUploading(false)}
        onUploaded={onUploaded}
      />
    </Group>
  );
}
