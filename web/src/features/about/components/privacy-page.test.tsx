// @vitest-environment happy-dom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import fr from '#domain/messages/fr';
import frProse from '#domain/messages/pages/fr';
import { setCatalogue } from '../../../lib/i18n.ts';
import { json, renderWithProviders, stubFetch, stubMatchMedia } from '../../../testing/render.tsx';
import { NO_OPERATOR_CONTACT, PrivacyPage } from './privacy-page.tsx';

/** The page waits for its plural formatter (a promise it uses): awaited act lets it show. */
async function renderPage() {
  await act(async () => {
    renderWithProviders(<PrivacyPage />);
  });
}

describe('the privacy page', () => {
  beforeEach(stubMatchMedia);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows the operator's email as a mail link and the configured session lifetime", async () => {
    stubFetch({
      'GET /api/privacy': () => json({ operator_contact: 'privacy@atlas.example', session_max_age_days: 90 }),
    });
    await renderPage();
    const mail = await screen.findByRole('link', { name: 'privacy@atlas.example' });
    expect(mail.getAttribute('href')).toBe('mailto:privacy@atlas.example');
    expect(await screen.findByText(/at the latest 90 days after you signed in/)).toBeTruthy();
    expect(screen.getByText(/A session ends 30 days after it was last used, and/)).toBeTruthy();
    expect(screen.getByText(/the old handle stays reserved for 30 days,/)).toBeTruthy();
    for (const heading of ['What is stored', 'What is public', 'Cookies', 'How long things are kept']) {
      expect(screen.getByRole('heading', { name: heading })).toBeTruthy();
    }
    expect(screen.getByRole('heading', { name: 'Download or delete your data' })).toBeTruthy();
  });

  it('says when the operator has published no contact', async () => {
    stubFetch({ 'GET /api/privacy': () => json({ operator_contact: null, session_max_age_days: 30 }) });
    await renderPage();
    expect(await screen.findByText(NO_OPERATOR_CONTACT, { exact: false })).toBeTruthy();
  });

  it('speaks French on a French page: headings, counted days and the missing contact', async () => {
    // The pages' prose comes with the page's code (i18n-pages.ts), the rest with the page.
    setCatalogue('fr', { ...fr, ...frProse });
    stubFetch({ 'GET /api/privacy': () => json({ operator_contact: null, session_max_age_days: 1 }) });
    await renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Confidentialité' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Ce qui est conservé' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Télécharger ou supprimer vos données' })).toBeTruthy();
    // One day, then thirty: the plural of the language.
    expect(await screen.findByText(/et au plus tard 1 jour après votre connexion/)).toBeTruthy();
    expect(screen.getByText(/l’ancien identifiant reste réservé 30 jours,/)).toBeTruthy();
    expect(
      await screen.findByText('L’exploitant de ce site n’a pas encore publié de contact.', { exact: false }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'À propos' })).toBeTruthy();
  });
});
