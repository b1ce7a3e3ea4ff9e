import countries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json';

countries.registerLocale(english);

export interface CountryOption {
  /** ISO 3166-1 alpha-2 code, as the address carries it. */
  value: string;
  label: string;
}

/** Product §2 step 2: the country selector's options, every ISO 3166 country with its English name, by name. */
export const COUNTRY_OPTIONS: readonly CountryOption[] = Object.entries(
  countries.getNames('en', { select: 'official' }),
)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label, 'en'));

const COUNTRY_CODES: ReadonlySet<string> = new Set(COUNTRY_OPTIONS.map((c) => c.value));

/** True for a code the country selector offers. */
export function isCountryCode(code: string): boolean {
  return COUNTRY_CODES.has(code);
}

const translated = new Map<string, readonly CountryOption[]>();

/**
 * The same countries named in `language` (the browser's own names, Intl.DisplayNames) and sorted
 * in that language's alphabetical order (Intl.Collator); the values stay the codes. English keeps
 * COUNTRY_OPTIONS' names; a name the browser lacks stays English.
 */
export function countryOptions(language: string): readonly CountryOption[] {
  if (language === 'en') return COUNTRY_OPTIONS;
  let options = translated.get(language);
  if (!options) {
    const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
    const collator = new Intl.Collator(language);
    options = COUNTRY_OPTIONS.map(({ value, label }) => ({ value, label: names.of(value) ?? label })).sort(
      (a, b) => collator.compare(a.label, b.label),
    );
    translated.set(language, options);
  }
  return options;
}
