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

export type Catalogue = Readonly<Record<string, string>>;

export const CATALOGUES: Record<Exclude<Language, 'en'>, Catalogue> = { fr, de, es, ja, ar };

/** `message` (its English text) in `language`, its arguments filled; English when untranslated. */
export function translate(language: Language, message: string, values?: MessageValues): string {
  const catalogue: Catalogue | undefined = language === 'en' ? undefined : CATALOGUES[language];
  return formatMessage(language, catalogue?.[message] ?? message, values);
}
