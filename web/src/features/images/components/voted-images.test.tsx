// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  json,
  queryClientSignedIn,
  renderWithProviders,
  stubFetch,
  stubBrowserApis,
  testUser,
} from '../../../testing/render.tsx';
import { useAuthModal } from '../../../lib/auth/auth-provider.tsx';
import fr from '#domain/messages/fr';
import { setCatalogue } from '../../../lib/i18n.ts';
import { VotedImages } from './voted-images.tsx';

function ModalProbe() {
  const { state } = useAuthModal();
  return state.isOpen ? <p data-testid="modal">{state.message}</p> : null;
}

const empty = () => json({ items: [], total: 0, hasNext: false, page: 1, per_page: 10 });
const lastQuery = (calls: { url: string }[]) =>
  new URL(calls.filter((c) => c.url.includes('infinite-scroll')).at(-1)?.url ?? '', 'http://localhost')
    .searchParams;

describe('user page, Images (product §2)', () => {
  beforeEach(() => {
    stubBrowserApis();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks a signed-out visitor to log in and asks the server nothing', () => {
    const { fetchMock } = stubFetch({});
    renderWithProviders(
      <>
        <VotedImages handle="ada" />
        <ModalProbe />
      </>,
    );
    expect(screen.getByText('Please log in to view your voted images.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByTestId('modal').textContent).toBe(
      'You need to be logged in to view your voted images.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('starts with smiles by vote date, names the empty face, and can drop the filter', async () => {
    const { calls } = stubFetch({ 'GET /api/images/infinite-scroll': empty });
    renderWithProviders(<VotedImages handle="ada" />, { queryClient: queryClientSignedIn(testUser) });
    expect(await screen.findByText("You haven't liked any images.")).toBeTruthy();
    expect(Object.fromEntries(lastQuery(calls))).toMatchObject({
      userHandle: 'ada',
      userVoteType: 'smile',
      sortBy: 'vote_date',
      sortOrder: 'desc',
      page: '1',
    });
    expect(screen.getByRole('button', { name: 'Liked' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Disliked' }));
    expect(await screen.findByText("You haven't disliked any images.")).toBeTruthy();
    expect(lastQuery(calls).get('userVoteType')).toBe('frown');

    fireEvent.click(screen.getByRole('button', { name: 'Neutral' }));
    expect(await screen.findByText("You haven't felt neutral about any images.")).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Neutral' }));
    expect(await screen.findByText("You haven't voted on any images yet.")).toBeTruthy();
    await waitFor(() => expect(lastQuery(calls).has('userVoteType')).toBe(false));
    expect(screen.getByRole('button', { name: 'Neutral' }).getAttribute('aria-pressed')).toBe('false');
  });
});

describe('user page, Images in French', () => {
  beforeEach(() => {
    stubBrowserApis();
    setCatalogue('fr', fr);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('names the faces, the sorts and the empty list in French', async () => {
    stubFetch({ 'GET /api/images/infinite-scroll': empty });
    renderWithProviders(<VotedImages handle="ada" />, { queryClient: queryClientSignedIn(testUser) });
    expect(await screen.findByText('Vous n’avez aimé aucune image.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Images' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Filtrer selon votre vote' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'J’aime' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('combobox', { name: 'Trier par' })).toHaveProperty('value', 'Date du vote');
    fireEvent.click(screen.getByRole('button', { name: 'Neutre' }));
    expect(await screen.findByText('Vous n’avez jugé aucune image neutre.')).toBeTruthy();
  });
});
