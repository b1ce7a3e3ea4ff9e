import type { RouteObject } from 'react-router';
import { RouteErrorBoundary } from '../components/route-error-boundary.tsx';
import { UserStats } from '../features/user/components/user-stats.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { BuildingRoute } from './routes/building-route.tsx';
import { ExploreRoute } from './routes/explore-route.tsx';
import { GalleryRoute } from './routes/gallery-route.tsx';
import { LoginRoute } from './routes/login-route.tsx';
import { UserImagesRoute } from './routes/user-images-route.tsx';
import {
  UserBuildingsRoute,
  UserIndexRedirect,
  UserListsRoute,
  UserRoute,
  UserSettingsRoute,
} from './routes/user-route.tsx';

const errorElement = <RouteErrorBoundary />;

/**
 * Spec section 2: /gallery/{id}, /user/{handle}/*, /buildings/{id} as a panel over the explore
 * screen, /login as the explore screen with the login modal, and every other path shows the
 * explore screen. The map stays mounted between /, /login and a building.
 */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement,
    children: [
      { path: 'gallery/:buildingId', element: <GalleryRoute />, errorElement },
      {
        path: 'user/:handle',
        element: <UserRoute />,
        errorElement,
        children: [
          { index: true, element: <UserIndexRedirect /> },
          { path: 'lists', element: <UserListsRoute /> },
          { path: 'buildings', element: <UserBuildingsRoute /> },
          { path: 'images', element: <UserImagesRoute /> },
          { path: 'settings', element: <UserSettingsRoute /> },
          { path: 'stats', element: <UserStats /> },
          { path: '*', element: <UserIndexRedirect /> },
        ],
      },
      {
        element: <ExploreRoute />,
        errorElement,
        children: [
          { path: 'buildings/:id', element: <BuildingRoute />, errorElement },
          { path: 'login', element: <LoginRoute /> },
          { index: true, element: null },
          { path: '*', element: null },
        ],
      },
    ],
  },
];
