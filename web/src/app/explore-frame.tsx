/**
 * The explore screen's frame: what the server paints on the map pages before the app's scripts
 * and stylesheets arrive (server/modules/pages/explore-frame.ts). Drawn at build time from the
 * app's own components (prerender-shell.tsx, with React's server renderer): the layout's header
 * with the navigation bar, and the explore screen with its filter strip, time slider strip, map
 * placeholder and card column, once as a desktop and once as a phone draws it. The app's first
 * commit removes it (page-frame.ts) and draws the same components at the same places.
 * Decision: docs/decisions/2026-11-27-page-table-and-prerendered-frame.md.
 */
import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { MAP_MOBILE_MAX_WIDTH } from '#domain/constants';
import { FRAME_STYLE_ATTRIBUTE, FRAME_YEAR_ATTRIBUTE } from '#domain/explore-frame';
import timeControlClasses from '../features/explore/components/time-control.module.css';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { NavigationBar } from '../features/navigation/components/navigation-bar.tsx';
import { ExploreScreen } from '../features/explore/components/explore-screen.tsx';
import { FRAME_ID } from './page-frame.ts';
import layoutClasses from './layout/app-layout.module.css';
import routeClasses from './routes/explore-route.module.css';
import { cssVariablesResolver, theme } from './theme.ts';

const noop = () => undefined;

/**
 * The frame holds the explore screen twice, as a desktop and as a phone draws it (product §9:
 * 767 px or less), and the window's width shows one: the app picks the layout in script
 * (useMaxWidth), which the frame, painted before any script, cannot. A page whose URL names a
 * year gets the time slider's strip empty (FRAME_YEAR_ATTRIBUTE): the frame's slider is at 'all
 * years'. A style element of the frame's markup, which the build moves into the frame's CSS
 * whole (scripts/explore-frame.ts).
 */
const LAYOUTS_CSS = `
.atlas-shell-wide,.atlas-shell-narrow{flex:1;min-height:0;display:flex;flex-direction:column}
.atlas-shell-narrow{display:none}
@media (max-width:${MAP_MOBILE_MAX_WIDTH}px){.atlas-shell-wide{display:none}.atlas-shell-narrow{display:flex}}
#${FRAME_ID}[${FRAME_YEAR_ATTRIBUTE}] .${timeControlClasses.bar} > *{visibility:hidden}`;

/** What the frame's components need around them: the query cache, Mantine and a router at '/'. */
export function FrameProviders({
  queryClient,
  children,
  withCssVariables,
}: {
  queryClient: QueryClient;
  children: ReactNode;
  /** Mantine's theme variables and global classes: once in the frame, not again per screen. */
  withCssVariables: boolean;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        withCssVariables={withCssVariables}
        withGlobalClasses={withCssVariables}
      >
        <MemoryRouter>{children}</MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>
  );
}

/** The explore screen in one layout, in the box ExploreRoute gives it. */
export function ExploreFrameScreen({ layout }: { layout: 'narrow' | 'wide' }) {
  return (
    <div className={routeClasses.screen}>
      <ExploreScreen onOpenBuilding={noop} layout={layout} />
    </div>
  );
}

/**
 * The frame: AppLayout's header and main box with the navigation bar (its links are plain links;
 * the search box and the account controls come with the app) and the explore screen, drawn apart
 * in each layout (`wide`, `narrow`: markup of ExploreFrameScreen) since the app picks the layout
 * in script.
 */
export function ExploreFrame({
  queryClient,
  wide,
  narrow,
}: {
  queryClient: QueryClient;
  wide: string;
  narrow: string;
}) {
  return (
    <FrameProviders queryClient={queryClient} withCssVariables>
      <div id={FRAME_ID} className={layoutClasses.shell}>
        <header className={layoutClasses.header}>
          <NavigationBar actions={null} />
        </header>
        <main className={layoutClasses.main}>
          <style {...{ [FRAME_STYLE_ATTRIBUTE]: '' }}>{LAYOUTS_CSS}</style>
          <div className="atlas-shell-wide" dangerouslySetInnerHTML={{ __html: wide }} />
          <div className="atlas-shell-narrow" dangerouslySetInnerHTML={{ __html: narrow }} />
        </main>
      </div>
    </FrameProviders>
  );
}
