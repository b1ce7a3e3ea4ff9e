import { IconLanguage } from '@tabler/icons-react';
import { LANGUAGE_NAMES, LANGUAGE_PARAM, LANGUAGES } from '#domain/languages';
import { currentLanguage, t } from '../../../lib/i18n.ts';
import classes from './language-menu.module.css';

/**
 * The language menu of the navigation bar: each language named in itself. Choosing one loads the
 * page again with `?lang=`, which the server remembers (a cookie) and paints the first frame in.
 * A native select: the smallest accessible menu, and the phone's own picker on phones, where it
 * shows as a language icon (the bar has no room for a language's name beside the profile menu).
 */
export function LanguageMenu() {
  return (
    <span className={classes.wrap}>
      <IconLanguage className={classes.icon} size={20} stroke={1.5} aria-hidden />
      <select
        className={classes.language}
        aria-label={t('Language')}
        value={currentLanguage()}
        onChange={(event) => {
          const url = new URL(window.location.href);
          url.searchParams.set(LANGUAGE_PARAM, event.currentTarget.value);
          window.location.assign(url);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </span>
  );
}
