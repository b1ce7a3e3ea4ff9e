// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './idle.ts';

afterEach(() => vi.unstubAllGlobals());

describe('the next idle moment', () => {
  it('waits for the browser to be idle, at most the given time, and can be cancelled', () => {
    const requestIdleCallback = vi.fn(() => 7);
    const cancelIdleCallback = vi.fn();
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    vi.stubGlobal('cancelIdleCallback', cancelIdleCallback);
    const callback = vi.fn();
    const cancel = whenIdle(callback, 1000);
    expect(requestIdleCallback).toHaveBeenCalledWith(callback, { timeout: 1000 });
    expect(callback).not.toHaveBeenCalled();
    cancel();
    expect(cancelIdleCallback).toHaveBeenCalledWith(7);
  });

  it('runs at once in a browser without idle callbacks', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const callback = vi.fn();
    whenIdle(callback, 1000)();
    expect(callback).toHaveBeenCalledTimes(1);
  });
});
