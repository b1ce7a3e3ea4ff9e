import { describe, expect, it } from 'vitest';
import ar from '#domain/messages/ar';
import fr from '#domain/messages/fr';
import ja from '#domain/messages/ja';
import { setCatalogue } from '../../../lib/i18n.ts';
import { reasonsText, reportersText, suspendUntil, targetHref } from './queue-item.ts';

const summary = (building_id: number | null, title = 'x') => ({
  title,
  excerpt: null,
  owner: null,
  hidden: false,
  building_id,
});

describe('moderation queue rows', () => {
  it("links each target to its page, or to the page it sits on (an image's gallery, a comment's building)", () => {
    expect(targetHref({ target_type: 'building', target_id: 4, target: summary(4) })).toBe('/buildings/4');
    expect(targetHref({ target_type: 'architect', target_id: 9, target: summary(null) })).toBe(
      '/architects/9',
    );
    expect(targetHref({ target_type: 'user', target_id: 2, target: summary(null, 'bob') })).toBe('/user/bob');
    expect(targetHref({ target_type: 'image', target_id: 5, target: summary(4) })).toBe('/gallery/4');
    expect(targetHref({ target_type: 'comment', target_id: 6, target: summary(4) })).toBe('/buildings/4');
    // A target that no longer exists has no link.
    expect(targetHref({ target_type: 'building', target_id: 4, target: null })).toBeNull();
  });

  it('names the reasons as the report dialog does, and counts reporters', () => {
    expect(reasonsText({ reasons: ['spam', 'privacy'] })).toBe('Spam or advertising, Privacy concern');
    expect(reportersText(1)).toBe('1 reporter');
    expect(reportersText(3)).toBe('3 reporters');
  });

  it("names the reasons and counts reporters in the page's language", () => {
    setCatalogue('fr', fr);
    expect(reasonsText({ reasons: ['spam', 'privacy'] })).toBe('Spam ou publicité, Atteinte à la vie privée');
    expect([1, 3].map(reportersText)).toEqual(['1 personne a signalé', '3 personnes ont signalé']);
    setCatalogue('ja', ja);
    expect(reasonsText({ reasons: ['spam', 'privacy'] })).toBe('スパム・広告、プライバシーの問題');
    setCatalogue('ar', ar);
    expect([1, 2, 3, 11, 100].map(reportersText)).toEqual([
      'مبلّغ واحد',
      'مبلّغان',
      '3 مبلّغين',
      '11 مبلّغًا',
      '100 مبلّغ',
    ]);
  });

  it("reads the suspension's end as the end of that day (UTC); empty is 'until lifted'", () => {
    const now = new Date('2026-11-27T12:00:00Z');
    expect(suspendUntil('', now)).toEqual({ ok: true, until: null });
    expect(suspendUntil('2026-12-01', now)).toEqual({ ok: true, until: '2026-12-01T23:59:59.000Z' });
    expect(suspendUntil('2026-11-26', now)).toEqual({ ok: false });
    expect(suspendUntil('2026-02-30', now)).toEqual({ ok: false });
    expect(suspendUntil('tomorrow', now)).toEqual({ ok: false });
  });
});
