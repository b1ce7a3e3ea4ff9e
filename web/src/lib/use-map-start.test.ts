// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAP_START_QUIET_MS, useMapStart, yieldToMain } from './use-map-start.ts';

let idle: (() => void)[] = [];

describe('useMapStart (a page answers its visitor before the map starts)', () => {
  beforeEach(() => {
    idle = [];
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    vi.stubGlobal('cancelIdleCallback', () => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('with no delay starts at the first idle moment', () => {
    const { result } = renderHook(() => useMapStart(true, 0));
    expect(result.current).toBe(false);
    act(() => {
      vi.advanceTimersByTime(0);
    });
    expect(idle).toHaveLength(1);
    act(() => {
      idle[0]!();
    });
    expect(result.current).toBe(true);
  });

  it("waits the delay after the page's load, then for an idle moment", () => {
    const { result } = renderHook(() => useMapStart(true, MAP_START_QUIET_MS));
    // happy-dom's document has loaded: the delay counts from now.
    act(() => {
      vi.advanceTimersByTime(MAP_START_QUIET_MS - 1);
    });
    expect(idle).toHaveLength(0);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe(false);
    act(() => {
      idle[0]!();
    });
    expect(result.current).toBe(true);
  });

  it('starts the quiet wait over at every long task, and waits 10 s at most', () => {
    let report: (() => void) | undefined;
    class LongTaskObserver {
      static supportedEntryTypes = ['longtask'];
      constructor(callback: () => void) {
        report = callback;
      }
      observe() {}
      disconnect() {}
    }
    vi.stubGlobal('PerformanceObserver', LongTaskObserver);
    renderHook(() => useMapStart(true, MAP_START_QUIET_MS));
    act(() => {
      vi.advanceTimersByTime(MAP_START_QUIET_MS - 1);
      report!();
      vi.advanceTimersByTime(MAP_START_QUIET_MS - 1);
    });
    expect(idle).toHaveLength(0);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(idle).toHaveLength(1);

    idle = [];
    renderHook(() => useMapStart(true, MAP_START_QUIET_MS));
    for (let ms = 0; ms < 10_000; ms += 1000) {
      act(() => {
        vi.advanceTimersByTime(1000);
        report!();
      });
    }
    expect(idle).toHaveLength(1);
  });

  it('starts at once at the first touch, click, key, wheel or mouse move', () => {
    for (const input of ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'wheel']) {
      const { result, unmount } = renderHook(() => useMapStart(true, MAP_START_QUIET_MS));
      expect(result.current).toBe(false);
      act(() => {
        window.dispatchEvent(new Event(input));
      });
      expect(result.current).toBe(true);
      unmount();
    }
  });

  it('waits for ready (a building page waits for its panel), even through input', () => {
    const { result, rerender } = renderHook(({ ready }) => useMapStart(ready, 0), {
      initialProps: { ready: false },
    });
    act(() => {
      window.dispatchEvent(new Event('pointerdown'));
      vi.advanceTimersByTime(10_000);
    });
    expect(result.current).toBe(false);
    expect(idle).toHaveLength(0);
    rerender({ ready: true });
    act(() => {
      vi.advanceTimersByTime(0);
    });
    act(() => {
      idle[0]!();
    });
    expect(result.current).toBe(true);
  });
});

describe('yieldToMain', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("uses the browser's scheduler.yield where there is one", async () => {
    const yieldFn = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldFn });
    await yieldToMain();
    expect(yieldFn).toHaveBeenCalledOnce();
  });

  it('otherwise resolves in a later task', async () => {
    vi.stubGlobal('scheduler', undefined);
    const order: string[] = [];
    const yielded = yieldToMain().then(() => order.push('yielded'));
    await Promise.resolve();
    order.push('same task');
    await yielded;
    expect(order).toEqual(['same task', 'yielded']);
  });
});
