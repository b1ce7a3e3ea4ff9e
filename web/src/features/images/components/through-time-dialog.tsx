import { useState } from 'react';
import { Group, Loader, Modal, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PER_PAGE_MAX } from '#domain/constants';
import type { Image } from '#domain/images';
import { imageKeys } from '../../../lib/query-keys.ts';
import { getImages } from '../api/get-images.ts';
import { THROUGH_TIME_TEXTS, datedPhotos, defaultPair, yearLabel } from '../model/through-time.ts';
import { CompareSlider } from './compare-slider.tsx';
import classes from './through-time.module.css';
import { t } from '../../../lib/i18n.ts';

interface ThroughTimeDialogProps {
  buildingId: number;
  opened: boolean;
  onClose: () => void;
}

/** A building's photos by capture year (the first PER_PAGE_MAX), those without one last. */
function useThroughTime(buildingId: number, enabled: boolean) {
  return useQuery({
    queryKey: imageKeys.throughTime(buildingId),
    queryFn: ({ signal }) =>
      getImages(
        {
          scope: { kind: 'building', buildingId },
          query: { sortBy: 'capture_date', sortOrder: 'asc', imageTypes: [] },
          page: 1,
          perPage: PER_PAGE_MAX,
        },
        signal,
      ),
    enabled,
  });
}

/** 'Through time' (loaded on first use): the photos by year, and two of them compared. */
export function ThroughTimeDialog({ buildingId, opened, onClose }: ThroughTimeDialogProps) {
  const photos = useThroughTime(buildingId, opened);
  return (
    <Modal opened={opened} onClose={onClose} title={t(THROUGH_TIME_TEXTS.title)} size="xl">
      {photos.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden />
          <Text>{t(THROUGH_TIME_TEXTS.loading)}</Text>
        </Group>
      ) : photos.isError ? (
        <Text role="alert">{t(THROUGH_TIME_TEXTS.error)}</Text>
      ) : photos.data.items.length === 0 ? (
        <Text>{t(THROUGH_TIME_TEXTS.empty)}</Text>
      ) : (
        <ThroughTime images={photos.data.items} />
      )}
    </Modal>
  );
}

function ThroughTime({ images }: { images: Image[] }) {
  const pair = defaultPair(images);
  return (
    <Stack gap="lg">
      {pair ? (
        <Compare key={pair.map((p) => p.id).join('-')} images={images} initial={pair} />
      ) : (
        <Text>{t(THROUGH_TIME_TEXTS.needTwo)}</Text>
      )}
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('Photos by year taken')}
        </Title>
        <ol className={classes.timeline} aria-label={t('Photos by year taken')}>
          {images.map((image) => (
            <li key={image.id}>
              <figure>
                <img src={image.url} alt={image.description ?? ''} loading="lazy" />
                <Text component="figcaption" size="sm" ta="center">
                  {yearLabel(image)}
                </Text>
              </figure>
            </li>
          ))}
        </ol>
      </Stack>
    </Stack>
  );
}

function Compare({ images, initial }: { images: Image[]; initial: [Image, Image] }) {
  const dated = datedPhotos(images);
  const [earlierId, setEarlierId] = useState(initial[0].id);
  const [laterId, setLaterId] = useState(initial[1].id);
  const earlier = dated.find((p) => p.id === earlierId) ?? initial[0];
  const later = dated.find((p) => p.id === laterId) ?? initial[1];
  // Each photo once, by year; two of the same year are told apart by their place in the list.
  const options = dated.map((p, i) => ({
    value: String(p.id),
    label: `${t('{year} (photo {number} of {count})', { year: yearLabel(p), number: i + 1, count: dated.length })}${p.description ? ` – ${p.description}` : ''}`,
  }));
  return (
    <Stack gap="sm">
      <Group grow align="flex-end">
        <Select
          label={t(THROUGH_TIME_TEXTS.earlier)}
          data={options}
          value={String(earlier.id)}
          onChange={(value) => value && setEarlierId(Number(value))}
          allowDeselect={false}
        />
        <Select
          label={t(THROUGH_TIME_TEXTS.later)}
          data={options}
          value={String(later.id)}
          onChange={(value) => value && setLaterId(Number(value))}
          allowDeselect={false}
        />
      </Group>
      <CompareSlider earlier={earlier} later={later} />
    </Stack>
  );
}
