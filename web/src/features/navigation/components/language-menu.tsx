import { IconLanguage } from '@tabler/icons-react';
import { LANGUAGE_NAMES, LANGUAGE_PARAM, LANGUAGES } from '#domain/languages';
import { currentLanguage, t } from '../../../lib/i18n.ts';
import classes from './language-menu.module.css';

/**
 * The language menu: each language named in itself. Choosing one loads the page again with
 * `?lang=`, which the server remembers (a cookie) and paints the first frame in. A native select:
 * the smallest accessible menu, and the phone's own picker on phones.
 *
 * In the navigation bar (`inBar`) it shows as a language icon on small screens, and below 420 px,
 * where the bar has no room left, not at all: there the About page and the user's Settings have
 * it (with its label), and a first visit already follows the browser's language. Under a heading
 * of its own (`labelledBy`, the heading's id) it has no label: the heading names it.
 */
export function LanguageMenu({ inBar = false, labelledBy }: { inBar?: boolean; labelledBy?: string }) {
  if (labelledBy) {
    // Under a heading of its own (Settings): the heading names it, with no label repeating it.
    return (
      <select
        className={`${classes.language} ${classes.wide}`}
        aria-labelledby={labelledBy}
        value={currentLanguage()}
        onChange={(event) => choose(event.currentTarget.value)}
      >
        {options()}
      </select>
    );
  }
  if (!inBar) {
    return (
      <label className={classes.field}>
        <span>{t('Language')}</span>
        <select
          className={classes.language}
          value={currentLanguage()}
          onChange={(event) => choose(event.currentTarget.value)}
        >
          {options()}
        </select>
      </label>
    );
  }
  return (
    <span className={`${classes.wrap} ${classes.bar}`}>
      <IconLanguage className={classes.icon} size={20} stroke={1.5} aria-hidden />
      <select
        className={classes.language}
        aria-label={t('Language')}
        value={currentLanguage()}
        onChange={(event) => choose(event.currentTarget.value)}
      >
        {options()}
      </select>
    </span>
  );
}

/** Loads the page again in `language` (the server remembers it). */
function choose(language: string) {
  const url = new URL(window.location.href);
  url.searchParams.set(LANGUAGE_PARAM, language);
  window.location.assign(url);
}

function options() {
  return LANGUAGES.map((language) => (
    <option key={language} value={language} lang={language}>
      {LANGUAGE_NAMES[language]}
    </option>
  ));
}
