import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/mantine.css';
import './app/app.css';
import { App } from './app/app.tsx';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Missing #root element in index.html');

createRoot(rootElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
