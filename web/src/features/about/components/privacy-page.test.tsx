// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubFetch, stubMatchMedia } from '../../../testing/render.tsx';
import { NO_OPERATOR_CONTACT, PrivacyPage } from './privacy-page.tsx';

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
    renderWithProviders(<PrivacyPage />);
    const mail = await screen.findByRole('link', { name: 'privacy@atlas.example' });
    expect(mail.getAttribute('href')).toBe('mailto:privacy@atlas.example');
    expect(await screen.findByText(/at the latest 90 days after you signed in/)).toBeTruthy();
    for (const heading of ['What is stored', 'What is public', 'Cookies', 'How long things are kept']) {
      expect(screen.getByRole('heading', { name: heading })).toBeTruthy();
    }
    expect(screen.getByRole('heading', { name: 'Download or delete your data' })).toBeTruthy();
  });

  it('says when the operator has published no contact', async () => {
    stubFetch({ 'GET /api/privacy': () => json({ operator_contact: null, session_max_age_days: 30 }) });
    renderWithProviders(<PrivacyPage />);
    expect(await screen.findByText(NO_OPERATOR_CONTACT, { exact: false })).toBeTruthy();
  });
});
