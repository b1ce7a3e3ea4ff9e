import { Kbd, Paper, Text } from '@mantine/core';
import classes from './scroll-zoom-hint.module.css';
import { t } from '../../../lib/i18n.ts';

/** Cmd on Apple systems, Ctrl elsewhere. */
function modifierKey(): string {
  const platform = typeof navigator === 'undefined' ? '' : navigator.platform || navigator.userAgent;
  return /Mac|iPhone|iPad/i.test(platform) ? '⌘ Cmd' : 'Ctrl';
}

/** Product §2: '+ Scroll to zoom map' after a wheel without Ctrl (Cmd on Mac), shown for 1.5 s. */
export function ScrollZoomHint({ visible }: { visible: boolean }) {
  return (
    <div className={classes.overlay} data-visible={visible || undefined} aria-hidden={!visible}>
      <Paper className={classes.hint} radius="md" px="lg" py="sm" role="status">
        {visible && (
          <Text fw={500}>
            <Kbd>{modifierKey()}</Kbd> {t('+ Scroll to zoom map')}
          </Text>
        )}
      </Paper>
    </div>
  );
}
