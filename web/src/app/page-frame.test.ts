// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { applyDeferredStylesheets, removePageFrame } from './page-frame.ts';

describe("the map pages' frame and deferred stylesheets (server/modules/pages/explore-frame.ts)", () => {
  it('applies each deferred stylesheet right after its preload, waits for it, and removes the frame and its style', async () => {
    document.head.innerHTML =
      '<link rel="preload" as="style" crossorigin href="/a.css" data-atlas-stylesheet>' +
      '<link rel="preload" as="style" href="/other.css">' +
      '<link rel="stylesheet" href="/later.css">' +
      '<style id="atlas-shell-style">.frame{}</style>';
    document.body.innerHTML = '<div id="atlas-shell">frame</div><div id="root"></div>';
    const applied = applyDeferredStylesheets();
    const links = [...document.head.querySelectorAll('link')].map(
      (l) => `${l.rel} ${l.getAttribute('href')}`,
    );
    // In place: before the stylesheets that follow it in the head; other preloads are left alone.
    expect(links).toEqual([
      'preload /a.css',
      'stylesheet /a.css',
      'preload /other.css',
      'stylesheet /later.css',
    ]);
    const sheet = document.head.querySelectorAll('link')[1]!;
    expect(sheet.getAttribute('crossorigin')).toBe('');
    let done = false;
    void applied.then(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(false);
    sheet.dispatchEvent(new Event('load'));
    await applied;

    removePageFrame();
    expect(document.getElementById('atlas-shell')).toBeNull();
    // Its style too: it repeats rules of the app's stylesheets after them.
    expect(document.getElementById('atlas-shell-style')).toBeNull();
    expect(document.getElementById('root')).not.toBeNull();
  });

  it('has nothing to wait for on pages without deferred stylesheets', async () => {
    document.head.innerHTML = '<link rel="stylesheet" href="/index.css">';
    await expect(applyDeferredStylesheets()).resolves.toBeUndefined();
    expect(document.head.querySelectorAll('link')).toHaveLength(1);
  });
});
