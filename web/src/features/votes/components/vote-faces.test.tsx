// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthModal } from '../../../lib/auth/auth-provider.tsx';
import {
  json,
  problem,
  queryClientSignedIn,
  renderWithProviders,
  stubFetch,
  stubMatchMedia,
  testUser,
} from '../../../testing/render.tsx';
import { VOTE_SPINNER_MS } from '../model.ts';
import { VoteFaces } from './vote-faces.tsx';

const stats = { net_votes: 1, upvotes: 2, meh_votes: 0, downvotes: 1 };

function ModalTitle() {
  const { state } = useAuthModal();
  return state.isOpen ? (
    <p data-testid="modal">
      {state.title} / {state.message}
    </p>
  ) : null;
}

function renderFaces(signedIn: boolean, onVoted = vi.fn()) {
  renderWithProviders(
    <>
      <VoteFaces votableType="building" votableId={5} voteStats={stats} userVote={null} onVoted={onVoted} />
      <ModalTitle />
    </>,
    { queryClient: queryClientSignedIn(signedIn ? testUser : null) },
  );
  return onVoted;
}

const face = (name: RegExp) => screen.getByRole('button', { name });

describe('VoteFaces (product §3, 4, 6, 8)', () => {
  beforeEach(stubMatchMedia);
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows three labelled faces with counts, none pressed', () => {
    stubFetch({});
    renderFaces(true);
    expect(screen.getByRole('group', { name: 'Votes' })).toBeTruthy();
    expect(face(/^Smile, 2 votes$/).getAttribute('aria-pressed')).toBe('false');
    expect(face(/^Meh, 0 votes$/).getAttribute('aria-pressed')).toBe('false');
    expect(face(/^Frown, 1 vote$/).textContent).toBe('1');
  });

  it("product §6: a signed-out visitor gets 'Login to Vote' and nothing is sent", () => {
    const { fetchMock } = stubFetch({});
    renderFaces(false);
    fireEvent.click(face(/^Smile/));
    expect(screen.getByTestId('modal').textContent).toBe(
      'Login to Vote / You need to be logged in to perform this action.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the vote, highlights the choice and updates counts from the answer', async () => {
    const { calls } = stubFetch({
      'POST /api/votes/building': () =>
        json({
          votable_type: 'building',
          votable_id: 5,
          vote_stats: { net_votes: 0, upvotes: 2, meh_votes: 0, downvotes: 2 },
          user_vote: -1,
        }),
    });
    const onVoted = renderFaces(true);
    fireEvent.click(face(/^Frown/));
    await waitFor(() => expect(face(/^Frown, 2 votes$/).getAttribute('aria-pressed')).toBe('true'));
    expect(calls[0]?.body).toEqual({ votable_type: 'building', votable_id: 5, vote: -1 });
    expect(face(/^Smile/).getAttribute('aria-pressed')).toBe('false');
    expect(onVoted).toHaveBeenCalledWith(expect.objectContaining({ user_vote: -1 }));
  });

  it('product §4/9: the chosen face spins for 750 ms, then stops', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const pending: { answer?: (r: Response) => void } = {};
    stubFetch({
      'POST /api/votes/building': () => new Promise<Response>((resolve) => (pending.answer = resolve)),
    });
    renderFaces(true);
    fireEvent.click(face(/^Meh/));
    const group = screen.getByRole('group', { name: 'Votes' });
    expect(group.getAttribute('aria-busy')).toBe('true');
    expect(face(/^Meh/).querySelector('.mantine-Loader-root')).toBeTruthy();
    await waitFor(() => expect(pending.answer).toBeDefined());
    pending.answer?.(
      json({ votable_type: 'building', votable_id: 5, vote_stats: { ...stats, meh_votes: 1 }, user_vote: 0 }),
    );
    await waitFor(() => expect(face(/^Meh, 1 vote$/).getAttribute('aria-pressed')).toBe('true'));
    // Still spinning until 750 ms have passed.
    expect(face(/^Meh/).querySelector('.mantine-Loader-root')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(VOTE_SPINNER_MS);
    });
    expect(face(/^Meh/).querySelector('.mantine-Loader-root')).toBeNull();
    expect(group.getAttribute('aria-busy')).toBe('false');
  });

  it('product §8: a failed vote is only logged; the counts stay', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch({ 'POST /api/votes/building': () => problem(500, 'Internal Server Error', 'x') });
    renderFaces(true);
    fireEvent.click(face(/^Smile/));
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(face(/^Smile, 2 votes$/).getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
