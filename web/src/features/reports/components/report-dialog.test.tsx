// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import fr from '#domain/messages/fr';
import { setCatalogue } from '../../../lib/i18n.ts';
import {
  json,
  problem,
  queryClientSignedIn,
  renderWithProviders,
  stubBrowserApis,
  stubFetch,
  testUser,
} from '../../../testing/render.tsx';
import { useAuthModal } from '../../../lib/auth/auth-provider.tsx';
import { ReportButton } from './report-button.tsx';
import { REPORT_MESSAGES } from './report-dialog.tsx';

/** Shows whether the app's login modal was asked to open. */
function LoginModalProbe() {
  return <p>login modal {useAuthModal().state.isOpen ? 'open' : 'closed'}</p>;
}

function renderButton(signedIn = true) {
  renderWithProviders(
    <>
      <ReportButton targetType="building" targetId={12} label="Flag building" />
      <LoginModalProbe />
    </>,
    {
      queryClient: queryClientSignedIn(signedIn ? testUser : null),
    },
  );
  fireEvent.click(screen.getByRole('button', { name: 'Flag building' }));
}

describe('the report dialog (the flag button)', () => {
  beforeEach(() => stubBrowserApis());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('sends the chosen reason and the note, then thanks the reporter', async () => {
    const { calls } = stubFetch({ 'POST /api/reports': () => json({ id: 5 }, 201) });
    renderButton();
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Spam or advertising' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Note/ }), { target: { value: ' an ad ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(REPORT_MESSAGES.sent)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      target_type: 'building',
      target_id: 12,
      reason: 'spam',
      note: 'an ad',
    });
  });

  it('asks for a reason before sending anything', async () => {
    const { calls } = stubFetch({});
    renderButton();
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Please choose a reason.');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it("shows the server's reason when the report is refused (already reported)", async () => {
    stubFetch({
      'POST /api/reports': () =>
        problem(409, 'Conflict', 'You have already reported this; the moderators will look at it.'),
    });
    renderButton();
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Incorrect information' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'You have already reported this; the moderators will look at it.',
    );
  });

  it('asks a visitor to log in instead of opening the dialog (reports need an account)', () => {
    stubFetch({});
    renderButton(false);
    expect(screen.getByText('login modal open')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('speaks French on a French page: the reasons, the note, the refusal and the thanks', async () => {
    setCatalogue('fr', fr);
    stubFetch({ 'POST /api/reports': () => json({ id: 6 }, 201) });
    renderButton();
    const dialog = await screen.findByRole('dialog', { name: 'Signaler' });
    expect(within(dialog).getByRole('radiogroup', { name: /Quel est le problème/ })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer le signalement' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Veuillez choisir un motif.');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Spam ou publicité' }));
    expect(within(dialog).getByRole('textbox', { name: /Note \(facultative\)/ })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer le signalement' }));
    expect(await screen.findByText('Merci. Les modérateurs vont y jeter un œil.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Fermer' })).toBeTruthy();
  });
});
