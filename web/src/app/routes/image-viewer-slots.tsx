import { lazy, Suspense } from 'react';
import { Center, Loader, Skeleton } from '@mantine/core';
import type { ImageViewerSlots } from '../../features/images/components/image-viewer.tsx';
import { ReportButton } from '../../features/reports/components/report-button.tsx';
import { t } from '../../lib/i18n.ts';

const loadParts = () => import('./image-viewer-parts.tsx');
// Vote faces and comments appear only in the full view, which loads on demand itself: they come
// with it (ImageBrowser preloads both when an image is pointed at), not with the screen.
const ImageVoteFaces = lazy(() => loadParts().then((m) => ({ default: m.ImageVoteFaces })));
const ImageComments = lazy(() => loadParts().then((m) => ({ default: m.ImageComments })));

/** Product §2: the full image view shows the image's vote faces and comments. */
export const imageViewerSlots: ImageViewerSlots = {
  votes: (image, onVoted) => (
    <Suspense key={image.id} fallback={<Skeleton height={36} width={160} radius="xl" aria-hidden />}>
      <ImageVoteFaces image={image} onVoted={onVoted} />
    </Suspense>
  ),
  comments: (image) => (
    <Suspense
      key={image.id}
      fallback={
        <Center mih={80}>
          <Loader size="sm" role="status" aria-label={t('Loading comments')} />
        </Center>
      }
    >
      <ImageComments image={image} />
    </Suspense>
  ),
  report: (image) => <ReportButton targetType="image" targetId={image.id} label={t('Report image')} />,
  preload: () => void loadParts(),
};
