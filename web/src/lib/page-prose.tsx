import { Suspense, use, type ReactNode } from 'react';
import { loadPageProse } from './i18n-pages.ts';

function Loaded({ children }: { children: ReactNode }) {
  use(loadPageProse());
  return children;
}

/**
 * Shows `children` once the page's prose has loaded in the page's language (i18n-pages.ts): on
 * a translated page the About and Privacy pages' text never shows in English first. English has
 * nothing to load, and the loaded prose stays for the rest of the visit.
 */
export function PageProse({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Loaded>{children}</Loaded>
    </Suspense>
  );
}
