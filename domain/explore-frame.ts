/**
 * The explore frame as the build writes it (scripts/explore-frame.ts, into dist/explore-frame/)
 * and the server fills it in (server/modules/pages/explore-frame.ts): markup rendered from the
 * app's components, with the start view's first cards left as templates. A card's markup depends
 * on whether it has a cover image and which of its years are known, so there is a template for
 * each; their values are tokens the server replaces.
 */
import type { BuildingCard, BuildingList } from './building-list.ts';

/** Where the build writes the frame: relative to the folder of the web app's build (dist/web). */
export const EXPLORE_FRAME_FILE = '../explore-frame/frame.json';

export interface ExploreFrameFile {
  /** The frame with its card column as the app draws it while the first cards load. */
  loading: string;
  /** The frame with its card list as CARD_LIST_TOKEN and its count as tokens. */
  withCards: string;
  /** A card's markup (the `<li>`) for each CardVariant. */
  cards: Record<string, string>;
  /** The CSS the frame needs to paint, before the app's stylesheets have loaded. */
  css: string;
}

/** Tokens of the templates: unlike anything React writes, and left alone by HTML escaping. */
export const FRAME_TOKENS = {
  cardList: 'ATLASxCARDS',
  count: 'ATLASxCOUNT',
  id: 'ATLASxID',
  name: 'ATLASxNAME',
  built: 'ATLASxBUILT',
  demolished: 'ATLASxDEMOLISHED',
  upvotes: 'ATLASxUP',
  meh: 'ATLASxMEH',
  downvotes: 'ATLASxDOWN',
  cover: 'ATLASxCOVER',
  locatorLight: 'ATLASxLOCATORLIGHT',
  locatorDark: 'ATLASxLOCATORDARK',
} as const;

export type FrameToken = keyof typeof FRAME_TOKENS;

/** Which template draws a card: cover image or locator, year built known, year demolished known. */
export function cardVariant(
  card: Pick<BuildingCard, 'cover_image' | 'year_built' | 'year_demolished'>,
): string {
  return [
    card.cover_image ? 'cover' : 'locator',
    card.year_built !== null ? 'built' : '',
    card.year_demolished !== null ? 'demolished' : '',
  ]
    .filter(Boolean)
    .join('-');
}

/** One card for each variant, in a fixed order: the sample list the build renders. */
export const CARD_VARIANTS = ['cover', 'locator'].flatMap((picture) =>
  [false, true].flatMap((built) =>
    [false, true].map((demolished) => ({ picture: picture as 'cover' | 'locator', built, demolished })),
  ),
);

/** Marks the style element of the frame's own rules (web/src/app/explore-frame.tsx), kept whole. */
export const FRAME_STYLE_ATTRIBUTE = 'data-atlas-frame';

/**
 * Set on the frame by the server when the page's URL names a year (`?standingInYear=`): the frame
 * was drawn with the time slider at 'all years', so its strip shows nothing until the app does.
 */
export const FRAME_YEAR_ATTRIBUTE = 'data-standing-year';

/** How many of the first card page's cards the frame draws (more than a tall window shows). */
export const FRAME_CARDS = 8;

/**
 * The sample list the build renders the frame with: one card per variant, in CARD_VARIANTS'
 * order, every value a token (numbers too: the card only shows them).
 */
export function sampleFrameCards(): BuildingList {
  const token = (value: string) => value as unknown as number;
  const T = FRAME_TOKENS;
  const items = CARD_VARIANTS.map(
    ({ picture, built, demolished }) =>
      ({
        id: token(T.id),
        name: T.name,
        coordinates: [0, 0],
        year_built: built ? token(T.built) : null,
        year_demolished: demolished ? token(T.demolished) : null,
        cover_image: picture === 'cover' ? T.cover : null,
        vote_stats: { upvotes: token(T.upvotes), meh_votes: token(T.meh), downvotes: token(T.downvotes) },
      }) as unknown as BuildingCard,
  );
  return { items, total: token(T.count), total_exact: true, page: 1, pages: 1 } as unknown as BuildingList;
}
