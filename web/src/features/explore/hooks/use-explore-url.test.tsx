// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useExploreUrl, type ExploreUrl } from './use-explore-url.ts';

const seen: { latest?: ExploreUrl } = {};
function Probe() {
  const explore = useExploreUrl();
  useEffect(() => {
    seen.latest = explore;
  });
  return null;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <Probe /> },
      { path: '/buildings/:id', element: <Probe /> },
    ],
    {
      initialEntries: [path],
    },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const url = () => seen.latest!;

describe('useExploreUrl: the filters in the history', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('pushes a filter change, keeps the map and the path; Back returns to the previous filters', async () => {
    // The router warns that its flushSync needs react-router/dom's provider; the test does not.
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const router = renderAt('/buildings/7?map=12/48.8566/2.3522&utm=x');
    expect(url().view.needsPhotos).toBe(false);
    act(() => url().change((v) => ({ ...v, needsPhotos: true }), true));
    expect(router.state.historyAction).toBe('PUSH');
    expect(router.state.location.pathname).toBe('/buildings/7');
    expect(router.state.location.search).toBe('?utm=x&needsPhotos=1&map=12/48.8566/2.3522');
    expect(url().view.needsPhotos).toBe(true);

    act(() => url().change((v) => ({ ...v, selectedArchitecturalStyles: [7, 3] }), true));
    expect(router.state.location.search).toBe('?utm=x&styles=3,7&needsPhotos=1&map=12/48.8566/2.3522');

    await act(() => router.navigate(-1));
    expect(url().view.selectedArchitecturalStyles).toEqual([]);
    expect(url().view.needsPhotos).toBe(true);
    await act(() => router.navigate(-1));
    expect(url().view.needsPhotos).toBe(false);
  });

  it("replaces the entry for the time slider's year, and does nothing when nothing changes", async () => {
    const router = renderAt('/?needsPhotos=1');
    const key = router.state.location.key;
    act(() => url().change((v) => ({ ...v }), true));
    expect(router.state.location.key).toBe(key);
    act(() => url().change((v) => ({ ...v, standingInYear: 1935 }), false));
    await act(() => Promise.resolve());
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.search).toBe('?standingInYear=1935&needsPhotos=1');
    expect(url().view.standingInYear).toBe(1935);
  });
});
