import type { RouteObject } from 'react-router';
import { RouteErrorBoundary } from '../components/route-error-boundary.tsx';
import { AppLayout } from './layout/app-layout.tsx';

const errorElement = <RouteErrorBoundary />;

// Screens other than the explore screen load when first visited: a gallery or a user
// page downloads neither the explore screen nor the map library; the explore screen's map loads
// lazily inside it, after its shell.
const userRoute = () => import('./routes/user-route.tsx');

/**
 * Product §2: /gallery/{id}, /user/{handle}/*, /about, /buildings/{id} as a panel over the explore
 * screen, /login as the explore screen with the login modal, and every other path shows the
 * explore screen. The map stays mounted between /, /login and a building.
 */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement,
    children: [
      {
        path: 'gallery/:buildingId',
        lazy: async () => ({ Component: (await import('./routes/gallery-route.tsx')).GalleryRoute }),
        errorElement,
      },
      {
        path: 'architects/:id',
        lazy: async () => ({ Component: (await import('./routes/architect-route.tsx')).ArchitectRoute }),
        errorElement,
      },
      {
        path: 'about',
        lazy: async () => ({ Component: (await import('./routes/about-route.tsx')).AboutRoute }),
        errorElement,
      },
      {
        path: 'user/:handle',
        lazy: async () => ({ Component: (await userRoute()).UserRoute }),
        errorElement,
        children: [
          { index: true, lazy: async () => ({ Component: (await userRoute()).UserIndexRedirect }) },
          {
            path: 'lists',
            lazy: async () => ({ Component: (await import('./routes/user-lists-route.tsx')).UserListsRoute }),
          },
          {
            path: 'buildings',
            lazy: async () => ({
              Component: (await import('./routes/user-buildings-route.tsx')).UserBuildingsRoute,
            }),
          },
          {
            path: 'images',
            lazy: async () => ({
              Component: (await import('./routes/user-images-route.tsx')).UserImagesRoute,
            }),
          },
          {
            path: 'settings',
            lazy: async () => ({
              Component: (await import('./routes/user-settings-route.tsx')).UserSettingsRoute,
            }),
          },
          {
            path: 'stats',
            lazy: async () => ({
              Component: (await import('../features/user/components/user-stats.tsx')).UserStats,
            }),
          },
          { path: '*', lazy: async () => ({ Component: (await userRoute()).UserIndexRedirect }) },
        ],
      },
      {
        lazy: async () => ({ Component: (await import('./routes/explore-route.tsx')).ExploreRoute }),
        errorElement,
        children: [
          {
            path: 'buildings/:id',
            lazy: async () => ({ Component: (await import('./routes/building-route.tsx')).BuildingRoute }),
            errorElement,
          },
          {
            path: 'login',
            lazy: async () => ({ Component: (await import('./routes/login-route.tsx')).LoginRoute }),
          },
          { index: true, element: null },
          { path: '*', element: null },
        ],
      },
    ],
  },
];
