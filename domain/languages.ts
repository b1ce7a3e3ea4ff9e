/**
 * The languages of the site and how a visit picks one (product: every visitor in their own
 * language): `?lang=xx` chooses and is remembered in the LANGUAGE_COOKIE; without it the cookie,
 * then the browser's Accept-Language, then English. Zod-free: the web app's first chunk reads it.
 */
export const LANGUAGES = ['en', 'fr', 'de', 'es', 'ja', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's name in itself, as the language menu lists it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  fr: 'Français',
  de: 'Deutsch',
  es: 'Español',
  ja: '日本語',
  ar: 'العربية',
};

/** The query parameter that chooses a language (`/?lang=fr`). */
export const LANGUAGE_PARAM = 'lang';
/** The cookie that remembers the choice, for the server to render the first paint in it. */
export const LANGUAGE_COOKIE = 'lang';
/** A year, in seconds. */
export const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** The text direction of a language: Arabic is written right to left (web/src/app/provider.tsx says the same). */
export const textDirection = (language: Language): 'ltr' | 'rtl' => (language === 'ar' ? 'rtl' : 'ltr');

/**
 * The first of our languages in an Accept-Language header, by its q weights (RFC 9110 §12.5.4):
 * `fr-CH, fr;q=0.9, en;q=0.8` → fr; a region falls back to its language (`de-AT` → de); `*` and
 * unknown tags are skipped; null when none is ours.
 */
export function acceptedLanguage(header: string | undefined | null): Language | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      // A weight that is not a number counts as 0: the range is skipped.
      const q = params.find((p) => /^\s*q\s*=/i.test(p));
      const weight = q === undefined ? 1 : Number(q.split('=')[1]?.trim() || 'NaN');
      return { language: tag.trim().toLowerCase().split('-')[0] ?? '', weight, index };
    })
    .filter((entry) => entry.weight > 0 && Number.isFinite(entry.weight) && isLanguage(entry.language))
    // Highest weight first; equal weights keep the header's order.
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  const first = ranked[0]?.language;
  return isLanguage(first) ? first : null;
}

/** The language a request gets: `?lang=`, else the cookie, else Accept-Language, else English. */
export function resolveLanguage({
  query,
  cookie,
  acceptLanguage,
}: {
  query?: string | null | undefined;
  cookie?: string | null | undefined;
  acceptLanguage?: string | null | undefined;
}): Language {
  if (isLanguage(query)) return query;
  if (isLanguage(cookie)) return cookie;
  return acceptedLanguage(acceptLanguage) ?? DEFAULT_LANGUAGE;
}
