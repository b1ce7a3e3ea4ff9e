import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { pages, routePath, type UserSection } from '#domain/pages';
import { RouteErrorBoundary } from '../components/route-error-boundary.tsx';
import { AppLayout } from './layout/app-layout.tsx';

const errorElement = <RouteErrorBoundary />;

// Screens other than the explore screen load when first visited: a gallery or a user
// page downloads neither the explore screen nor the map library; the explore screen's map loads
// lazily inside it, after its shell. Each import is the module the page table names for the page
// (domain/pages.ts; router.test.tsx checks they agree), written out so that the build splits it.
const userRoute = () => import('./routes/user-route.tsx');

/** A lazily loaded screen: the router's `lazy` for the component `pick` takes from its module. */
function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

/** A page of the table at its path, loaded lazily, with the app's error screen. */
function pageRoute<M>(pattern: string, load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return { path: routePath(pattern), lazy: screen(load, pick), errorElement } satisfies RouteObject;
}

/** A section of the user page, /user/{handle}/{section}. */
function userSection<M>(section: UserSection, load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return { path: section, lazy: screen(load, pick) } satisfies RouteObject;
}

/**
 * Product §2: /gallery/{id}, /user/{handle}/*, /about, /privacy, /buildings/{id} as a panel over the explore
 * screen, /login as the explore screen with the login modal, and every other path shows the
 * explore screen. The map stays mounted between /, /login and a building. Paths come from the
 * page table (domain/pages.ts).
 */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement,
    children: [
      pageRoute(
        pages.gallery.pattern,
        () => import('./routes/gallery-route.tsx'),
        (m) => m.GalleryRoute,
      ),
      pageRoute(
        pages.architect.pattern,
        () => import('./routes/architect-route.tsx'),
        (m) => m.ArchitectRoute,
      ),
      pageRoute(
        pages.about.pattern,
        () => import('./routes/about-route.tsx'),
        (m) => m.AboutRoute,
      ),
      pageRoute(
        pages.privacy.pattern,
        () => import('./routes/privacy-route.tsx'),
        (m) => m.PrivacyRoute,
      ),
      pageRoute(
        pages.moderation.pattern,
        () => import('./routes/moderation-route.tsx'),
        (m) => m.ModerationRoute,
      ),
      {
        path: routePath(pages.user.pattern),
        lazy: screen(userRoute, (m) => m.UserRoute),
        errorElement,
        children: [
          { index: true, lazy: screen(userRoute, (m) => m.UserIndexRedirect) },
          userSection(
            'lists',
            () => import('./routes/user-lists-route.tsx'),
            (m) => m.UserListsRoute,
          ),
          userSection(
            'buildings',
            () => import('./routes/user-buildings-route.tsx'),
            (m) => m.UserBuildingsRoute,
          ),
          userSection(
            'images',
            () => import('./routes/user-images-route.tsx'),
            (m) => m.UserImagesRoute,
          ),
          userSection(
            'settings',
            () => import('./routes/user-settings-route.tsx'),
            (m) => m.UserSettingsRoute,
          ),
          userSection(
            'stats',
            () => import('../features/user/components/user-stats.tsx'),
            (m) => m.UserStats,
          ),
          { path: '*', lazy: screen(userRoute, (m) => m.UserIndexRedirect) },
        ],
      },
      {
        lazy: screen(
          () => import('./routes/explore-route.tsx'),
          (m) => m.ExploreRoute,
        ),
        errorElement,
        children: [
          pageRoute(
            pages.building.pattern,
            () => import('./routes/building-route.tsx'),
            (m) => m.BuildingRoute,
          ),
          {
            path: routePath(pages.login.pattern),
            lazy: screen(
              () => import('./routes/login-route.tsx'),
              (m) => m.LoginRoute,
            ),
          },
          { index: true, element: null },
          { path: '*', element: null },
        ],
      },
    ],
  },
];
