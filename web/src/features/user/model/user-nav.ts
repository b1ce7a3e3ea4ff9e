import { userSectionHref, type UserSection } from '#domain/pages';

export type { UserSection };

export interface UserNavItem {
  section: UserSection;
  label: string;
  path: string;
}

const SECTIONS: { section: UserSection; label: string }[] = [
  { section: 'lists', label: 'Lists' },
  { section: 'buildings', label: 'Buildings' },
  { section: 'images', label: 'Images' },
  { section: 'settings', label: 'Settings' },
  { section: 'stats', label: 'Stats' },
];

export function userSectionPath(handle: string, section: UserSection): string {
  return userSectionHref(handle, section);
}

/**
 * Product §2 and 6: the user page's side navigation shows only to a signed-in user; Settings only
 * on the user's own profile.
 */
export function userNavItems(
  handle: string,
  viewer: { isLoggedIn: boolean; isOwnProfile: boolean },
): UserNavItem[] {
  if (!viewer.isLoggedIn) return [];
  return SECTIONS.filter(({ section }) => section !== 'settings' || viewer.isOwnProfile).map(
    ({ section, label }) => ({ section, label, path: userSectionPath(handle, section) }),
  );
}
