import { describe, expect, it } from 'vitest';
import {
  rememberWelcomeSkipped,
  shouldWelcome,
  skippedWelcomeIds,
  WELCOME_SKIPPED_STORAGE_KEY,
} from './welcome.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  };
}

describe('welcome step after the first sign-in', () => {
  it('shows for a signed-in user whose handle is still the generated one', () => {
    expect(shouldWelcome({ id: 1, handle: 'user_0123456789' }, [])).toBe(true);
    expect(shouldWelcome({ id: 1, handle: 'ada' }, [])).toBe(false);
    expect(shouldWelcome(null, [])).toBe(false);
  });

  it('does not show again once the user skipped it on this browser', () => {
    const storage = memoryStorage();
    rememberWelcomeSkipped(storage, 1);
    rememberWelcomeSkipped(storage, 1);
    expect(skippedWelcomeIds(storage)).toEqual([1]);
    expect(shouldWelcome({ id: 1, handle: 'user_0123456789' }, skippedWelcomeIds(storage))).toBe(false);
    expect(shouldWelcome({ id: 2, handle: 'user_abcdefghjk' }, skippedWelcomeIds(storage))).toBe(true);
  });

  it('reads broken or missing storage as nothing skipped', () => {
    expect(skippedWelcomeIds(undefined)).toEqual([]);
    expect(skippedWelcomeIds(memoryStorage({ [WELCOME_SKIPPED_STORAGE_KEY]: '{oops' }))).toEqual([]);
    expect(skippedWelcomeIds(memoryStorage({ [WELCOME_SKIPPED_STORAGE_KEY]: '[1,"x",2.5,3]' }))).toEqual([
      1, 3,
    ]);
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => rememberWelcomeSkipped(full, 1)).not.toThrow();
  });
});
