import { Loader } from '@mantine/core';
import classes from './dialog-loading.module.css';
import { t } from '../lib/i18n.ts';

/**
 * What a dialog whose code loads on first use shows meanwhile: a loader named 'Loading'
 * in the middle of the screen, where the dialog will open; usually there for a few milliseconds.
 */
export function DialogLoading({ label = t('Loading') }: { label?: string }) {
  // A status, so its name is allowed (axe: aria-label on a plain <span> is prohibited).
  return <Loader size="md" role="status" aria-label={label} className={classes.loading} />;
}
