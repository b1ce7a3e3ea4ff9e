import { Badge } from '@mantine/core';
import type { Role } from '#domain/roles';
import { t } from '../lib/i18n.ts';

/** A small badge beside a moderator's or admin's handle; nothing for everyone else. */
export function RoleBadge({ role }: { role: Role }) {
  if (role === 'user') return null;
  return (
    <Badge variant="light" color={role === 'admin' ? 'grape' : 'blue'} size="sm">
      {role === 'admin' ? t('Admin') : t('Moderator')}
    </Badge>
  );
}

/**
 * The mark on a building, image or comment that moderators hid: only its owner (and moderators)
 * still get it from the API (`hidden: true`), so they see why nobody else does.
 */
export function HiddenByModeratorsBadge({ hidden }: { hidden?: boolean }) {
  if (!hidden) return null;
  return (
    <Badge variant="light" color="orange" size="sm" w="fit-content">
      {t('Hidden by moderators')}
    </Badge>
  );
}
