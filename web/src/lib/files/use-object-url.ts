import { useEffect, useState } from 'react';

/**
 * An object URL for a chosen file's preview, revoked when the file changes or the component
 * goes (the upload dialog and the wizard's images step). Null until created, or where the
 * browser has no URL.createObjectURL.
 */
export function useObjectUrl(file: File): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (typeof URL.createObjectURL !== 'function') return;
    const created = URL.createObjectURL(file);
    // The object URL is an external resource created for this file; it is known only here.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
}
