/**
 * API answers the server sent inside the page (server/modules/pages/prefetch.ts), by URL: the
 * explore screen's first card page. Each is handed out once, to the query asking for its exact
 * URL first (as its initial data), so later requests (a refetch, a new viewport) go to the
 * server as before.
 */
const ELEMENT_ID = 'atlas-prefetch';

let answers: Map<string, unknown> | undefined;

function load(): Map<string, unknown> {
  const found = new Map<string, unknown>();
  const element = typeof document === 'undefined' ? null : document.getElementById(ELEMENT_ID);
  if (!element?.textContent) return found;
  try {
    const parsed: unknown = JSON.parse(element.textContent);
    if (parsed && typeof parsed === 'object')
      for (const [url, body] of Object.entries(parsed as Record<string, unknown>)) found.set(url, body);
  } catch {
    // A broken element is no answer: the app asks the server.
  }
  element.remove();
  return found;
}

/** The answer sent with the page for `url` (API path and query), once; undefined otherwise. */
export function takePrefetched(url: string): unknown {
  answers ??= load();
  if (!answers.has(url)) return undefined;
  const body = answers.get(url);
  answers.delete(url);
  return body;
}
