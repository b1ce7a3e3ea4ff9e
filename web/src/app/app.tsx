import { useLayoutEffect } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { removePageFrame } from './page-frame.ts';
import { AppProvider } from './provider.tsx';
import { routes } from './router.tsx';

/**
 * Made by routerReady(), which main.tsx calls once before the first render, not when this module
 * is evaluated: creating it starts the first navigation (matching the routes, asking for the
 * route's code), about a third of the entry's evaluation, which is one task; main.tsx yields
 * between the two.
 */
let router: ReturnType<typeof createBrowserRouter>;

/**
 * Creates the router and resolves once it has loaded the first page's lazy routes. Rendering
 * before that would commit an empty page first, and the frame the server painted for the map
 * pages (server/modules/pages/explore-frame.ts) would give way to nothing until the route's code
 * arrives.
 */
export function routerReady(): Promise<void> {
  router = createBrowserRouter(routes);
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
