/**
 * Builds the explore frame after the web app (a Vite plugin of vite.config.ts): a second,
 * server-side build of web/src/app/prerender-shell.tsx renders the frame from the app's
 * components; the markup's card list becomes templates (domain/explore-frame.ts), its controls
 * inert, and the CSS it needs is taken from the built stylesheets (critical-css.ts). Written to
 * dist/explore-frame/frame.json (beside dist/web), which the server reads (server/modules/pages/explore-frame.ts).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { Window } from 'happy-dom';
import { build, type Plugin } from 'vite';
import type { BuildingList } from '../domain/building-list.ts';
import { locatorUrl } from '../domain/endpoints/locator.ts';
import {
  CARD_VARIANTS,
  cardVariant,
  EXPLORE_FRAME_FILE,
  FRAME_STYLE_ATTRIBUTE,
  FRAME_TOKENS as T,
  sampleFrameCards,
  type ExploreFrameFile,
} from '../domain/explore-frame.ts';
import { criticalCss } from './critical-css.ts';
import type { PrerenderedFrame } from '../web/src/app/prerender-shell.tsx';

const ENTRY = 'src/app/prerender-shell.tsx';
const EXPLORE_ROUTE = 'src/app/routes/explore-route.tsx';

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** The frame's markup made ready for the server: controls inert, the card list templated, style elements taken out. */
export async function templated(
  frame: PrerenderedFrame,
): Promise<Omit<ExploreFrameFile, 'css'> & { mantineStyles: string[]; ownStyles: string[] }> {
  const window = new Window();
  const { document } = window;
  const parse = (html: string) => {
    const holder = document.createElement('div');
    holder.innerHTML = html;
    for (const control of frame.controls)
      holder.querySelectorAll(`.${control}`).forEach((element) => element.setAttribute('inert', ''));
    return holder;
  };

  const loading = parse(frame.loading);
  const withCards = parse(frame.withCards);
  // The markup's style elements go with the frame's CSS: Mantine's theme variables and classes
  // pruned like the rest, the frame's own (its layouts, the year strip) whole.
  const styles = [...loading.querySelectorAll('style')];
  const mantineStyles = styles
    .filter((style) => !style.hasAttribute(FRAME_STYLE_ATTRIBUTE))
    .map((style) => style.textContent);
  const ownStyles = styles
    .filter((style) => style.hasAttribute(FRAME_STYLE_ATTRIBUTE))
    .map((style) => style.textContent);
  for (const holder of [loading, withCards])
    holder.querySelectorAll('style').forEach((style) => style.remove());
  const lists = [...withCards.querySelectorAll('section[aria-label="Buildings in view"] ul')];
  if (lists.length !== 2) throw new Error(`explore frame: expected 2 card lists, found ${lists.length}`);
  const items = [...lists[0]!.children];
  if (items.length !== CARD_VARIANTS.length)
    throw new Error(`explore frame: expected ${CARD_VARIANTS.length} cards, found ${items.length}`);
  const sample = sampleFrameCards().items;
  const cards: Record<string, string> = {};
  items.forEach((item, i) => {
    // A locator follows the system's colour scheme (the page's most likely one) in the frame.
    const locator = item.querySelector('img[data-locator]');
    if (locator) {
      const picture = document.createElement('picture');
      picture.setAttribute('style', 'display:contents');
      const source = document.createElement('source');
      source.setAttribute('media', '(prefers-color-scheme: dark)');
      source.setAttribute('srcset', T.locatorDark);
      locator.replaceWith(picture);
      picture.append(source, locator);
    }
    let html = item.outerHTML;
    const light = escapeAttribute(locatorUrl([0, 0], 'light'));
    if (locator) {
      if (!html.includes(light)) throw new Error('explore frame: the locator is not the expected one');
      html = html.split(light).join(T.locatorLight);
    }
    cards[cardVariant(sample[i]!)] = html;
  });
  for (const list of lists) list.innerHTML = T.cardList;
  const result = {
    loading: loading.innerHTML,
    withCards: withCards.innerHTML,
    cards,
    mantineStyles,
    ownStyles,
  };
  await window.happyDOM.close();
  return result;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/** The stylesheets of the page and of the explore route, in the order the page applies them. */
async function exploreStylesheets(outDir: string): Promise<string[]> {
  const manifest = JSON.parse(
    await fs.readFile(path.join(outDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const css of chunk.css ?? []) if (!files.includes(css)) files.push(css);
  };
  visit('index.html');
  visit(EXPLORE_ROUTE);
  return Promise.all(files.map((file) => fs.readFile(path.join(outDir, file), 'utf8')));
}

/** Renders the frame with the server-side build of the web app and writes EXPLORE_FRAME_FILE. */
export async function writeExploreFrame(webRoot: string, outDir: string, projectRoot: string): Promise<void> {
  // Inside the project: the server-side build imports react and the rest from node_modules.
  const ssrDir = path.join(projectRoot, 'dist', '.explore-frame-ssr');
  try {
    await build({
      configFile: false,
      root: webRoot,
      logLevel: 'warn',
      plugins: [react()],
      build: { ssr: ENTRY, outDir: ssrDir, emptyOutDir: true, minify: false },
    });
    const entry = path.join(ssrDir, `${path.basename(ENTRY, '.tsx')}.js`);
    const { prerenderExploreFrame } = (await import(pathToFileURL(entry).href)) as {
      prerenderExploreFrame: (cards: BuildingList) => PrerenderedFrame;
    };
    const { mantineStyles, ownStyles, ...frame } = await templated(prerenderExploreFrame(sampleFrameCards()));
    const css = await criticalCss(
      [...(await exploreStylesheets(outDir)), ...mantineStyles],
      [frame.loading, frame.withCards, ...Object.values(frame.cards)].join(''),
      ownStyles,
    );
    const file: ExploreFrameFile = { ...frame, css };
    const target = path.join(outDir, EXPLORE_FRAME_FILE);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.writeFile(target, JSON.stringify(file));
  } finally {
    await fs.rm(ssrDir, { recursive: true, force: true });
  }
}

/** The Vite plugin: writes the frame once the web app's build has written its files. */
export function exploreFrame(projectRoot: string): Plugin {
  let webRoot = '';
  let outDir = '';
  return {
    name: 'atlas-explore-frame',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    configResolved(config) {
      webRoot = config.root;
      outDir = config.build.outDir;
    },
    async closeBundle() {
      await writeExploreFrame(webRoot, outDir, projectRoot);
    },
  };
}
