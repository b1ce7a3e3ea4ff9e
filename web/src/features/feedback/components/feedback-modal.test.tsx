// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import fr from '#domain/messages/fr';
import { setCatalogue } from '../../../lib/i18n.ts';
import {
  json,
  problem,
  queryClientSignedIn,
  renderWithProviders,
  stubFetch,
  stubBrowserApis,
  testUser,
} from '../../../testing/render.tsx';
import { FeedbackButton } from './feedback-button.tsx';

const dialog = () => screen.getByRole('dialog');
const field = (name: RegExp) => within(dialog()).getByRole<HTMLInputElement>('textbox', { name });
const send = () => within(dialog()).getByRole<HTMLButtonElement>('button', { name: 'Send Feedback' });

/** Opens the modal; it loads on the first opening, so this waits for it. */
async function open(signedIn = true) {
  renderWithProviders(<FeedbackButton />, { queryClient: queryClientSignedIn(signedIn ? testUser : null) });
  fireEvent.click(screen.getByRole('button', { name: 'Feedback' }));
  return screen.findByRole('dialog');
}

function fill() {
  fireEvent.change(field(/^Title/), { target: { value: 'Map is slow' } });
  fireEvent.change(field(/^Description/), { target: { value: 'Zooming stutters.' } });
}

describe('feedback modal (product §2, 4, 5)', () => {
  beforeEach(() => {
    stubBrowserApis();
    if (!('fonts' in document)) {
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener: () => {}, removeEventListener: () => {} },
      });
    }
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shows 'Title is required' and 'Description is required' on submit and clears each when edited", async () => {
    const { calls } = stubFetch({});
    await open(false);
    expect(field(/^Email/).value).toBe('');
    fireEvent.click(send());
    expect(within(dialog()).getByText('Title is required')).toBeTruthy();
    expect(within(dialog()).getByText('Description is required')).toBeTruthy();
    fireEvent.change(field(/^Title/), { target: { value: 'Hi' } });
    expect(within(dialog()).queryByText('Title is required')).toBeNull();
    expect(within(dialog()).getByText('Description is required')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('sends with the page URL and browser info, thanks for 2 s, then closes and resets', async () => {
    let answer: () => void = () => {};
    const { calls } = stubFetch({
      'POST /api/feedback': () =>
        new Promise<Response>((resolve) => {
          answer = () => resolve(json({ id: 1 }, 201));
        }),
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await open();
    expect(field(/^Email/).value).toBe(testUser.email);
    expect(within(dialog()).getByRole<HTMLInputElement>('combobox', { name: 'Type' }).value).toBe('General');
    fill();
    fireEvent.click(send());
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(send().disabled).toBe(true);
    expect(calls[0]?.body).toEqual({
      title: 'Map is slow',
      description: 'Zooming stutters.',
      type: 'general',
      email: 'ada@example.com',
      page_url: window.location.href,
      browser_info: expect.stringContaining(navigator.userAgent) as unknown,
    });

    await act(async () => answer());
    expect(await screen.findByText('Thank you for your feedback!')).toBeTruthy();
    expect(screen.getByText('We appreciate your input and will review it soon.')).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(1500);
    });
    expect(screen.getByText('Thank you for your feedback!')).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(600);
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Feedback' }));
    expect(field(/^Title/).value).toBe('');
    expect(field(/^Description/).value).toBe('');
    expect(field(/^Email/).value).toBe(testUser.email);
  });

  it('a failed send is logged, says so and keeps the input', async () => {
    stubFetch({ 'POST /api/feedback': () => problem(429, 'Too Many Requests', 'slow down') });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await open(false);
    fill();
    fireEvent.click(send());
    expect(await within(dialog()).findByRole('alert')).toBeTruthy();
    expect(within(dialog()).getByRole('alert').textContent).toBe(
      'Your feedback could not be sent. Please try again.',
    );
    expect(logged).toHaveBeenCalled();
    expect(field(/^Title/).value).toBe('Map is slow');
    expect(field(/^Description/).value).toBe('Zooming stutters.');
    expect(send().disabled).toBe(false);
  });

  it('speaks French on a French page: its title, fields, type names, errors and failure', async () => {
    setCatalogue('fr', fr);
    stubFetch({ 'POST /api/feedback': () => problem(500, 'Internal Server Error', 'boom') });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(<FeedbackButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Avis' }));
    const modal = await screen.findByRole('dialog', { name: 'Envoyer un avis' });
    expect(within(modal).getByRole<HTMLInputElement>('combobox', { name: 'Type' }).value).toBe('Général');
    fireEvent.click(within(modal).getByRole('button', { name: 'Envoyer un avis' }));
    expect(within(modal).getByText('Le titre est obligatoire')).toBeTruthy();
    expect(within(modal).getByText('La description est obligatoire')).toBeTruthy();
    fireEvent.change(within(modal).getByRole('textbox', { name: /^Titre/ }), { target: { value: 'Lent' } });
    fireEvent.change(within(modal).getByRole('textbox', { name: /^Description/ }), {
      target: { value: 'Oui' },
    });
    fireEvent.click(within(modal).getByRole('button', { name: 'Envoyer un avis' }));
    expect((await within(modal).findByRole('alert')).textContent).toBe(
      'Votre avis n’a pas pu être envoyé. Veuillez réessayer.',
    );
    expect(
      within(modal).getByText(/L’adresse de la page et les informations de votre navigateur/),
    ).toBeTruthy();
  });
});
