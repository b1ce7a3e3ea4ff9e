import { describe, expect, it } from 'vitest';
import { can, hasRole, isModerator, refusal, seesHidden, type Actor, type TargetUser } from './roles.ts';

const admin: Actor = { id: 1, role: 'admin' };
const moderator: Actor = { id: 2, role: 'moderator' };
const user: Actor = { id: 3, role: 'user' };
const target = (role: TargetUser['role'], id = 10, is_system = false): TargetUser => ({
  id,
  role,
  is_system,
});

describe('roles', () => {
  it('an admin has the rights of a moderator and a user; a moderator not those of an admin', () => {
    expect(hasRole('admin', 'moderator')).toBe(true);
    expect(hasRole('admin', 'user')).toBe(true);
    expect(hasRole('moderator', 'admin')).toBe(false);
    expect(hasRole('user', 'moderator')).toBe(false);
    expect(isModerator(moderator)).toBe(true);
    expect(isModerator(admin)).toBe(true);
    expect(isModerator(user)).toBe(false);
    expect(isModerator(null)).toBe(false);
  });

  it('only an admin grants or withdraws the moderator role', () => {
    expect(can(admin, 'set_role', target('user'))).toBe(true);
    expect(can(admin, 'set_role', target('moderator'))).toBe(true);
    expect(refusal(moderator, 'set_role', target('user'))).toBe('Only an admin can change roles.');
    expect(can(user, 'set_role', target('user'))).toBe(false);
    expect(can(null, 'set_role', target('user'))).toBe(false);
  });

  it("no one changes their own role, an admin's (ADMIN_EMAILS or the CLI make admins) or the system account's", () => {
    expect(refusal(admin, 'set_role', target('admin', admin.id))).toBe('You cannot change your own role.');
    expect(can(admin, 'set_role', target('admin', 99))).toBe(false);
    expect(can(admin, 'set_role', target('user', 99, true))).toBe(false);
  });

  it('moderators suspend users; only an admin suspends a moderator; no one suspends an admin or themself', () => {
    expect(can(moderator, 'suspend', target('user'))).toBe(true);
    expect(can(admin, 'suspend', target('user'))).toBe(true);
    expect(can(moderator, 'suspend', target('moderator'))).toBe(false);
    expect(can(admin, 'suspend', target('moderator'))).toBe(true);
    expect(can(admin, 'suspend', target('admin', 99))).toBe(false);
    expect(can(moderator, 'suspend', target('moderator', moderator.id))).toBe(false);
    expect(can(user, 'suspend', target('user'))).toBe(false);
    expect(can(moderator, 'suspend', target('user', 99, true))).toBe(false);
  });

  it('hidden content is seen by its owner and by moderators only', () => {
    expect(seesHidden(null, 3)).toBe(false);
    expect(seesHidden(user, 3)).toBe(true);
    expect(seesHidden(user, 4)).toBe(false);
    expect(seesHidden(user, null)).toBe(false);
    expect(seesHidden(moderator, 4)).toBe(true);
    expect(seesHidden(admin, null)).toBe(true);
  });
});
