/**
 * The web app's language: the one the server rendered the page in (`<html lang>`, chosen by
 * domain/languages.ts), with its catalogue, which the server puts in the page itself
 * (MESSAGES_ELEMENT_ID): no request and no code to load it, and nothing at all on English pages.
 * Messages are keyed by their English text, so English needs no catalogue and its pages carry
 * no more than the texts they always had. Changing the language reloads the page with `?lang=`
 * (the server remembers it and paints the first frame in it), so the language never changes
 * under a rendered screen and `t` needs no React context.
 * Decision: docs/decisions/2026-11-27-languages.md.
 */
import { MESSAGES_ELEMENT_ID } from '#domain/page-messages';

export type Catalogue = Readonly<Record<string, string>>;

let language = 'en';
let catalogue: Catalogue = {};

/** The page's language ('en', 'fr', …). */
export const currentLanguage = (): string => language;

export type MessageValues = Readonly<Record<string, string | number>>;

/**
 * `message` (its English text) in the page's language, its `{arguments}` filled. Plain arguments
 * only, which every screen needs: a message with a plural goes through `plural()`
 * (i18n-plural.ts), whose ICU formatter the screens that count load with them.
 */
export function t(message: string, values?: MessageValues): string {
  return translation(message).replace(/\{(\w+)\}/g, (_, name: string) => String(values?.[name] ?? ''));
}

/** The page's translation of `message` (its English text when it has none). */
export function translation(message: string): string {
  return catalogue[message] ?? message;
}

/** Adds messages of the page's language loaded with a screen's code (i18n-pages.ts). */
export function addMessages(messages: Catalogue): void {
  catalogue = { ...catalogue, ...messages };
}

/** Makes `next` the language of `t` (the page's, below; tests). */
export function setCatalogue(next: string, messages: Catalogue): void {
  language = next;
  catalogue = messages;
}

// The page's language and catalogue, taken from the page as this module loads: before any
// module that imports it, so before the app's first render.
const messages = typeof document === 'undefined' ? null : document.getElementById(MESSAGES_ELEMENT_ID);
if (messages) setCatalogue(document.documentElement.lang, JSON.parse(messages.textContent) as Catalogue);
