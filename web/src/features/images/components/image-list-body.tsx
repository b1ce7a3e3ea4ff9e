import type { ReactNode } from 'react';
import { Group, Loader, Stack, Text } from '@mantine/core';
import type { ImageListActions } from '../hooks/use-image-list.ts';
import type { ImageListState } from '../model/image-list.ts';
import { ImageBrowser } from './image-browser.tsx';
import { ImageListControls, type ImageListControlsProps } from './image-list-controls.tsx';
import type { ImageViewerSlots } from './image-viewer.tsx';
import { LoadMoreTrigger } from './load-more-trigger.tsx';

interface ImageListBodyProps {
  /** The list's sort and type filter, shown above it and changed through `actions`. */
  query: ImageListControlsProps['query'];
  sortOptions?: ImageListControlsProps['sortOptions'];
  state: ImageListState;
  actions: ImageListActions;
  /** Accessible name of the grid. */
  label: string;
  texts: { loading: string; error: string; empty: string };
  onDeleted?: (id: number) => void;
  slots?: ImageViewerSlots;
  /** Shown under the empty text, e.g. the gallery's invitation to upload the first image. */
  emptyAction?: ReactNode;
}

/**
 * What the gallery and the user's voted images share (product §2 and 4): the sort and type
 * controls, the grid with its full viewer, the loading, error and empty states, and the bottom
 * trigger that loads the next page.
 */
export function ImageListBody({
  query,
  sortOptions,
  state,
  actions,
  label,
  texts,
  onDeleted,
  slots,
  emptyAction,
}: ImageListBodyProps) {
  const { items, isLoading, error, hasNext } = state;
  return (
    <>
      <ImageListControls
        query={query}
        sortOptions={sortOptions}
        onSortChange={actions.changeSort}
        onToggleDirection={actions.toggleDirection}
        onToggleType={actions.toggleType}
      />
      {items.length > 0 && (
        <ImageBrowser
          images={items}
          onImageChange={actions.changeImage}
          onDeleted={onDeleted ?? actions.removeImage}
          onLastReached={actions.loadMore}
          slots={slots}
          label={label}
        />
      )}
      {isLoading && (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>{texts.loading}</Text>
        </Group>
      )}
      {!isLoading && error !== null && (
        <Text role="alert" c="red">
          {texts.error}
        </Text>
      )}
      {!isLoading && error === null && items.length === 0 && (
        <Stack gap="sm" align="flex-start">
          <Text c="dimmed">{texts.empty}</Text>
          {emptyAction}
        </Stack>
      )}
      <LoadMoreTrigger
        enabled={hasNext && !isLoading && error === null}
        onVisible={actions.loadMore}
        watch={items.length}
      />
    </>
  );
}
