/**
 * The second step of loading 'Through time': the dialog and everything it needs. Imported
 * dynamically by through-time-button.tsx, so the list of the dialog's chunks to preload (the
 * bundler writes it beside each dynamic import) is in this small chunk, fetched on first use,
 * rather than in the building page's first download (its budget has no room for it).
 */
export const loadThroughTimeDialog = () =>
  import('./through-time-dialog.tsx').then((m) => ({ default: m.ThroughTimeDialog }));
