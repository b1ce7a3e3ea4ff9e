// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAfterFirstPaint } from './use-after-first-paint.ts';

let frames: FrameRequestCallback[] = [];

describe('useAfterFirstPaint (the map library loads once the screen has painted)', () => {
  beforeEach(() => {
    frames = [];
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', () => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is false at first, true in the task after the next frame', () => {
    const { result } = renderHook(() => useAfterFirstPaint());
    expect(result.current).toBe(false);
    expect(frames).toHaveLength(1);
    act(() => {
      frames[0]!(0);
    });
    expect(result.current).toBe(false);
    act(() => {
      vi.advanceTimersByTime(0);
    });
    expect(result.current).toBe(true);
  });

  it('waits for ready, and without frames (a hidden tab) gives up waiting after 250 ms', () => {
    const { result, rerender } = renderHook(({ ready }) => useAfterFirstPaint(ready), {
      initialProps: { ready: false },
    });
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(result.current).toBe(false);
    expect(frames).toHaveLength(0);
    rerender({ ready: true });
    act(() => {
      vi.advanceTimersByTime(249);
    });
    expect(result.current).toBe(false);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe(true);
  });
});
