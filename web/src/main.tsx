import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './app/mantine.css';
import './app/theme-variables.css';
import './app/app.css';
import { App, routerReady } from './app/app.tsx';
import { applyDeferredStylesheets } from './app/page-frame.ts';
import { whenIdle } from './lib/idle.ts';

// The service worker and the offline note come once the page has loaded, at an idle moment
// (app/offline.ts): the load event often comes in the task that evaluated this module, which is
// long enough at a phone's speed without the import's preloading.
addEventListener('load', () => {
  whenIdle(() => void import('./app/offline-start.ts'), 2000);
});

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Missing #root element in index.html');

// The first commit replaces the frame the server painted on the map pages: it waits for the
// route's code, so that it is the screen itself and not an empty page, and for the stylesheets
// the server left for the app to apply (app/page-frame.ts). The page is on the screen already
// (the frame), so the first render is a transition: React renders it in slices of a few
// milliseconds and a phone answers a touch between them, instead of one task of a second or
// more at a mid-range phone's speed (bench:main-thread); the commit is one task still.
// The router starts in a task of its own (a zero timeout), after the one that evaluated the app's
// modules: at a mid-range phone's speed the two together were one task of 0.2–0.4 s.
setTimeout(() => {
  void Promise.all([routerReady(), applyDeferredStylesheets()]).then(() => {
    const root = createRoot(rootElement);
    startTransition(() =>
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    );
  });
});
