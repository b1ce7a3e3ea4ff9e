import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/mantine.css';
import './app/app.css';
import { App, routerReady } from './app/app.tsx';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Missing #root element in index.html');

// The first commit replaces whatever the server put in #root (the map pages' frame): it waits for
// the route's code so that it is the screen itself, not an empty page.
void routerReady().then(() =>
  createRoot(rootElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
