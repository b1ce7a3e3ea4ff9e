import { useLayoutEffect } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { removePageFrame } from './page-frame.ts';
import { AppProvider } from './provider.tsx';
import { routes } from './router.tsx';

const router = createBrowserRouter(routes);

/**
 * Resolves once the router has loaded the first page's lazy routes. Rendering before that would
 * commit an empty page first, and the frame the server painted for the map pages
 * (server/modules/pages/explore-frame.ts) would give way to nothing until the route's code
 * arrives.
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
  // The first commit holds the screen itself: the server's frame goes in the same task, so no
  // frame shows both and nothing moves (the app draws at the frame's places).
  useLayoutEffect(removePageFrame, []);
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
