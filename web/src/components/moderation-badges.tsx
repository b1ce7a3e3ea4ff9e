import { Badge } from '@mantine/core';
import type { Role } from '#domain/roles';
import { t } from '../lib/i18n.ts';

/** How the role badge names the roles that get one (a plain user has none). */
export const ROLE_BADGE_LABELS: Partial<Record<Role, string>> = {
  moderator: 'Moderator',
  admin: 'Admin',
};

/** A small badge beside a moderator's or admin's handle; nothing for everyone else. */
export function RoleBadge({ role }: { role: Role }) {
  const label = ROLE_BADGE_LABELS[role];
  if (!label) return null;
  return (
    <Badge variant="light" color={role === 'admin' ? 'grape' : 'blue'} size="sm">
      {t(label)}
    </Badge>
  );
}

export const HIDDEN_BY_MODERATORS = 'Hidden by moderators';

/**
 * The mark on a building, image or comment that moderators hid: only its owner (and moderators)
 * still get it from the API (`hidden: true`), so they see why nobody else does.
 */
export function HiddenByModeratorsBadge({ hidden }: { hidden?: boolean }) {
  if (!hidden) return null;
  return (
    <Badge variant="light" color="orange" size="sm" w="fit-content">
      {t(HIDDEN_BY_MODERATORS)}
    </Badge>
  );
}
