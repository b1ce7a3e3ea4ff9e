import { describe, expect, it } from 'vitest';
import { createReportBodySchema, isSuspended, suspendBodySchema, suspendedMessage } from './moderation.ts';
import { isHideable } from './moderation-terms.ts';

describe('moderation rules', () => {
  it('a suspension is in force from suspended_at until suspended_until (or until lifted)', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    expect(isSuspended({ suspended_at: null, suspended_until: null }, now)).toBe(false);
    expect(isSuspended({ suspended_at: now, suspended_until: null }, now)).toBe(true);
    expect(isSuspended({ suspended_at: now, suspended_until: new Date('2026-12-01T00:00:00Z') }, now)).toBe(
      true,
    );
    expect(isSuspended({ suspended_at: now, suspended_until: new Date('2026-11-27T11:00:00Z') }, now)).toBe(
      false,
    );
  });

  it('the suspended user is told why and until when', () => {
    expect(suspendedMessage(null)).toBe('Your account is suspended; you cannot sign in or make changes.');
    expect(suspendedMessage(new Date('2026-12-01T00:00:00Z'))).toContain('until 2026-12-01');
  });

  it('buildings, images and comments can be hidden; users are suspended and architects corrected instead', () => {
    expect(['building', 'image', 'comment'].every((t) => isHideable(t as 'building'))).toBe(true);
    expect(isHideable('user')).toBe(false);
    expect(isHideable('architect')).toBe(false);
  });

  it('a report names a known target type and reason; the note is optional and bounded', () => {
    expect(
      createReportBodySchema.safeParse({ target_type: 'building', target_id: 1, reason: 'spam' }).success,
    ).toBe(true);
    expect(
      createReportBodySchema.safeParse({ target_type: 'style', target_id: 1, reason: 'spam' }).success,
    ).toBe(false);
    expect(
      createReportBodySchema.safeParse({ target_type: 'image', target_id: 1, reason: 'rude' }).success,
    ).toBe(false);
    expect(
      createReportBodySchema.safeParse({
        target_type: 'image',
        target_id: 1,
        reason: 'other',
        note: 'x'.repeat(1001),
      }).success,
    ).toBe(false);
  });

  it('a suspension needs a reason; its end is an ISO date and time', () => {
    expect(suspendBodySchema.safeParse({ reason: ' ' }).success).toBe(false);
    expect(suspendBodySchema.safeParse({ reason: 'spam', until: 'tomorrow' }).success).toBe(false);
    expect(suspendBodySchema.safeParse({ reason: 'spam', until: '2026-12-01T00:00:00Z' }).success).toBe(true);
  });
});
