import type { RouteObject } from 'react-router';
import { RouteErrorBoundary } from '../components/route-error-boundary.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { BuildingRoute } from './routes/building-route.tsx';
import { ExploreRoute } from './routes/explore-route.tsx';
import { GalleryRoute } from './routes/gallery-route.tsx';
import { UserRoute } from './routes/user-route.tsx';

const errorElement = <RouteErrorBoundary />;

/**
 * Spec section 2: /gallery/{id}, /user/{handle}/*, /buildings/{id} as a panel over the explore
 * screen, and every other path shows the explore screen. The map stays mounted between / and a building.
 */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement,
    children: [
      { path: 'gallery/:buildingId', element: <GalleryRoute />, errorElement },
      { path: 'user/:handle/*', element: <UserRoute />, errorElement },
      {
        element: <ExploreRoute />,
        errorElement,
        children: [
          { path: 'buildings/:id', element: <BuildingRoute />, errorElement },
          { index: true, element: null },
          { path: '*', element: null },
        ],
      },
    ],
  },
];
