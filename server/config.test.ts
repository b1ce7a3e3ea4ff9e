import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({}, '/srv/atlas');
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('/srv/atlas/data'),
      databaseUrl: undefined,
      publicUrl: 'http://127.0.0.1:3000',
      nodeEnv: 'development',
      seed: true,
      worker: true,
      workerConcurrency: 2,
      pgliteSharedBuffersMb: 16,
    });
  });

  it('reads PGLITE_SHARED_BUFFERS_MB and refuses a value PGlite cannot take', () => {
    expect(loadConfig({ PGLITE_SHARED_BUFFERS_MB: '64' }).pgliteSharedBuffersMb).toBe(64);
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS_MB: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS_MB: '1.5' })).toThrow(/PGLITE_SHARED_BUFFERS_MB/);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).databaseUrl).toBeUndefined();
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/atlas',
      DATABASE_URL: 'postgres://u@db:5432/atlas',
      PUBLIC_URL: 'https://atlas.example/',
      NODE_ENV: 'production',
      SEED: 'false',
      WORKER: 'false',
      WORKER_CONCURRENCY: '8',
    });
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/var/atlas',
      databaseUrl: 'postgres://u@db:5432/atlas',
      publicUrl: 'https://atlas.example',
      nodeEnv: 'production',
      seed: false,
      worker: false,
      workerConcurrency: 8,
    });
  });

  it('lists every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        PUBLIC_URL: 'not a url',
        SEED: 'maybe',
        WORKER: 'yes',
        WORKER_CONCURRENCY: '0',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toContain('PORT');
    expect(problems).toContain('DATABASE_URL');
    expect(problems).toContain('PUBLIC_URL');
    expect(problems).toContain('SEED');
    expect(problems).toContain('WORKER:');
    expect(problems).toContain('WORKER_CONCURRENCY');
    expect((error as ConfigError).message).toMatch(/^Invalid configuration:/);
  });

  it('names a bad variable once though several areas read it, beside the rules other areas refuse', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', NODE_ENV: 'production', JOB_TEST_DELAY_MS: '5', STORAGE: 's3' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { problems } = error as ConfigError;
    expect(problems.filter((p) => p.startsWith('PORT:'))).toHaveLength(1);
    expect(problems).toContain('JOB_TEST_DELAY_MS: a test hook, not allowed when NODE_ENV=production');
    expect(problems).toContain('S3_BUCKET: required when STORAGE=s3');
  });

  it('takes the default of a variable set to blanks', () => {
    expect(loadConfig({ PORT: '  ', GOOGLE_ISSUERS: '' })).toMatchObject({
      port: 3000,
      googleIssuers: ['accounts.google.com', 'https://accounts.google.com'],
    });
  });
});

describe('sign-in configuration', () => {
  it('defaults to Google issuers and JWKS, and offers the dev sign-in only without Google outside production', () => {
    const c = loadConfig({});
    expect(c.googleClientId).toBeUndefined();
    expect(c.googleJwksUrl).toBe('https://www.googleapis.com/oauth2/v3/certs');
    expect(c.googleIssuers).toEqual(['accounts.google.com', 'https://accounts.google.com']);
    expect(c.devLogin).toBe(true);
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com' }).devLogin).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).devLogin).toBe(false);
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id', AUTH_DEV_LOGIN: 'true' }).devLogin).toBe(true);
    expect(loadConfig({ AUTH_DEV_LOGIN: 'false' }).devLogin).toBe(false);
  });

  // The demo sign-in lets anyone be the demo user (and any Google-less user).
  it.each([
    // HOST, Google configured, NODE_ENV, AUTH_DEV_LOGIN → demo sign-in (or a start refusal)
    ['127.0.0.1', false, 'development', undefined, true],
    ['::1', false, 'development', undefined, true],
    ['localhost', false, 'test', undefined, true],
    ['0.0.0.0', false, 'development', undefined, false],
    ['::', false, 'development', undefined, false],
    ['192.168.1.20', false, 'development', undefined, false],
    ['127.0.0.1', true, 'development', undefined, false],
    ['0.0.0.0', true, 'development', undefined, false],
    ['127.0.0.1', false, 'production', undefined, false],
    ['0.0.0.0', false, 'production', undefined, false],
    ['0.0.0.0', false, 'development', 'true', true],
    ['0.0.0.0', true, 'development', 'true', true],
    ['127.0.0.1', false, 'development', 'false', false],
    ['127.0.0.1', false, 'production', 'true', 'refused'],
    ['0.0.0.0', true, 'production', 'true', 'refused'],
  ] as const)(
    'HOST=%s Google=%s NODE_ENV=%s AUTH_DEV_LOGIN=%s → %s',
    (host, google, nodeEnv, flag, expected) => {
      const env = {
        HOST: host,
        NODE_ENV: nodeEnv,
        ...(google ? { GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com' } : {}),
        ...(flag === undefined ? {} : { AUTH_DEV_LOGIN: flag }),
      };
      if (expected === 'refused') {
        expect(() => loadConfig(env)).toThrow(
          /AUTH_DEV_LOGIN: the demo sign-in cannot be enabled when NODE_ENV=production/,
        );
      } else {
        expect(loadConfig(env).devLogin).toBe(expected);
      }
    },
  );

  it('refuses a plain-http JWKS URL in production, with a message that says why', () => {
    const env = {
      NODE_ENV: 'production',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_JWKS_URL: 'http://keys.example/certs',
    };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(
      /GOOGLE_JWKS_URL: must be an https:\/\/ URL when NODE_ENV=production/,
    );
    expect(loadConfig({ ...env, GOOGLE_JWKS_URL: 'https://keys.example/certs' }).googleJwksUrl).toBe(
      'https://keys.example/certs',
    );
    // Tests and development may serve keys on a loopback http port.
    expect(loadConfig({ ...env, NODE_ENV: 'test' }).googleJwksUrl).toBe('http://keys.example/certs');
  });

  it('names the session cookie __Host-atlas_session over https, atlas_session over http', () => {
    expect(loadConfig({}).sessionCookie).toBe('atlas_session');
    expect(loadConfig({ PUBLIC_URL: 'http://atlas.example' }).sessionCookie).toBe('atlas_session');
    expect(loadConfig({ PUBLIC_URL: 'https://atlas.example' }).sessionCookie).toBe('__Host-atlas_session');
  });

  it('reads the absolute session lifetime and the place-search budget, with defaults', () => {
    expect(loadConfig({}).sessionMaxAgeMs).toBe(30 * 86_400_000);
    expect(loadConfig({}).placesPerUserPerDay).toBe(300);
    const c = loadConfig({ SESSION_MAX_AGE_DAYS: '7', PLACES_PER_USER_PER_DAY: '50' });
    expect(c.sessionMaxAgeMs).toBe(7 * 86_400_000);
    expect(c.placesPerUserPerDay).toBe(50);
    expect(() => loadConfig({ SESSION_MAX_AGE_DAYS: '0' })).toThrow(/SESSION_MAX_AGE_DAYS/);
    expect(() => loadConfig({ PLACES_PER_USER_PER_DAY: 'lots' })).toThrow(/PLACES_PER_USER_PER_DAY/);
  });

  it('reads a list of issuers', () => {
    expect(loadConfig({ GOOGLE_ISSUERS: ' https://a.example , b.example ' }).googleIssuers).toEqual([
      'https://a.example',
      'b.example',
    ]);
  });

  it('refuses to start with the dev sign-in in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', AUTH_DEV_LOGIN: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', AUTH_DEV_LOGIN: 'true' })).toThrow(/AUTH_DEV_LOGIN/);
  });

  it('refuses a JWKS URL that is not http(s)', () => {
    expect(() => loadConfig({ GOOGLE_JWKS_URL: 'ftp://keys' })).toThrow(/GOOGLE_JWKS_URL/);
  });
});
