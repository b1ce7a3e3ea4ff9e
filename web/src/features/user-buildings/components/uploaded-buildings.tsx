import { Stack, Title } from '@mantine/core';
import { useUploadedBuildings } from '../api/get-uploaded-buildings.ts';
import { USER_BUILDINGS_TEXTS } from '../model/user-buildings.ts';
import { BuildingCardGrid } from './building-card-grid.tsx';
import { t } from '../../../lib/i18n.ts';

/** Product §2, user page Lists: 'Uploaded Buildings', the buildings this user added. */
export function UploadedBuildings({ handle }: { handle: string }) {
  const query = useUploadedBuildings(handle);
  return (
    <Stack gap="md" component="section" aria-label={t(USER_BUILDINGS_TEXTS.uploadedTitle)}>
      <Title order={2}>{t(USER_BUILDINGS_TEXTS.uploadedTitle)}</Title>
      <BuildingCardGrid
        query={query}
        emptyText={t(USER_BUILDINGS_TEXTS.noUploads)}
        label={t('Uploaded buildings')}
      />
    </Stack>
  );
}
