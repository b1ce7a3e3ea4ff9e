import { useEffect, useState } from 'react';
import { ActionIcon, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconMoodEmpty, IconMoodSad, IconMoodSmile } from '@tabler/icons-react';
import { useAuth, useAuthModal } from '../../../lib/auth/auth-provider.tsx';
import type { FaceFilter } from '../api/get-images.ts';
import { useImageList } from '../hooks/use-image-list.ts';
import {
  VOTED_DEFAULT_QUERY,
  VOTED_IMAGES_TEXTS,
  VOTED_SORT_OPTIONS,
  nextFace,
  votedImagesEmptyText,
} from '../model/voted-images.ts';
import { ImageListBody } from './image-list-body.tsx';
import type { ImageViewerSlots } from './image-viewer.tsx';
import classes from './images.module.css';
import { t } from '../../../lib/i18n.ts';

/** Product §9: the face filter spins for 750 ms when chosen. */
export const FACE_SPIN_MS = 750;

const FACES: { face: FaceFilter; label: string; Icon: typeof IconMoodSmile; color: string }[] = [
  { face: 'smile', label: 'Liked', Icon: IconMoodSmile, color: 'teal' },
  { face: 'meh', label: 'Neutral', Icon: IconMoodEmpty, color: 'yellow' },
  { face: 'frown', label: 'Disliked', Icon: IconMoodSad, color: 'red' },
];

interface VotedImagesProps {
  handle: string;
  slots?: ImageViewerSlots;
}

/** Product §2 'User page', Images: the images this user voted on (only they may see them). */
export function VotedImages({ handle, slots }: VotedImagesProps) {
  const { isLoggedIn } = useAuth();
  const { open } = useAuthModal();
  return (
    <Stack gap="md">
      <Title order={2}>{t('Images')}</Title>
      {isLoggedIn ? (
        <VotedImageList key={handle} handle={handle} slots={slots} />
      ) : (
        <Stack gap="xs" align="flex-start">
          <Text>{t(VOTED_IMAGES_TEXTS.loggedOut)}</Text>
          <Button variant="light" onClick={() => open({ message: VOTED_IMAGES_TEXTS.loginMessage })}>
            {t('Login')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

function VotedImageList({ handle, slots }: VotedImagesProps) {
  const { state, actions } = useImageList({ kind: 'voted', userHandle: handle }, VOTED_DEFAULT_QUERY);
  const [spinning, setSpinning] = useState<FaceFilter | null>(null);
  const { query } = state;

  // The face spins for FACE_SPIN_MS; the timer goes with the component (no update after unmount).
  useEffect(() => {
    if (spinning === null) return;
    const timer = setTimeout(() => setSpinning(null), FACE_SPIN_MS);
    return () => clearTimeout(timer);
  }, [spinning]);

  const chooseFace = (face: FaceFilter) => {
    setSpinning(face);
    actions.changeFace(nextFace(query.userVoteType, face));
  };

  return (
    <Stack gap="md">
      <Group gap="xs" role="group" aria-label={t('Filter by your vote')}>
        {FACES.map(({ face, label, Icon, color }) => {
          const active = query.userVoteType === face;
          return (
            <ActionIcon
              key={face}
              size="lg"
              radius="xl"
              variant={active ? 'filled' : 'default'}
              color={color}
              aria-label={t(label)}
              aria-pressed={active}
              onClick={() => chooseFace(face)}
            >
              <Icon size={20} aria-hidden className={spinning === face ? classes.spin : undefined} />
            </ActionIcon>
          );
        })}
      </Group>
      <ImageListBody
        query={query}
        sortOptions={VOTED_SORT_OPTIONS}
        state={state}
        actions={actions}
        label={t('Voted images')}
        texts={{
          loading: t(VOTED_IMAGES_TEXTS.loading),
          error: t(VOTED_IMAGES_TEXTS.error),
          empty: t(votedImagesEmptyText(query.userVoteType)),
        }}
        slots={slots}
      />
    </Stack>
  );
}
