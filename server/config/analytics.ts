/** Where product analytics events go. */
import { area, httpUrl, setting } from './setting.ts';

export const analyticsSettings = area(
  {
    ANALYTICS_URL: setting(httpUrl.optional(), {
      text: 'events (`building_created`, `image_upload`) are POSTed here as JSON; unset logs each as one `analytics event` line',
    }),
  },
  {},
  (e) => ({
    /** Analytics events are POSTed here as JSON; undefined logs them instead. */
    analyticsUrl: e.ANALYTICS_URL,
  }),
);
