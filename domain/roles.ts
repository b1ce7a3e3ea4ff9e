/**
 * Roles and who may do what to whom in the community's governance: pure rules, used by the server's
 * one role hook and by the moderation services (and by the web, to show or hide actions).
 *
 * - `user` (everyone, by default), `moderator` (resolves reports, hides and restores content,
 *   suspends users), `admin` (all of a moderator's rights, and grants or withdraws the moderator
 *   role). An admin is made by ADMIN_EMAILS (a Google sign-in) or the CLI, never through the API.
 */
export const USER_ROLES = ['user', 'moderator', 'admin'] as const;
export type Role = (typeof USER_ROLES)[number];

/** The roles the API may give (PUT /api/users/{handle}/role): admin comes only from ADMIN_EMAILS or the CLI. */
export const GRANTABLE_ROLES = ['moderator', 'user'] as const;

const RANK: Record<Role, number> = { user: 0, moderator: 1, admin: 2 };

/** True when `role` has at least the rights of `needed` (an admin is also a moderator). */
export function hasRole(role: Role, needed: Role): boolean {
  return RANK[role] >= RANK[needed];
}

export const isModerator = (actor: { role: Role } | null | undefined): boolean =>
  !!actor && hasRole(actor.role, 'moderator');

/** What an actor may do to a user account. */
export type UserAction = 'set_role' | 'suspend';

export interface Actor {
  id: number;
  role: Role;
}

export interface TargetUser {
  id: number;
  role: Role;
  is_system: boolean;
}

/**
 * Why `actor` may not do `action` to `target`, in words a user may read, or null when allowed:
 * - set_role: admins only; never one's own role, an admin's or the system account's;
 * - suspend (and unsuspend): moderators and admins; never oneself, the system account or an
 *   admin, and only an admin suspends a moderator.
 */
export function refusal(actor: Actor | null, action: UserAction, target: TargetUser): string | null {
  if (!actor) return 'You need to be logged in to perform this action.';
  if (target.is_system) return 'The catalogue account has no role and cannot be suspended.';
  if (actor.id === target.id) {
    return action === 'set_role' ? 'You cannot change your own role.' : 'You cannot suspend yourself.';
  }
  if (action === 'set_role') {
    if (actor.role !== 'admin') return 'Only an admin can change roles.';
    if (target.role === 'admin') return "An admin's role is set by ADMIN_EMAILS or the command line.";
    return null;
  }
  if (!isModerator(actor)) return 'Only moderators can suspend users.';
  if (target.role === 'admin') return 'An admin cannot be suspended.';
  if (target.role === 'moderator' && actor.role !== 'admin') return 'Only an admin can suspend a moderator.';
  return null;
}

/** True when `actor` may do `action` to `target` (see refusal). */
export const can = (actor: Actor | null, action: UserAction, target: TargetUser): boolean =>
  refusal(actor, action, target) === null;

/**
 * Whether a viewer sees content a moderator hid: its owner (to know what happened to it) and
 * moderators (to review it) do; everyone else does not.
 */
export function seesHidden(viewer: Actor | null, ownerId: number | null): boolean {
  if (!viewer) return false;
  return isModerator(viewer) || (ownerId !== null && viewer.id === ownerId);
}
