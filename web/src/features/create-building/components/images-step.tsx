import { useState, type Dispatch } from 'react';
import { ActionIcon, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import '@mantine/dropzone/styles.css';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { IMAGE_CONTENT_TYPES } from '#domain/images';
import {
  CAPTURE_YEAR_MAX_DIGITS,
  type WizardAction,
  type WizardImage,
  type WizardState,
} from '../model/wizard.ts';
import { MIN_FILE_BYTES, refuseEmptyFile } from '../../../lib/files/refuse-empty-file.ts';
import { useObjectUrl } from '../../../lib/files/use-object-url.ts';
import { ImageFields, ImageLicenseFields, type ImageFieldsValue } from '../../../components/image-fields.tsx';
import { t } from '../../../lib/i18n.ts';

interface ImagesStepProps {
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
  disabled?: boolean;
}

/** Product §9: .jpeg, .jpg, .png and .gif, by MIME type with their extensions. */
const ACCEPT = Object.entries(IMAGE_CONTENT_TYPES).reduce<Record<string, string[]>>((accept, [ext, mime]) => {
  (accept[mime] ??= []).push(ext);
  return accept;
}, {});

/** Why a file was refused, in the page's language (react-dropzone words it in English). */
function refusalText(error: FileRejection['errors'][number]): string {
  if (error.code === 'file-too-small')
    return t('File is smaller than {bytes} bytes', { bytes: MIN_FILE_BYTES });
  const accepted = /^File type must be (.+)$/.exec(error.message);
  if (error.code === 'file-invalid-type' && accepted)
    return t('File type must be {accepted}', { accepted: accepted[1]! });
  return error.message;
}

let nextKey = 0;
const imageKey = () => `image-${++nextKey}`;

/**
 * Product §2 step 4, Images: a dropzone and, per image, its type, description and capture year
 * (digits only, max 4).
 */
export function ImagesStep({ state, dispatch, disabled = false }: ImagesStepProps) {
  const [rejections, setRejections] = useState<string[]>([]);
  const onReject = (files: FileRejection[]) =>
    setRejections(
      files.map((f) =>
        t('{name}: {reasons}', { name: f.file.name, reasons: f.errors.map(refusalText).join(', ') }),
      ),
    );

  return (
    <Stack gap="sm">
      <Text c="dimmed">{t('Add some images... at least one!')}</Text>
      <Dropzone
        accept={ACCEPT}
        disabled={disabled}
        onDrop={(files) => {
          setRejections([]);
          dispatch({ type: 'addImages', images: files.map((file) => ({ key: imageKey(), file })) });
        }}
        onReject={onReject}
        validator={refuseEmptyFile}
        aria-label={t('Add images')}
      >
        <Group justify="center" gap="sm" mih={90} style={{ pointerEvents: 'none' }}>
          <Dropzone.Accept>
            <IconUpload size={36} aria-hidden />
          </Dropzone.Accept>
          <Dropzone.Idle>
            <IconPhoto size={36} aria-hidden />
          </Dropzone.Idle>
          <div>
            <Text>{t('Drag images here or click to choose files')}</Text>
            <Text size="sm" c="dimmed">
              {t('.jpeg, .jpg, .png or .gif')}
            </Text>
          </div>
        </Group>
      </Dropzone>
      {rejections.map((text) => (
        <Text key={text} size="sm" c="red">
          {text}
        </Text>
      ))}
      <Stack gap="sm" role="list" aria-label={t('Chosen images')}>
        {state.images.map((image, index) => (
          <ImageItem key={image.key} image={image} index={index} dispatch={dispatch} disabled={disabled} />
        ))}
      </Stack>
      {state.images.length > 0 && (
        <ImageLicenseFields
          value={state.imageCredit}
          onChange={(credit) => dispatch({ type: 'setImageCredit', credit })}
          disabled={disabled}
        />
      )}
    </Stack>
  );
}

function ImageItem({
  image,
  index,
  dispatch,
  disabled,
}: {
  image: WizardImage;
  index: number;
  dispatch: Dispatch<WizardAction>;
  disabled: boolean;
}) {
  const preview = useObjectUrl(image.file);
  const { key } = image;
  const onChange = (change: Partial<ImageFieldsValue>) => {
    if (change.type !== undefined) dispatch({ type: 'setImageType', key, imageType: change.type });
    if (change.description !== undefined)
      dispatch({ type: 'setImageDescription', key, value: change.description });
    if (change.captureYear !== undefined)
      dispatch({ type: 'setImageCaptureYear', key, value: change.captureYear });
  };
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      role="listitem"
      aria-label={t('Image {number}: {name}', { number: index + 1, name: image.file.name })}
    >
      <Group align="flex-start" wrap="nowrap" gap="sm">
        {preview && <Image src={preview} alt="" w={72} h={72} radius="sm" fit="cover" />}
        <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" fw={500} truncate>
              {image.file.name}
            </Text>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('Remove {name}', { name: image.file.name })}
              disabled={disabled}
              onClick={() => dispatch({ type: 'removeImage', key })}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
          <ImageFields
            value={image}
            onChange={onChange}
            disabled={disabled}
            typePlaceholder={t('Choose a type')}
            captureYearMaxLength={CAPTURE_YEAR_MAX_DIGITS}
          />
        </Stack>
      </Group>
    </Paper>
  );
}
