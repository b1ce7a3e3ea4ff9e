import { useState, type ReactNode } from 'react';
import { ActionIcon, Anchor, Badge, Button, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  canRelicense,
  IMAGE_LICENSE_INFO,
  IMAGE_LICENSES,
  imageTypeLabel,
  RENDITION_SIZES,
  type Image,
} from '#domain/images';
import { HiddenByModeratorsBadge } from '../../../components/moderation-badges.tsx';
import { ImageLicenseFields, type ImageCredit } from '../../../components/image-fields.tsx';
import type { VoteResult } from '#domain/votes';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { deleteImage } from '../api/delete-image.ts';
import { updateImageCredit } from '../api/update-image-credit.ts';
import { renditionSize } from '../model/rendition-size.ts';
import { imageName } from './image-grid.tsx';
import classes from './images.module.css';
import { pages } from '#domain/pages';
import { isModerator } from '#domain/roles';
import { t } from '../../../lib/i18n.ts';
import { tNodes } from '../../../lib/i18n-nodes.ts';

export const DELETE_IMAGE_QUESTION = 'Are you sure you want to delete this image?';

/** Parts of the full view that other features fill (composed in web/src/app). */
export interface ImageViewerSlots {
  /** Vote faces for the image; `onVoted` stores the answer in the list. */
  votes?: (image: Image, onVoted: (result: VoteResult) => void) => ReactNode;
  /** The image's comments. */
  comments?: (image: Image) => ReactNode;
  /** The 'Report' action, shown to everyone but the image's owner. */
  report?: (image: Image) => ReactNode;
  /** Starts loading what the slots show, when the full view is about to open. */
  preload?: () => void;
}

export type ImageChange = Pick<Image, 'id'> & Partial<Image>;

export interface ImageViewerProps {
  images: readonly Image[];
  /** The image shown; null when closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** After its owner deleted the image. */
  onDeleted: (id: number) => void;
  /** A changed image (new vote counts). */
  onImageChange?: (image: ImageChange) => void;
  slots?: ImageViewerSlots;
}

/**
 * The full view of one image of a list (product §2): the 1600 px rendition, previous/next, vote
 * faces, type, description, capture year, who added it, its comments, and for its owner a
 * remove button. Keys are the host's (hooks/use-viewer-keys.ts).
 */
export function ImageViewer({
  images,
  index,
  onIndexChange,
  onClose,
  onDeleted,
  onImageChange,
  slots = {},
}: ImageViewerProps) {
  const image = index === null ? undefined : images[index];
  return (
    <Modal
      opened={image !== undefined}
      onClose={onClose}
      title={
        image && index !== null
          ? t('Image {number} of {count}', { number: index + 1, count: images.length })
          : t('Image')
      }
      size="90%"
      centered
    >
      {image && index !== null && (
        <ImageDetails
          key={image.id}
          image={image}
          index={index}
          count={images.length}
          onIndexChange={onIndexChange}
          onDeleted={onDeleted}
          onImageChange={onImageChange}
          slots={slots}
        />
      )}
    </Modal>
  );
}

interface ImageDetailsProps {
  image: Image;
  index: number;
  count: number;
  onIndexChange: (index: number) => void;
  onDeleted: (id: number) => void;
  onImageChange?: (image: ImageChange) => void;
  slots: ImageViewerSlots;
}

function ImageDetails({
  image,
  index,
  count,
  onIndexChange,
  onDeleted,
  onImageChange,
  slots,
}: ImageDetailsProps) {
  const { user } = useAuth();
  // Product §6: the user who added an image can delete it, and so can moderators and admins.
  const isOwner = user !== null && user.id === image.added_by.id;
  const canChange = isOwner || isModerator(user);
  const size = renditionSize(image, RENDITION_SIZES[1]);
  const name = imageName(image, index);
  const onVoted = (result: VoteResult) =>
    onImageChange?.({ id: image.id, vote_stats: result.vote_stats, user_vote: result.user_vote });

  return (
    <Stack gap="sm">
      <div className={classes.viewerFrame} tabIndex={-1} data-autofocus>
        <img
          className={classes.viewerImage}
          src={image.url_large}
          alt={name}
          width={size.width}
          height={size.height}
        />
        {index > 0 && (
          <ActionIcon
            className={classes.stepPrev}
            variant="default"
            size="lg"
            radius="xl"
            aria-label={t('Previous image')}
            onClick={() => onIndexChange(index - 1)}
          >
            <IconChevronLeft aria-hidden />
          </ActionIcon>
        )}
        {index < count - 1 && (
          <ActionIcon
            className={classes.stepNext}
            variant="default"
            size="lg"
            radius="xl"
            aria-label={t('Next image')}
            onClick={() => onIndexChange(index + 1)}
          >
            <IconChevronRight aria-hidden />
          </ActionIcon>
        )}
      </div>
      <Group justify="space-between" wrap="wrap" gap="sm">
        {slots.votes?.(image, onVoted)}
        {canChange && <RemoveImage imageId={image.id} onDeleted={onDeleted} />}
        {!isOwner && slots.report?.(image)}
      </Group>
      <Group gap="sm" wrap="wrap">
        <HiddenByModeratorsBadge hidden={image.hidden} />
        <Badge variant="light">{t(imageTypeLabel(image.image_type))}</Badge>
        {image.capture_year !== null && (
          <Text size="sm">{t('Captured in {year}', { year: image.capture_year })}</Text>
        )}
        <Text size="sm" c="dimmed">
          {tNodes('Added by {user}', {
            user: (
              <Anchor
                component={Link}
                to={pages.user.href({ handle: image.added_by.handle })}
                underline="always"
              >
                {image.added_by.handle}
              </Anchor>
            ),
          })}
        </Text>
      </Group>
      {image.description && <Text className={classes.description}>{image.description}</Text>}
      <ImageCreditLine image={image} isOwner={canChange} onImageChange={onImageChange} />
      {slots.comments && (
        <>
          <Divider />
          {slots.comments(image)}
        </>
      )}
    </Stack>
  );
}

/** The owner's remove button with its question (product §5); a failure is only logged (product §8). */
function RemoveImage({ imageId, onDeleted }: { imageId: number; onDeleted: (id: number) => void }) {
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  if (!confirming) {
    return (
      <Button
        variant="light"
        color="red"
        size="xs"
        leftSection={<IconTrash size={16} aria-hidden />}
        onClick={() => setConfirming(true)}
      >
        {t('Remove')}
      </Button>
    );
  }
  const remove = () => {
    setDeleting(true);
    deleteImage(imageId).then(
      () => onDeleted(imageId),
      (error: unknown) => {
        console.error(`Failed to delete image ${imageId}`, error);
        setDeleting(false);
        setConfirming(false);
      },
    );
  };
  return (
    <Group gap="xs" role="group" aria-label={t('Delete image')}>
      <Text size="sm">{t(DELETE_IMAGE_QUESTION)}</Text>
      <Button variant="default" size="xs" onClick={() => setConfirming(false)} disabled={deleting}>
        {t('Cancel')}
      </Button>
      <Button color="red" size="xs" onClick={remove} loading={deleting}>
        {t('Delete')}
      </Button>
    </Group>
  );
}

/**
 * '© author · licence' with the licence's deed linked; its owner may change the credit,
 * or the licence toward a more open one.
 */
function ImageCreditLine({
  image,
  isOwner,
  onImageChange,
}: {
  image: Image;
  isOwner: boolean;
  onImageChange?: (image: ImageChange) => void;
}) {
  const [editing, setEditing] = useState<ImageCredit | null>(null);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const info = IMAGE_LICENSE_INFO[image.license];
  if (editing) {
    const save = () => {
      setSaving(true);
      setFailed(false);
      updateImageCredit(image.id, { license: editing.license, author: editing.author.trim() || null }).then(
        (changed) => {
          onImageChange?.({
            id: image.id,
            license: changed.license,
            author: changed.author,
            author_is_set: changed.author_is_set,
          });
          setSaving(false);
          setEditing(null);
        },
        (error: unknown) => {
          console.error(`Failed to change the credit of image ${image.id}`, error);
          setSaving(false);
          setFailed(true);
        },
      );
    };
    return (
      <Stack gap="xs" role="group" aria-label={t('Credit and licence')}>
        <ImageLicenseFields
          value={editing}
          onChange={setEditing}
          disabled={saving}
          licenses={IMAGE_LICENSES.filter((l) => canRelicense(image.license, l))}
          defaultAuthor={image.added_by.handle}
        />
        {failed && (
          <Text size="sm" c="red" role="alert">
            {t('Failed to change the credit')}
          </Text>
        )}
        <Group gap="xs">
          <Button size="xs" onClick={save} loading={saving}>
            {t('Save credit')}
          </Button>
          <Button size="xs" variant="default" onClick={() => setEditing(null)} disabled={saving}>
            {t('Cancel')}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm" data-testid="image-credit">
        © {image.author} ·{' '}
        <Anchor href={info.url} target="_blank" rel="noopener noreferrer license" underline="always">
          {info.name}
        </Anchor>
      </Text>
      {isOwner && (
        <Button
          variant="subtle"
          size="compact-xs"
          onClick={() =>
            setEditing({ license: image.license, author: image.author_is_set ? image.author : '' })
          }
        >
          {t('Edit credit')}
        </Button>
      )}
    </Group>
  );
}
