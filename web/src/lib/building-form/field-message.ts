import { t } from '../i18n.ts';

/**
 * A building field's message (building-fields.ts gives the schemas' English, the API's own words)
 * in the page's language. The year range names the current year, so it is a message with
 * arguments; every other message is a catalogue text as it is (BUILDING_MESSAGES).
 */
export function fieldError(message: string | undefined): string | undefined {
  if (!message) return message;
  const range = /^(Year built|Year demolished) must be between (-?\d+) and (-?\d+)$/.exec(message);
  if (range) {
    const values = { min: range[2]!, max: range[3]! };
    return range[1] === 'Year built'
      ? t('Year built must be between {min} and {max}', values)
      : t('Year demolished must be between {min} and {max}', values);
  }
  if (message === 'Year built must be a whole number') return t('Year built must be a whole number');
  if (message === 'Year demolished must be a whole number')
    return t('Year demolished must be a whole number');
  return t(message);
}
