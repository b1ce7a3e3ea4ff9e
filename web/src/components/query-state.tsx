import type { ReactNode } from 'react';
import { Group, Loader, Text } from '@mantine/core';

/** What a list shows while its query loads: a small loader beside what is loading ('Loading history...'). */
export function LoadingLine({ children }: { children: ReactNode }) {
  return (
    <Group gap="sm" role="status">
      <Loader size="sm" />
      <Text>{children}</Text>
    </Group>
  );
}

interface QueryWaitProps {
  /** The query has failed (otherwise it is still loading). */
  failed: boolean;
  loading: ReactNode;
  error: ReactNode;
}

/**
 * What a list shows before its query has data: LoadingLine while it loads, the error (an alert)
 * once it failed.
 */
export function QueryWait({ failed, loading, error }: QueryWaitProps) {
  if (!failed) return <LoadingLine>{loading}</LoadingLine>;
  return (
    <Text role="alert" c="red">
      {error}
    </Text>
  );
}
