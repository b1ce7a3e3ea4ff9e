import { Loader } from '@mantine/core';
import classes from './dialog-loading.module.css';

/**
 * What a dialog whose code loads on first use shows meanwhile (issue 16): a loader named 'Loading'
 * in the middle of the screen, where the dialog will open; usually there for a few milliseconds.
 */
export function DialogLoading({ label = 'Loading' }: { label?: string }) {
  return <Loader size="md" aria-label={label} className={classes.loading} />;
}
