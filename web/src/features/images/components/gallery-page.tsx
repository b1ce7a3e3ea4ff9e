import { useState } from 'react';
import { Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { LOGIN_MESSAGES, LOGIN_TITLES } from '../../../lib/auth/messages.ts';
import { useRequireLogin } from '../../../lib/auth/use-require-login.ts';
import { UploadDialogOnDemand } from './upload-dialog-on-demand.tsx';
import { BUILDINGS_QUERY_PREFIX, IMAGES_QUERY_PREFIX } from '../../../lib/query-keys.ts';
import { useImageList } from '../hooks/use-image-list.ts';
import { GALLERY_DEFAULT_QUERY } from '../model/image-list.ts';
import { ImageListBody } from './image-list-body.tsx';
import { ThroughTimeButton } from './through-time-button.tsx';
import type { ImageViewerSlots } from './image-viewer.tsx';
import { pages } from '#domain/pages';
import { t } from '../../../lib/i18n.ts';

// The dialog (the dropzone, the per-file form, the upload sequence) loads when first opened.

export const GALLERY_TEXTS = {
  loading: 'Loading images...',
  empty: 'No images yet.',
  emptyFiltered: 'No images match these types.',
  error: 'Error loading images',
  notFound: 'Building not found',
  uploadFirst: 'Upload the first image',
} as const;

interface GalleryPageProps {
  /** Null when the route's id is not a valid building id. */
  buildingId: number | null;
  /** The building's name, linked under the heading once known (the app reads the building). */
  buildingName?: string | null;
  slots?: ImageViewerSlots;
}

/** Product §2, /gallery/{buildingId}. */
export function GalleryPage({ buildingId, buildingName = null, slots }: GalleryPageProps) {
  return (
    <Container size="xl" py="xl">
      {buildingId === null ? (
        <Stack gap="md">
          <Title order={1}>{t('Gallery')}</Title>
          <Text role="alert">{t(GALLERY_TEXTS.notFound)}</Text>
        </Stack>
      ) : (
        <BuildingGallery key={buildingId} buildingId={buildingId} buildingName={buildingName} slots={slots} />
      )}
    </Container>
  );
}

interface BuildingGalleryProps {
  buildingId: number;
  buildingName: string | null;
  slots?: ImageViewerSlots;
}

function BuildingGallery({ buildingId, buildingName, slots }: BuildingGalleryProps) {
  const { state, actions } = useImageList({ kind: 'building', buildingId }, GALLERY_DEFAULT_QUERY);
  const [uploading, setUploading] = useState(false);
  const requireLogin = useRequireLogin(LOGIN_TITLES.default, LOGIN_MESSAGES.uploadImages);
  const queryClient = useQueryClient();

  const onUploaded = () => {
    // Product §4: after an upload the gallery goes back to date_added descending, page 1.
    actions.reset(GALLERY_DEFAULT_QUERY);
    // The building's image count, cover and image strip changed.
    void queryClient.invalidateQueries({ queryKey: [BUILDINGS_QUERY_PREFIX] });
    void queryClient.invalidateQueries({ queryKey: [IMAGES_QUERY_PREFIX] });
  };

  const onDeleted = (id: number) => {
    actions.removeImage(id);
    void queryClient.invalidateQueries({ queryKey: [BUILDINGS_QUERY_PREFIX] });
    void queryClient.invalidateQueries({ queryKey: [IMAGES_QUERY_PREFIX] });
  };

  const { query } = state;
  const upload = () => requireLogin(() => setUploading(true));
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap">
        {/* The heading stays 'Gallery' (product §2); the building it shows is named right under it. */}
        <Stack gap={2}>
          <Title order={1}>{t('Gallery')}</Title>
          {buildingName !== null && (
            <Anchor component={Link} to={pages.building.href({ id: buildingId })} size="lg" fw={500}>
              {buildingName}
            </Anchor>
          )}
        </Stack>
        <Group gap="sm">
          <Anchor component={Link} to={pages.building.href({ id: buildingId })}>
            {t('See Building Page')}
          </Anchor>
          <ThroughTimeButton buildingId={buildingId} />
          <Button leftSection={<IconUpload size={16} aria-hidden />} onClick={upload}>
            {t('Upload Image(s)')}
          </Button>
        </Group>
      </Group>
      <ImageListBody
        query={query}
        state={state}
        actions={actions}
        label={t('Gallery images')}
        texts={{
          loading: t(GALLERY_TEXTS.loading),
          error: t(GALLERY_TEXTS.error),
          empty: t(query.imageTypes.length > 0 ? GALLERY_TEXTS.emptyFiltered : GALLERY_TEXTS.empty),
        }}
        onDeleted={onDeleted}
        slots={slots}
        emptyAction={
          query.imageTypes.length === 0 && (
            <Button variant="light" leftSection={<IconUpload size={16} aria-hidden />} onClick={upload}>
              {t(GALLERY_TEXTS.uploadFirst)}
            </Button>
          )
        }
      />
      <UploadDialogOnDemand
        buildingId={buildingId}
        opened={uploading}
        onClose={() => setUploading(false)}
        onUploaded={onUploaded}
      />
    </Stack>
  );
}
