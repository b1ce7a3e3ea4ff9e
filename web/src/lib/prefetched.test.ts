// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { apiGet } from './api-client.ts';
import { takePrefetched } from './prefetched.ts';

describe('answers sent with the page (server/modules/pages/prefetch.ts)', () => {
  it('hands each answer once, to a GET of its exact URL, and removes the element', async () => {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = 'atlas-prefetch';
    element.textContent = JSON.stringify({
      '/api/buildings/?page=1': { items: ['sent'] },
      '/api/other': { other: true },
    });
    document.body.append(element);

    await expect(apiGet('/buildings/?page=1')).resolves.toEqual({ items: ['sent'] });
    expect(document.getElementById('atlas-prefetch')).toBeNull();
    // Once only: the next request goes to the server (none here, so it fails).
    expect(takePrefetched('/api/buildings/?page=1')).toBeUndefined();
    await expect(apiGet('/buildings/?page=1', { baseUrl: 'http://127.0.0.1:9/api' })).rejects.toThrow();
    // Not for another URL; the rest stays for its own request.
    expect(takePrefetched('/api/buildings/?page=2')).toBeUndefined();
    expect(takePrefetched('/api/other')).toEqual({ other: true });
  });
});
