/**
 * Preloads of a map page's route code. The app loads each screen's code when the
 * router first needs it, so on a map page the explore screen's chunks were asked for only after
 * the app's own scripts had run, and their imports only after those had been parsed: three
 * round trips in a row on a slow phone. The build's manifest (dist/web/.vite/manifest.json) says
 * which files a route module needs; they are preloaded with the page instead (the map library
 * itself is not: it loads while the cards draw). Which route modules a page opens with comes from
 * the page table (domain/pages.ts, exploreMapModules).
 */
import path from 'node:path';
import { escapeHtml } from './page-head.ts';
import { jsonFileReader } from '../../lib/json-file-reader.ts';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Reads the build's manifest again when it changes (a build while the server runs). */
export function manifestReader(webDir: string | undefined): () => Manifest | undefined {
  return jsonFileReader<Manifest>(webDir ? path.join(webDir, '.vite', 'manifest.json') : undefined);
}

/**
 * `<link>`s preloading the scripts (modulepreload) and stylesheets of `routes` and of everything
 * they import statically, leaving out files the page already names.
 */
export function routePreloads(manifest: Manifest | undefined, routes: string[], page: string): string {
  if (!manifest) return '';
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  routes.forEach(visit);
  const named = (file: string) => page.includes(`/${file}"`);
  return [
    ...[...scripts]
      .filter((f) => !named(f))
      .map((f) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(f)}">`),
    // Preloaded, not applied: the route's import adds each stylesheet where the cascade wants it.
    ...[...styles]
      .filter((f) => !named(f))
      .map((f) => `<link rel="preload" as="style" crossorigin href="/${escapeHtml(f)}">`),
  ].join('');
}
