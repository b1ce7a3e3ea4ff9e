import { Group, Loader, Paper, Text } from '@mantine/core';
import classes from './map-status-overlay.module.css';

interface MapStatusOverlayProps {
  status: 'loading' | 'error';
}

/** Spec section 2: 'Loading map data...' while loading, 'Error loading map data' on failure. */
export function MapStatusOverlay({ status }: MapStatusOverlayProps) {
  return (
    <div className={classes.overlay}>
      <Paper
        shadow="md"
        radius="md"
        px="md"
        py="sm"
        withBorder
        role={status === 'error' ? 'alert' : 'status'}
      >
        {status === 'loading' ? (
          <Group gap="sm">
            <Loader size="sm" />
            <Text>Loading map data...</Text>
          </Group>
        ) : (
          <Text c="red">Error loading map data</Text>
        )}
      </Paper>
    </div>
  );
}
