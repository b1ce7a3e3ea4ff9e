import { describe, expect, it } from 'vitest';
import { userNavItems } from './user-nav.ts';

const labels = (items: { label: string }[]) => items.map((i) => i.label);

describe('user page side navigation (product §2 and 6)', () => {
  it('shows nothing to a signed-out visitor', () => {
    expect(userNavItems('ada', { isLoggedIn: false, isOwnProfile: false })).toEqual([]);
  });

  it('shows Lists, Buildings, Images and Stats on another user’s profile', () => {
    expect(labels(userNavItems('ada', { isLoggedIn: true, isOwnProfile: false }))).toEqual([
      'Lists',
      'Buildings',
      'Images',
      'Stats',
    ]);
  });

  it('adds Settings on the own profile, with paths under /user/{handle}', () => {
    const items = userNavItems('ada', { isLoggedIn: true, isOwnProfile: true });
    expect(labels(items)).toEqual(['Lists', 'Buildings', 'Images', 'Settings', 'Stats']);
    expect(items.map((i) => i.path)).toEqual([
      '/user/ada/lists',
      '/user/ada/buildings',
      '/user/ada/images',
      '/user/ada/settings',
      '/user/ada/stats',
    ]);
  });
});
