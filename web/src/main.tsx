import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/mantine.css';
import './app/app.css';
import { App, routerReady } from './app/app.tsx';
import { applyDeferredStylesheets } from './app/page-frame.ts';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Missing #root element in index.html');

// The first commit replaces the frame the server painted on the map pages: it waits for the
// route's code, so that it is the screen itself and not an empty page, and for the stylesheets
// the server left for the app to apply (app/page-frame.ts).
void Promise.all([routerReady(), applyDeferredStylesheets()]).then(() =>
  createRoot(rootElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
