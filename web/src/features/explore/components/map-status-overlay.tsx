import { Button, Group, Loader, Paper, Text } from '@mantine/core';
import classes from './map-status-overlay.module.css';
import { t } from '../../../lib/i18n.ts';

interface MapStatusOverlayProps {
  status: 'loading' | 'error';
  /** Asks for the map's buildings again (the list beside it may have loaded). */
  onRetry?: () => void;
}

/** Product §2: 'Loading map data...' while loading, 'Error loading map data' on failure. */
export function MapStatusOverlay({ status, onRetry }: MapStatusOverlayProps) {
  return (
    <div className={classes.overlay}>
      <Paper
        shadow="md"
        radius="md"
        px="md"
        py="sm"
        withBorder
        className={classes.card}
        role={status === 'error' ? 'alert' : 'status'}
      >
        {status === 'loading' ? (
          <Group gap="sm">
            <Loader size="sm" />
            <Text>{t('Loading map data...')}</Text>
          </Group>
        ) : (
          <Group gap="sm">
            <Text c="red">{t('Error loading map data')}</Text>
            {status === 'error' && onRetry && (
              <Button size="compact-sm" variant="light" onClick={onRetry}>
                {t('Retry')}
              </Button>
            )}
          </Group>
        )}
      </Paper>
    </div>
  );
}
