import { describe, expect, it } from 'vitest';
import { isDiskFull } from '../http/errors.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('knows refused, dropped and shutting-down connections, also wrapped by Drizzle', () => {
    expect(isDatabaseUnavailable(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(
      isDatabaseUnavailable(withCode('terminating connection due to administrator command', '57P01')),
    ).toBe(true);
    expect(isDatabaseUnavailable(withCode('the database system is starting up', '57P03'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('connection failure', '08006'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    const wrapped = new Error('Failed query: select 1', {
      cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED'),
    });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
  });

  it('leaves query errors alone', () => {
    expect(isDatabaseUnavailable(withCode('duplicate key value', '23505'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('syntax error', '42601'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: new Error('boom') }))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});

describe('isDiskFull', () => {
  it('knows ENOSPC and EDQUOT', () => {
    expect(isDiskFull(withCode('no space left on device', 'ENOSPC'))).toBe(true);
    expect(isDiskFull(withCode('disk quota exceeded', 'EDQUOT'))).toBe(true);
    expect(isDiskFull(withCode('permission denied', 'EACCES'))).toBe(false);
    expect(isDiskFull(null)).toBe(false);
  });
});
