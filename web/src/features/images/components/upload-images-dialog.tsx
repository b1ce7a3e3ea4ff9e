import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Button,
  CloseButton,
  Group,
  Image as MantineImage,
  List,
  Modal,
  Stack,
  Text,
} from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import '@mantine/dropzone/styles.css';
import { IconPhotoPlus } from '@tabler/icons-react';
import { ImageFields, ImageLicenseFields, type ImageCredit } from '../../../components/image-fields.tsx';
import {
  DEFAULT_IMAGE_LICENSE,
  DEFAULT_MAX_UPLOAD_BYTES,
  IMAGE_CONTENT_TYPES,
  UPLOAD_MAX_FILES,
  type ImageType,
} from '#domain/images';
import { uploadImages } from '../../../lib/uploads/upload-sequence.ts';
import { UPLOAD_TEXTS, uploadOutcomeText } from '../../../lib/uploads/upload.ts';
import {
  CAPTURE_YEAR_MAX_CHARS,
  hasProblems,
  parseCaptureYear,
  rejectionMessages,
  uploadFormProblems,
  type UploadFormItem,
  type UploadFormProblems,
} from '../model/upload-form.ts';
import classes from './images.module.css';
import { MIN_FILE_BYTES, refuseEmptyFile } from '../../../lib/files/refuse-empty-file.ts';
import { useObjectUrl } from '../../../lib/files/use-object-url.ts';
import { t } from '../../../lib/i18n.ts';
import { plural } from '../../../lib/i18n-plural.ts';

/** Product §9: .jpeg, .jpg, .png and .gif, by MIME type and extension. */
const ACCEPT: Record<string, string[]> = {};
for (const [ext, type] of Object.entries(IMAGE_CONTENT_TYPES)) (ACCEPT[type] ??= []).push(ext);

export interface UploadImagesDialogProps {
  buildingId: number;
  opened: boolean;
  onClose: () => void;
  /** After a finished upload, with the ids of the images that made it. */
  onUploaded: (imageIds: number[]) => void;
  maxSize?: number;
}

type Phase = { kind: 'editing' } | { kind: 'busy'; text: string };

let nextKey = 0;

/**
 * Product §2, 4 and 5 'Upload dialog': a dropzone, then a form per file (type required, description,
 * capture year); while uploading and processing the button shows the progress and is disabled.
 * When done the list is cleared, the dialog closes and the new ids go to the caller; an image whose
 * thumbnails failed (refused by the server: not an image, or beyond the pixel bounds) keeps the
 * dialog open with the file's name and the server's reason. Files and
 * typed values stay after a failure while the dialog is open, so a retry is one click; closing the
 * dialog clears them (they reappeared when it was opened again later). Empty (0-byte)
 * files are refused with 'File is smaller than 1 bytes' (product §5).
 */
export function UploadImagesDialog({
  buildingId,
  opened,
  onClose,
  onUploaded,
  maxSize = DEFAULT_MAX_UPLOAD_BYTES,
}: UploadImagesDialogProps) {
  const [items, setItems] = useState<UploadFormItem[]>([]);
  const [rejected, setRejected] = useState<{ fileName: string; messages: string[] }[]>([]);
  const [problems, setProblems] = useState<UploadFormProblems | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  /** Files stored whose thumbnails failed, with the server's reason (why the image was refused). */
  const [unprocessed, setUnprocessed] = useState<{ fileName: string; reason: string }[]>([]);
  const [phase, setPhase] = useState<Phase>({ kind: 'editing' });
  const [credit, setCredit] = useState<ImageCredit>({ license: DEFAULT_IMAGE_LICENSE, author: '' });
  const abort = useRef<AbortController | null>(null);
  const busy = phase.kind === 'busy';

  // Closed means done: the next opening starts empty (state reset on a prop change, during render).
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (!opened) {
      setItems([]);
      setRejected([]);
      setProblems(null);
      setFailure(null);
      setUnprocessed([]);
    }
  }
  const room = UPLOAD_MAX_FILES - items.length;

  useEffect(() => () => abort.current?.abort(), []);

  // One handler for both outcomes of a drop: the accepted files join the form, the refused ones
  // are named (react-dropzone reports them in separate callbacks, one after the other).
  const dropped = (files: File[], rejections: FileRejection[]) => {
    setRejected(rejectionMessages(rejections, { maxSize, minSize: MIN_FILE_BYTES }));
    if (files.length === 0) return;
    setFailure(null);
    setUnprocessed([]);
    setItems((current) => [
      ...current,
      ...files.map((file) => ({
        key: `f${(nextKey += 1)}`,
        file,
        type: null,
        description: '',
        captureYear: '',
      })),
    ]);
  };

  const update = (key: string, change: Partial<UploadFormItem>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
    if (problems) setProblems(null);
  };

  const remove = (key: string) => {
    setItems((current) => current.filter((item) => item.key !== key));
    setProblems(null);
  };

  const submit = async () => {
    const found = uploadFormProblems(items);
    if (hasProblems(found)) {
      setProblems(found);
      return;
    }
    setProblems(null);
    setFailure(null);
    setUnprocessed([]);
    setPhase({ kind: 'busy', text: UPLOAD_TEXTS.uploading });
    const controller = new AbortController();
    abort.current = controller;
    const sent = items;
    try {
      const result = await uploadImages({
        buildingId,
        items: sent.map((item) => ({
          file: item.file,
          type: item.type as ImageType,
          description: item.description.trim() || null,
          captureYear: parseCaptureYear(item.captureYear) ?? null,
        })),
        credit,
        onProgress: (text) => {
          if (!controller.signal.aborted) setPhase({ kind: 'busy', text: text ?? UPLOAD_TEXTS.uploading });
        },
        signal: controller.signal,
      });
      if (controller.signal.aborted) return;
      setPhase({ kind: 'editing' });
      const message = uploadOutcomeText({
        uploadedCount: result.uploadedIds.length,
        failedCount: result.failedCount,
      });
      // Files that did not make it stay in the form, with what was typed about them.
      const failedKeys = new Set(result.failedIndexes.map((i) => sent[i]?.key));
      setItems((current) => current.filter((item) => failedKeys.has(item.key)));
      setFailure(message);
      // A refused image is not worth sending again: it leaves the form, and its reason stays.
      setUnprocessed(
        result.processingFailures.map((f) => ({
          fileName: sent[f.index]?.file.name ?? t('Image {id}', { id: f.imageId }),
          reason: f.reason ?? UPLOAD_TEXTS.notProcessed,
        })),
      );
      if (result.uploadedIds.length > 0) onUploaded(result.uploadedIds);
      if (result.failedCount === 0 && result.processingFailures.length === 0) onClose();
    } catch (error) {
      if (controller.signal.aborted) return;
      console.error('Uploading images failed', error);
      setPhase({ kind: 'editing' });
      setFailure(UPLOAD_TEXTS.failed);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!busy) onClose();
      }}
      title={t('Upload Image(s)')}
      size="lg"
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      withCloseButton={!busy}
    >
      <Stack gap="md">
        <Dropzone
          onDrop={() => {}}
          onDropAny={dropped}
          accept={ACCEPT}
          maxSize={maxSize}
          validator={refuseEmptyFile}
          maxFiles={Math.max(1, room)}
          disabled={busy || room <= 0}
          multiple
          aria-label={t('Choose images to upload')}
          inputProps={{ 'aria-label': t('Image files') }}
        >
          <Group justify="center" gap="sm" mih={90} style={{ pointerEvents: 'none' }}>
            <IconPhotoPlus size={36} stroke={1.5} aria-hidden />
            <div>
              <Text size="lg">{t('Drop images here or click to choose')}</Text>
              <Text size="sm" c="dimmed">
                {plural('JPEG, PNG or GIF, up to {count, plural, one {# file} other {# files}}', {
                  count: UPLOAD_MAX_FILES,
                })}
              </Text>
            </div>
          </Group>
        </Dropzone>

        {rejected.length > 0 && (
          <Alert color="red" title={t('Some files were not added')} role="alert">
            <List size="sm">
              {rejected.map((r, i) => (
                <List.Item key={`${r.fileName}-${i}`}>
                  {r.fileName}: {r.messages.join(', ')}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}

        {items.length > 0 && (
          <Stack gap="sm" component="ul" className={classes.uploadList} aria-label={t('Chosen images')}>
            {items.map((item) => (
              <UploadItemForm
                key={item.key}
                item={item}
                disabled={busy}
                yearError={problems?.captureYear[item.key]}
                typeMissing={problems?.message !== null && problems !== null && item.type === null}
                onChange={(change) => update(item.key, change)}
                onRemove={() => remove(item.key)}
              />
            ))}
          </Stack>
        )}

        {items.length > 0 && <ImageLicenseFields value={credit} onChange={setCredit} disabled={busy} />}

        {problems?.message && (
          <Text c="red" role="alert">
            {problems.message}
          </Text>
        )}
        {failure && (
          <Text c="red" role="alert">
            {t(failure)}
          </Text>
        )}
        {unprocessed.length > 0 && (
          <Alert color="red" title={t(UPLOAD_TEXTS.notProcessedTitle)} role="alert">
            <List size="sm">
              {unprocessed.map((u, i) => (
                <List.Item key={`${u.fileName}-${i}`}>
                  {u.fileName}: {t(u.reason)}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}

        <Group justify="flex-end">
          <Button onClick={() => void submit()} disabled={busy || items.length === 0} aria-live="polite">
            {busy ? t(phase.text) : t('Upload')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

interface UploadItemFormProps {
  item: UploadFormItem;
  disabled: boolean;
  yearError: string | undefined;
  typeMissing: boolean;
  onChange: (change: Partial<UploadFormItem>) => void;
  onRemove: () => void;
}

function UploadItemForm({ item, disabled, yearError, typeMissing, onChange, onRemove }: UploadItemFormProps) {
  const name = item.file.name;
  const preview = useObjectUrl(item.file);
  return (
    <li className={classes.uploadItem} aria-label={name}>
      <MantineImage
        src={preview ?? undefined}
        alt={t('Preview of {name}', { name })}
        w={96}
        h={96}
        fit="cover"
        radius="sm"
      />
      <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" fw={500} truncate>
            {name}
          </Text>
          <CloseButton aria-label={t('Remove {name}', { name })} onClick={onRemove} disabled={disabled} />
        </Group>
        <ImageFields
          value={item}
          onChange={onChange}
          disabled={disabled}
          typePlaceholder={t('Select a type')}
          captureYearMaxLength={CAPTURE_YEAR_MAX_CHARS}
          typeMissing={typeMissing}
          captureYearError={yearError}
        />
      </Stack>
    </li>
  );
}
