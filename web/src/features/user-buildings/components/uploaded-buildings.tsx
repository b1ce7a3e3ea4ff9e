import { Stack, Title } from '@mantine/core';
import { useUploadedBuildings } from '../api/get-uploaded-buildings.ts';
import { USER_BUILDINGS_TEXTS } from '../model/user-buildings.ts';
import { BuildingCardGrid } from './building-card-grid.tsx';

/** Product §2, user page Lists: 'Uploaded Buildings', the buildings this user added. */
export function UploadedBuildings({ handle }: { handle: string }) {
  const query = useUploadedBuildings(handle);
  return (
    <Stack gap="md" component="section" aria-label={USER_BUILDINGS_TEXTS.uploadedTitle}>
      <Title order={2}>{USER_BUILDINGS_TEXTS.uploadedTitle}</Title>
      <BuildingCardGrid query={query} emptyText={USER_BUILDINGS_TEXTS.noUploads} label="Uploaded buildings" />
    </Stack>
  );
}
