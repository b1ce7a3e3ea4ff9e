// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { REPLIES_OPEN_KEY_PREFIX, readRepliesOpen, writeRepliesOpen } from './replies-visibility.ts';

describe('replies toggle remembered per comment for the session (product §2)', () => {
  afterEach(() => window.sessionStorage.clear());

  it('starts closed, and remembers open and closed per comment in sessionStorage', () => {
    expect(readRepliesOpen(4)).toBe(false);
    writeRepliesOpen(4, true);
    expect(readRepliesOpen(4)).toBe(true);
    expect(readRepliesOpen(5)).toBe(false);
    expect(window.sessionStorage.getItem(`${REPLIES_OPEN_KEY_PREFIX}4`)).toBe('1');
    writeRepliesOpen(4, false);
    expect(readRepliesOpen(4)).toBe(false);
    expect(window.localStorage.length).toBe(0);
  });

  it('a storage that throws reads as closed and ignores writes', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    } as unknown as Storage;
    expect(readRepliesOpen(1, broken)).toBe(false);
    expect(() => writeRepliesOpen(1, true, broken)).not.toThrow();
  });
});
