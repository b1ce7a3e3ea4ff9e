/**
 * Every language's catalogue, for the server (page heads and the explore frame in the visitor's
 * language). The web app never imports this file: it loads the one catalogue it needs
 * (web/src/lib/i18n.ts). Catalogues are keyed by the English text (ICU MessageFormat).
 */
import { formatMessage, type MessageValues } from './message-format.ts';
import type { Language } from './languages.ts';
import ar from './messages/ar.ts';
import de from './messages/de.ts';
import es from './messages/es.ts';
import fr from './messages/fr.ts';
import ja from './messages/ja.ts';
import arPages from './messages/pages/ar.ts';
import dePages from './messages/pages/de.ts';
import esPages from './messages/pages/es.ts';
import frPages from './messages/pages/fr.ts';
import jaPages from './messages/pages/ja.ts';

export type Catalogue = Readonly<Record<string, string>>;

/** What a translated page carries in itself (pages.routes.ts): every screen's messages. */
export const PAGE_CATALOGUES: Record<Exclude<Language, 'en'>, Catalogue> = { fr, de, es, ja, ar };

/** The About and Privacy pages' prose, which those pages load with their code (web/src/lib/i18n-pages.ts). */
export const PROSE_CATALOGUES: Record<Exclude<Language, 'en'>, Catalogue> = {
  fr: frPages,
  de: dePages,
  es: esPages,
  ja: jaPages,
  ar: arPages,
};

/** Every message of each language: both of the above. */
export const CATALOGUES: Record<Exclude<Language, 'en'>, Catalogue> = {
  fr: { ...fr, ...frPages },
  de: { ...de, ...dePages },
  es: { ...es, ...esPages },
  ja: { ...ja, ...jaPages },
  ar: { ...ar, ...arPages },
};

/** `message` (its English text) in `language`, its arguments filled; English when untranslated. */
export function translate(language: Language, message: string, values?: MessageValues): string {
  const catalogue: Catalogue | undefined = language === 'en' ? undefined : CATALOGUES[language];
  return formatMessage(language, catalogue?.[message] ?? message, values);
}
