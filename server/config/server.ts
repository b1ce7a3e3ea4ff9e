/** The process: where it listens, the address users reach it at, its mode and its logs. */
import { area, httpUrl, integer, oneOf, setting, text } from './setting.ts';

export const NODE_ENV = setting(oneOf(['development', 'production', 'test']), {
  default: 'development',
  text: 'set `production` in deployments (turns the demo sign-in off); `npm start` does not set it',
});
export const PORT = setting(integer(0, 65535), { default: '3000', text: 'HTTP port' });
export const HOST = setting(text, {
  default: '127.0.0.1',
  text: 'address to listen on (`0.0.0.0` to accept outside connections)',
});
export const PUBLIC_URL = setting(httpUrl.optional(), {
  shown: '`http://HOST:PORT`',
  text: 'the address users reach the site at; `https://…` makes the session cookie `__Host-atlas_session` (Secure), else it is `atlas_session`',
});

/** The address users reach the site at, without a trailing slash: PUBLIC_URL, else http://HOST:PORT. */
export const publicUrlOf = (e: { PUBLIC_URL?: string | undefined; HOST: string; PORT: number }) =>
  (e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/$/, '');

export const serverSettings = area(
  {
    PORT,
    HOST,
    PUBLIC_URL,
    NODE_ENV,
    LOG_LEVEL: setting(oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), {
      default: 'info',
      text: '`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`',
    }),
  },
  {},
  (e) => ({
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: publicUrlOf(e),
    logLevel: e.LOG_LEVEL,
  }),
);
