/**
 * The API's problem texts in the page's language. The server writes them in English; the ones a
 * user can meet are catalogue messages (domain/problem-messages.ts): a fixed text is looked up
 * as it is, a text with variable parts is read back by its template and formatted with the
 * arguments read. A text the catalogue does not know is shown as the server wrote it. Loaded by
 * the API client only when a translated page receives a problem (api-client.ts).
 */
import type { formatMessage } from '#domain/message-format';
import { readProblemText } from '#domain/problem-messages';
import type { Problem } from '#domain/problem';
import { currentLanguage, translation } from './i18n.ts';

type Format = typeof formatMessage;

/** One server text in the page's language. */
function translateOne(text: string, format: Format): string | null {
  const translated = translation(text);
  if (translated !== text) return translated;
  const read = readProblemText(text);
  return read ? format(currentLanguage(), translation(read.message), read.values) : null;
}

/**
 * `text` from the API in the page's language; several validation messages, which the server
 * joins with '; ', each on its own. Unknown texts (and parts) stay as they are.
 */
export function problemText(text: string, format: Format): string {
  return (
    translateOne(text, format) ??
    text
      .split('; ')
      .map((part) => translateOne(part, format) ?? part)
      .join('; ')
  );
}

/**
 * `problem` with its title, detail and field messages in the page's language. The ICU formatter
 * comes with it, not before: the API client's chunk, on every page, names only this module.
 */
export async function translateProblem<P extends Problem>(problem: P): Promise<P> {
  const { formatMessage } = await import('#domain/message-format');
  const text = (t: string) => problemText(t, formatMessage);
  return {
    ...problem,
    title: text(problem.title),
    detail: typeof problem.detail === 'string' ? text(problem.detail) : problem.detail,
    ...(Array.isArray(problem.errors)
      ? { errors: problem.errors.map((e) => ({ ...e, message: text(e.message) })) }
      : {}),
  };
}
