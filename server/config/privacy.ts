/** What the privacy page (/privacy) says about who runs the site. */
import { area, setting, text } from './setting.ts';

/** Longest contact the page shows: an email address, a postal address or a URL. */
const CONTACT_MAX = 300;

export const privacySettings = area(
  {
    OPERATOR_CONTACT: setting(text.max(CONTACT_MAX).optional(), {
      shown: 'empty',
      text: 'how people reach whoever runs the site about their data (an email address, a postal address or a URL), shown on the privacy page; fill it in before opening the site to the public',
    }),
  },
  {},
  (e) => ({
    /** The operator's contact for the privacy page, or null when not configured (the page says so). */
    operatorContact: e.OPERATOR_CONTACT ?? null,
  }),
);
