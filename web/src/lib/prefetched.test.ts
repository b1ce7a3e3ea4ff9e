// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { takePrefetched } from './prefetched.ts';

describe('answers sent with the page (server/modules/pages/prefetch.ts)', () => {
  it('hands each answer once, for its exact URL, and removes the element', () => {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = 'atlas-prefetch';
    element.textContent = JSON.stringify({
      '/api/buildings/?page=1': { items: ['sent'] },
      '/api/other': { other: true },
    });
    document.body.append(element);

    expect(takePrefetched('/api/buildings/?page=1')).toEqual({ items: ['sent'] });
    expect(document.getElementById('atlas-prefetch')).toBeNull();
    // Once only: the next request goes to the server.
    expect(takePrefetched('/api/buildings/?page=1')).toBeUndefined();
    // Not for another URL; the rest stays for its own request.
    expect(takePrefetched('/api/buildings/?page=2')).toBeUndefined();
    expect(takePrefetched('/api/other')).toEqual({ other: true });
  });
});
