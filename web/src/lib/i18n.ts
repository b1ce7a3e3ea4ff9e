/**
 * The web app's language: the one the server rendered the page in (`<html lang>`, chosen by
 * domain/languages.ts), its catalogue loaded before the first render (loadLanguage in main.tsx).
 * Messages are keyed by their English text, so English needs no catalogue at all and its pages
 * carry no more than the texts they always had. Changing the language reloads the page with
 * `?lang=` (the server remembers it and paints the first frame in it), so the language never
 * changes under a rendered screen and `t` needs no React context.
 * Decision: docs/decisions/2026-11-27-languages.md.
 */
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '#domain/languages';
import { formatMessage, type MessageValues } from '#domain/message-format';

export type Catalogue = Readonly<Record<string, string>>;

let language: Language = DEFAULT_LANGUAGE;
let catalogue: Catalogue = {};

/** The page's language. */
export const currentLanguage = (): Language => language;

/** `message` (its English text, ICU MessageFormat) in the page's language, its arguments filled. */
export function t(message: string, values?: MessageValues): string {
  return formatMessage(language, catalogue[message] ?? message, values);
}

/** Makes `next` the language of `t` (tests, the frame's build and loadLanguage). */
export function setCatalogue(next: Language, messages: Catalogue): void {
  language = next;
  catalogue = messages;
}

/**
 * Loads the catalogue of the language the page is in (`<html lang>`): English has none; another
 * is its own chunk, downloaded only by its readers.
 */
export async function loadLanguage(tag = document.documentElement.lang): Promise<void> {
  if (!isLanguage(tag) || tag === 'en') return;
  const { default: messages } = await loaders[tag]();
  setCatalogue(tag, messages);
}

/** One chunk per language. */
const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: Catalogue }>> = {
  fr: () => import('#domain/messages/fr'),
  de: () => import('#domain/messages/de'),
  es: () => import('#domain/messages/es'),
  ja: () => import('#domain/messages/ja'),
  ar: () => import('#domain/messages/ar'),
};
