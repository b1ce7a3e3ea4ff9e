import { formatMessage, type MessageValues } from '#domain/message-format';
import { currentLanguage, translation } from './i18n.ts';

/**
 * `message` (its English text, ICU MessageFormat with `{count, plural, …}`) in the page's
 * language: `plural('{count, plural, one {# building} other {# buildings}}', { count })`. Apart
 * from `t` (i18n.ts), so only the screens that count carry the ICU formatter.
 */
export function plural(message: string, values: MessageValues): string {
  return formatMessage(currentLanguage(), translation(message), values);
}
