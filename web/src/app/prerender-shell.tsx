/**
 * Build-time entry (Vite's SSR build, scripts/explore-frame.ts): renders the explore frame
 * (explore-frame.tsx) with React's server renderer, as markup for the server to send before the
 * app's scripts (server/modules/pages/explore-frame.ts). Rendered twice: without cards (the card
 * column as the app draws it while its first cards load: pages opened with a query or on a
 * building) and with the sample cards `cards` (the start view, whose first cards the server fills
 * in from these).
 */
import { renderToStaticMarkup } from 'react-dom/server';
import type { BuildingList } from '#domain/building-list';
import { createQueryClient } from '../lib/query-client.ts';
import { buildingKeys } from '../lib/query-keys.ts';
import { ExploreFrame, ExploreFrameScreen, FrameProviders } from './explore-frame.tsx';
import exploreScreenClasses from '../features/explore/components/explore-screen.module.css';
import timeControlClasses from '../features/explore/components/time-control.module.css';

/** The explore screen's markup in one layout, its card list answered with `cards` when given. */
function screenMarkup(layout: 'narrow' | 'wide', cards: BuildingList | undefined): string {
  const queryClient = createQueryClient();
  const render = () =>
    renderToStaticMarkup(
      <FrameProviders queryClient={queryClient} withCssVariables={false}>
        <ExploreFrameScreen layout={layout} />
      </FrameProviders>,
      // Ids of the two layouts' controls must differ (both are in the page).
      { identifierPrefix: `atlas-frame-${layout}-` },
    );
  try {
    const first = render();
    if (!cards) return first;
    // The first render asked for the start view's card list: answer it, and render again.
    const lists = queryClient.getQueryCache().findAll({ queryKey: buildingKeys.lists });
    if (lists.length !== 1) throw new Error(`Expected one card list query, found ${lists.length}`);
    queryClient.setQueryData(lists[0]!.queryKey, cards);
    return render();
  } finally {
    // Its queries' garbage collection timers would keep the build's process alive for minutes.
    queryClient.clear();
  }
}

export interface PrerenderedFrame {
  /** The frame with the card column loading. */
  loading: string;
  /** The frame with `cards` in its card column. */
  withCards: string;
  /** Classes of the frame's controls, which stay inert until the app replaces them. */
  controls: string[];
}

export function prerenderExploreFrame(cards: BuildingList): PrerenderedFrame {
  const frame = (list: BuildingList | undefined) => {
    const queryClient = createQueryClient();
    try {
      return renderToStaticMarkup(
        <ExploreFrame
          queryClient={queryClient}
          wide={screenMarkup('wide', list)}
          narrow={screenMarkup('narrow', list)}
        />,
      );
    } finally {
      queryClient.clear();
    }
  };
  return {
    loading: frame(undefined),
    withCards: frame(cards),
    controls: [exploreScreenClasses.toolbar!, timeControlClasses.bar!],
  };
}
