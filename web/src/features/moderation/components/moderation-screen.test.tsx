// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReportQueueItem } from '#domain/moderation';
import fr from '#domain/messages/fr';
import { setCatalogue } from '../../../lib/i18n.ts';
import { useAuthModal } from '../../../lib/auth/auth-provider.tsx';
import {
  json,
  problem,
  queryClientSignedIn,
  renderWithProviders,
  stubBrowserApis,
  stubFetch,
  testUser,
} from '../../../testing/render.tsx';
import { MODERATION_TEXTS, ModerationScreen } from './moderation-screen.tsx';
import { QUEUE_TEXTS } from './report-queue.tsx';

const moderator = { ...testUser, role: 'moderator' as const };
const admin = { ...testUser, role: 'admin' as const };

const spamRow: ReportQueueItem = {
  id: 31,
  target_type: 'building',
  target_id: 4,
  reasons: ['spam', 'offensive'],
  notes: ['an advert'],
  reporters_count: 2,
  first_reported_at: '2026-11-26T10:00:00Z',
  last_reported_at: '2026-11-27T10:00:00Z',
  resolution: null,
  target: {
    title: 'Buy Pills Tower',
    excerpt: 'Cheap pills',
    owner: { handle: 'spammer' },
    hidden: false,
    building_id: 4,
  },
};

function LoginModalProbe() {
  return <p>login modal {useAuthModal().state.isOpen ? 'open' : 'closed'}</p>;
}

function renderScreen(user: typeof testUser | null) {
  renderWithProviders(
    <>
      <ModerationScreen />
      <LoginModalProbe />
    </>,
    { queryClient: queryClientSignedIn(user), path: '/moderation' },
  );
}

describe('the moderation screen', () => {
  beforeEach(() => stubBrowserApis());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks a visitor to log in, and tells a plain user it is for moderators only (without asking the API)', () => {
    const { calls } = stubFetch({});
    renderScreen(null);
    expect(screen.getByText(MODERATION_TEXTS.loginNeeded)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('login modal open')).toBeTruthy();
    cleanup();
    renderScreen(testUser);
    expect(screen.getByRole('alert').textContent).toBe(MODERATION_TEXTS.forbidden);
    expect(calls.filter((c) => c.url.includes('/moderation'))).toEqual([]);
  });

  it('lists one row per reported target, and hides it after the confirmation with a note', async () => {
    let items = [spamRow];
    const { calls } = stubFetch({
      'GET /api/moderation/reports': () => json({ items }),
      'POST /api/moderation/reports/31/resolve': () => {
        items = [];
        return json({ resolved: 2 });
      },
    });
    renderScreen(moderator);
    const row = await screen.findByRole('article', { name: 'Building: Buy Pills Tower' });
    expect(within(row).getByRole('link', { name: 'Buy Pills Tower' }).getAttribute('href')).toBe(
      '/buildings/4',
    );
    expect(within(row).getByText('2 reporters')).toBeTruthy();
    expect(within(row).getByText(/Spam or advertising, Offensive or abusive/)).toBeTruthy();
    expect(within(row).getByText('an advert')).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: 'Hide Building: Buy Pills Tower' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this content?' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Note for the log/ }), {
      target: { value: ' spam ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(await screen.findByText(QUEUE_TEXTS.emptyOpen)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ action: 'hide', note: 'spam' });
    expect(calls.some((c) => c.url.includes('status=open'))).toBe(true);
  });

  it("shows the server's reason when an action fails, and keeps the dialog open", async () => {
    stubFetch({
      'GET /api/moderation/reports': () => json({ items: [spamRow] }),
      'POST /api/moderation/reports/31/resolve': () =>
        problem(409, 'Conflict', 'This report is already resolved.'),
    });
    renderScreen(moderator);
    const row = await screen.findByRole('article', { name: 'Building: Buy Pills Tower' });
    fireEvent.click(
      within(row).getByRole('button', { name: 'Dismiss reports of Building: Buy Pills Tower' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss these reports?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This report is already resolved.');
  });

  it('restores a hidden target from the resolved tab after the confirmation', async () => {
    let hidden = true;
    const resolvedRow = () => ({ ...spamRow, resolution: 'hidden', target: { ...spamRow.target!, hidden } });
    const { calls } = stubFetch({
      'GET /api/moderation/reports': (_init, url) =>
        json({ items: url.includes('status=resolved') ? [resolvedRow()] : [] }),
      'POST /api/moderation/building/4/restore': () => {
        hidden = false;
        return new Response(null, { status: 204 });
      },
    });
    renderScreen(moderator);
    fireEvent.click(screen.getByRole('tab', { name: 'Resolved' }));
    const row = await screen.findByRole('article', { name: 'Building: Buy Pills Tower' });
    expect(within(row).queryByRole('button', { name: /^Hide/ })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Restore Building: Buy Pills Tower' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore this content?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Restore Building: Buy Pills Tower' })).toBeNull(),
    );
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/api/moderation/building/4/restore',
    ]);
  });

  it('shows the log a page at a time', async () => {
    const entry = (id: number) => ({
      id,
      created_at: '2026-11-27T10:00:00Z',
      actor: { handle: 'mo' },
      action: 'hide' as const,
      target_type: 'building',
      target_id: id,
      note: id === 1 ? 'spam' : null,
    });
    const { calls } = stubFetch({
      'GET /api/moderation/reports': () => json({ items: [] }),
      'GET /api/moderation/log': (_init, url) =>
        new URL(url, 'http://x').searchParams.get('page') === '2'
          ? json({ items: [entry(2)], page: 2, per_page: 50, has_more: false })
          : json({ items: [entry(1)], page: 1, per_page: 50, has_more: true }),
    });
    renderScreen(moderator);
    fireEvent.click(screen.getByRole('tab', { name: 'Log' }));
    expect(await screen.findByText(/mo hid building 1$/)).toBeTruthy();
    expect(screen.getByText('spam')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText(/mo hid building 2$/)).toBeTruthy();
    expect(calls.some((c) => c.url.includes('page=2'))).toBe(true);
  });

  it('suspends a user with a reason and an end date; only admins get the role buttons', async () => {
    const { calls } = stubFetch({
      'GET /api/moderation/reports': () => json({ items: [] }),
      'POST /api/moderation/users/bob/suspend': () =>
        json({ handle: 'bob', suspended: true, until: '2099-01-01T23:59:59.000Z', reason: 'spam' }),
    });
    renderScreen(moderator);
    fireEvent.click(screen.getByRole('tab', { name: 'Users' }));
    // The tab's form loads when the tab is first opened.
    const handle = await screen.findByRole('textbox', { name: /User handle/ });
    expect(screen.queryByRole('button', { name: 'Make moderator' })).toBeNull();
    fireEvent.change(handle, { target: { value: 'bob' } });
    fireEvent.click(screen.getByRole('button', { name: 'Suspend' }));
    expect(screen.getByRole('alert').textContent).toBe('Please give a reason for the suspension.');
    fireEvent.change(screen.getByRole('textbox', { name: /Reason/ }), { target: { value: 'spam' } });
    fireEvent.change(screen.getByLabelText(/Until/), { target: { value: '2099-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Suspend' }));
    expect((await screen.findByRole('status')).textContent).toBe('bob is suspended.');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      reason: 'spam',
      until: '2099-01-01T23:59:59.000Z',
    });
    cleanup();

    renderScreen(admin);
    fireEvent.click(screen.getByRole('tab', { name: 'Users' }));
    expect(await screen.findByRole('button', { name: 'Make moderator' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Withdraw moderator' })).toBeTruthy();
  });

  it('speaks French on a French page: the queue, its counts and reasons, the log and the user actions', async () => {
    setCatalogue('fr', fr);
    stubFetch({
      'GET /api/moderation/reports': () => json({ items: [spamRow] }),
      'GET /api/moderation/log': () =>
        json({
          items: [
            {
              id: 1,
              created_at: '2026-11-27T10:00:00Z',
              actor: { handle: 'mo' },
              action: 'hide',
              target_type: 'building',
              target_id: 4,
              note: null,
            },
          ],
          page: 1,
          per_page: 50,
          has_more: false,
        }),
    });
    renderScreen(moderator);
    expect(screen.getByRole('heading', { level: 1, name: 'Modération' })).toBeTruthy();
    const row = await screen.findByRole('article', { name: 'Bâtiment : Buy Pills Tower' });
    expect(within(row).getByText('2 personnes ont signalé')).toBeTruthy();
    expect(within(row).getByText(/Spam ou publicité, Injurieux ou abusif/)).toBeTruthy();
    expect(within(row).getByText('Par spammer')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Masquer Bâtiment : Buy Pills Tower' }));
    const dialog = await screen.findByRole('dialog', { name: 'Masquer ce contenu ?' });
    expect(within(dialog).getByText(/« Buy Pills Tower » sera masqué pour tout le monde/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));

    fireEvent.click(screen.getByRole('tab', { name: 'Journal' }));
    const line = await screen.findByText(/mo a masqué le bâtiment 4$/);
    // The date in French order: day/month/year.
    expect(line.querySelector('time')?.textContent).toMatch(/^27\/11\/2026/);
    expect(screen.getByText('Page 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Utilisateurs' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Suspendre' }));
    expect(screen.getByRole('alert').textContent).toBe('Veuillez saisir un identifiant.');
  });
});
