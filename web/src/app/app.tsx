import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './provider.tsx';
import { routes } from './router.tsx';

const router = createBrowserRouter(routes);

/**
 * Resolves once the router has loaded the first page's lazy routes. Rendering before that would
 * commit an empty page first, wiping the frame the server painted for the map pages
 * (server/modules/pages/explore-shell.ts) until the route's code arrives.
 */
export function routerReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

export function App() {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
