/**
 * The About and Privacy pages' prose in the page's language: a catalogue of its own
 * (domain/messages/pages/), loaded with those pages' code rather than put in every translated
 * page, which keeps a translated first visit within its budget (bench/README.md, languages).
 * English loads nothing.
 */
import { addMessages, currentLanguage, type Catalogue } from './i18n.ts';

const loaders: Record<string, () => Promise<{ default: Catalogue }>> = {
  fr: () => import('#domain/messages/pages/fr'),
  de: () => import('#domain/messages/pages/de'),
  es: () => import('#domain/messages/pages/es'),
  ja: () => import('#domain/messages/pages/ja'),
  ar: () => import('#domain/messages/pages/ar'),
};

let loaded: Promise<void> | undefined;

/** Loads the prose of the page's language once (nothing for English). */
export function loadPageProse(): Promise<void> {
  const load = loaders[currentLanguage()];
  loaded ??= load ? load().then((m) => addMessages(m.default)) : Promise.resolve();
  return loaded;
}
