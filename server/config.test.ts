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
    });
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
