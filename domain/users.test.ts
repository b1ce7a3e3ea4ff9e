import { describe, expect, it } from 'vitest';
import { generatedHandle, isGeneratedHandle } from './generated-handle.ts';
import { HANDLE_HINT, handleProblem, isValidHandle } from './users.ts';

describe('handle rule (product §5: non-empty, lowercase letters, digits, underscores)', () => {
  it.each(['ada', 'ada_lovelace', 'user_42', '_', 'a'.repeat(30)])('accepts %s', (h) => {
    expect(isValidHandle(h)).toBe(true);
  });
  it.each([
    ['', 'Please enter a handle.'],
    ['Ada', HANDLE_HINT],
    ['ada lovelace', HANDLE_HINT],
    ['ada-lovelace', HANDLE_HINT],
    ['adà', HANDLE_HINT],
    ['a'.repeat(31), 'A handle can have at most 30 characters.'],
  ])('refuses %j', (h, why) => {
    expect(handleProblem(h)).toBe(why);
  });
});

describe("generatedHandle (a new account's handle carries nothing of its email)", () => {
  it('is user_ and ten base32 characters, a valid handle', () => {
    for (let i = 0; i < 50; i++) {
      const h = generatedHandle();
      expect(h).toMatch(/^user_[0-9a-hjkmnp-tv-z]{10}$/);
      expect(isValidHandle(h)).toBe(true);
    }
  });

  it('takes five bits of each random byte', () => {
    const bytes = Uint8Array.from([0, 1, 31, 32, 33, 255, 10, 17, 18, 30]);
    expect(generatedHandle(() => bytes)).toBe('user_01z01zahjy');
  });

  it('differs from one call to the next', () => {
    expect(new Set(Array.from({ length: 100 }, () => generatedHandle())).size).toBe(100);
  });

  it('is recognised as generated; a chosen handle is not', () => {
    expect(isGeneratedHandle(generatedHandle())).toBe(true);
    for (const h of ['ada', 'user_', 'user_42', 'user_0123456789a', 'user_abcdefghil', 'users_0123456789']) {
      expect(isGeneratedHandle(h)).toBe(false);
    }
  });
});
