/**
 * The explore screen's frame (first paint of the map pages). The server puts it before the empty
 * `<div id="root">` of the map routes' page, so the navigation bar, the filter and time slider
 * strips, the map area and the card column paint with the HTML alone, seconds before the app's
 * scripts and stylesheets on a slow phone. Its markup and CSS come from the build, which renders
 * the app's own components (web/src/app/explore-frame.tsx, scripts/explore-frame.ts): the app's
 * first commit removes the frame and its style (web/src/app/page-frame.ts) and draws the same
 * elements at the same places. Here the start view's first cards are filled in its templates.
 */
import path from 'node:path';
import type { BuildingCard, BuildingList } from '#domain/building-list';
import { formatYear } from '#domain/building-years';
import { translate } from '#domain/catalogues';
import type { Language } from '#domain/languages';
import { locatorUrl } from '#domain/endpoints/locator';
import {
  cardVariant,
  EXPLORE_FRAME_FILE,
  FRAME_CARDS,
  FRAME_TOKENS,
  FRAME_YEAR_ATTRIBUTE,
  type ExploreFrameFile,
  type FrameToken,
} from '#domain/explore-frame';
import { escapeHtml } from './page-head.ts';
import { jsonFileReader } from '../../lib/json-file-reader.ts';

/** How a page's frame is filled: a year in its URL, its language. */
export interface FrameOptions {
  yearInUrl?: boolean;
  language?: Language;
}

/** Id of the frame's element (the app removes it), and of its style (`-style`). */
export const SHELL_ELEMENT_ID = 'atlas-shell';

/** Reads the build's frame again when it changes (a build while the server runs); undefined without one. */
export function exploreFrameReader(webDir: string | undefined): () => ExploreFrameFile | undefined {
  return jsonFileReader<ExploreFrameFile>(webDir ? path.join(webDir, EXPLORE_FRAME_FILE) : undefined);
}

/**
 * A card's picture as the page can show it before the app runs (BuildingCover draws the same): its
 * cover image, or until it has one its locator, in the light and the dark scheme (the page follows
 * the system's).
 */
export function cardPictureUrls(card: BuildingCard): { cover: boolean; light: string; dark: string } {
  if (card.cover_image) return { cover: true, light: card.cover_image, dark: card.cover_image };
  return {
    cover: false,
    light: locatorUrl(card.coordinates, 'light'),
    dark: locatorUrl(card.coordinates, 'dark'),
  };
}

const TOKEN = new RegExp(Object.values(FRAME_TOKENS).join('|'), 'g');
const tokenNames = new Map<string, FrameToken>(
  Object.entries(FRAME_TOKENS).map(([name, token]) => [token, name as FrameToken]),
);

/** `template` with its tokens replaced by `values` (HTML already); one pass, so values stay as they are. */
function fill(template: string, values: Partial<Record<FrameToken, string>>): string {
  return template.replace(TOKEN, (token) => values[tokenNames.get(token)!] ?? token);
}

/**
 * A card's markup from its variant's template; the first card's picture loads at once, as in the
 * app. Its years are written in `language` ('200 av. J.-C.'), as the app writes them.
 */
function cardMarkup(frame: ExploreFrameFile, card: BuildingCard, first: boolean, language: Language): string {
  const template = frame.cards[cardVariant(card)];
  if (template === undefined) return '';
  const urls = cardPictureUrls(card);
  const year = (value: number) =>
    escapeHtml(formatYear(value, (message, values) => translate(language, message, values)));
  const html = fill(template, {
    id: String(card.id),
    name: escapeHtml(card.name),
    built: card.year_built === null ? '' : year(card.year_built),
    demolished: card.year_demolished === null ? '' : year(card.year_demolished),
    upvotes: String(card.vote_stats.upvotes),
    meh: String(card.vote_stats.meh_votes),
    downvotes: String(card.vote_stats.downvotes),
    cover: escapeHtml(urls.light),
    locatorLight: escapeHtml(urls.light),
    locatorDark: escapeHtml(urls.dark),
  });
  return first ? html.replace(' loading="lazy"', ' loading="eager" fetchpriority="high"') : html;
}

/**
 * The frame's markup: with the first cards of `list` in its card column (the page's largest text
 * on a phone, its LCP, then paints with the HTML), or without a list as the app draws the column
 * while its cards load; `yearInUrl` when the page's URL names a year; `language`, the page's (the
 * frame itself comes translated: frame-language.ts).
 */
export function exploreFrameMarkup(
  frame: ExploreFrameFile,
  list?: BuildingList,
  { yearInUrl = false, language = 'en' }: FrameOptions = {},
): string {
  const markup = list
    ? fill(frame.withCards, {
        cardList: list.items
          .slice(0, FRAME_CARDS)
          .map((card, i) => cardMarkup(frame, card, i === 0, language))
          .join(''),
        count: escapeHtml(list.total_exact ? String(list.total) : `${list.total}+`),
      })
    : frame.loading;
  // The frame's time slider stands at 'all years': a year in the URL empties its strip.
  return yearInUrl
    ? markup.replace(`id="${SHELL_ELEMENT_ID}"`, `id="${SHELL_ELEMENT_ID}" ${FRAME_YEAR_ATTRIBUTE}`)
    : markup;
}

const STYLESHEET = /<link rel="stylesheet"([^>]*)>/g;

/** Marks the head's stylesheets that the app applies itself (web/src/main.tsx). */
export const DEFERRED_STYLESHEET_ATTRIBUTE = 'data-atlas-stylesheet';

/**
 * The page with the explore frame: its style at the end of the head, its markup before the empty
 * `<div id="root">` (the first cards of `list` in its card column; `yearInUrl`, see
 * exploreFrameMarkup), and `data` (the prefetched
 * answers, preloads) after it. The head's stylesheets become preloads in their place: a
 * stylesheet holds back the first paint until it has loaded (and the app's scripts too), so the
 * app adds them at the same places once it runs and renders when they have loaded (the cascade
 * order stays). The app's scripts, their preloads and the stylesheets' preloads are fetched at low
 * priority (lowPriorityAppFiles). A template without a head or the root is returned unchanged.
 */
export function withExploreFrame(
  page: string,
  frame: ExploreFrameFile,
  data = '',
  list?: BuildingList,
  options: FrameOptions = {},
): string {
  const root = /<div id="root"><\/div>/;
  const headEnd = page.indexOf('</head>');
  if (!root.test(page) || headEnd < 0) return page;
  const markup = exploreFrameMarkup(frame, list, options);
  const head = page
    .slice(0, headEnd)
    .replace(
      STYLESHEET,
      (_link, attrs: string) => `<link rel="preload" as="style"${attrs} ${DEFERRED_STYLESHEET_ATTRIBUTE}>`,
    );
  return lowPriorityAppFiles(
    `${head}\n    <style id="${SHELL_ELEMENT_ID}-style">${frame.css}</style>\n  ${page
      .slice(headEnd)
      .replace(root, (element) => `${markup}${element}${data}`)}`,
  );
}

const APP_FILE =
  /<(script type="module"|link rel="modulepreload"|link rel="preload" as="style")(?![^>]*fetchpriority)/g;

/**
 * A map page's module scripts, module preloads and stylesheet preloads fetched at low priority
 * (`fetchpriority="low"`): the frame paints without them, so nothing on the first screen waits
 * for them, and on a phone's connection they leave the way to what it shows (the first card's
 * picture, preloaded at high priority). Lighthouse's simulation reads the same hint: a
 * high-priority script that has arrived before the first paint counts as holding it back, which
 * made its phone FCP 0.7 s or 2–3 s from run to run on the same page (bench/README.md).
 */
export function lowPriorityAppFiles(page: string): string {
  return page.replace(APP_FILE, '<$1 fetchpriority="low"');
}
