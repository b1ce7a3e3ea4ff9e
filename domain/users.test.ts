import { describe, expect, it } from 'vitest';
import { HANDLE_HINT, handleFromEmail, handleProblem, isValidHandle } from './users.ts';

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

describe('handleFromEmail', () => {
  it.each([
    ['ada.lovelace@example.com', 'ada_lovelace'],
    ['Ada.Lovelace+tag@example.com', 'ada_lovelace_tag'],
    ['--weird..name--@x.org', 'weird_name'],
    ['josé.núñez@example.es', 'jose_nunez'],
    ['李@example.cn', 'user'],
    ['a'.repeat(60) + '@x.org', 'a'.repeat(25)],
  ])('%s -> %s', (email, handle) => {
    expect(handleFromEmail(email)).toBe(handle);
    expect(isValidHandle(handleFromEmail(email))).toBe(true);
  });
});
