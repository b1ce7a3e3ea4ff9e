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
    });
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/var/atlas',
      databaseUrl: 'postgres://u@db:5432/atlas',
      publicUrl: 'https://atlas.example',
      nodeEnv: 'production',
      seed: false,
    });
  });

  it('lists every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', PUBLIC_URL: 'not a url', SEED: 'maybe' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toContain('PORT');
    expect(problems).toContain('DATABASE_URL');
    expect(problems).toContain('PUBLIC_URL');
    expect(problems).toContain('SEED');
    expect((error as ConfigError).message).toMatch(/^Invalid configuration:/);
  });
});
