import { useState } from 'react';

/**
 * True from the first render in which `opened` is true on: a dialog whose code loads on first use
 * is mounted from its first opening on and stays mounted, so its closing transition
 * and whatever it keeps between openings work as before.
 */
export function useOpenedOnce(opened: boolean): boolean {
  const [once, setOnce] = useState(opened);
  if (opened && !once) setOnce(true);
  return once || opened;
}
