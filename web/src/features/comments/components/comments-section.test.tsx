// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Comment } from '#domain/comments';
import { useAuthModal } from '../../../lib/auth/auth-provider.tsx';
import {
  json,
  problem,
  queryClientSignedIn,
  renderWithProviders,
  stubFetch,
  stubBrowserApis,
  testUser,
} from '../../../testing/render.tsx';
import { REPLIES_OPEN_KEY_PREFIX } from '../model/replies-visibility.ts';
import french from '#domain/messages/fr';
import { setCatalogue } from '../../../lib/i18n.ts';
import { CommentsSection } from './comments-section.tsx';
import { commentMaker } from '../testing/comment-fixtures.ts';

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

const makeComment = commentMaker(1);
function comment(id: number, patch: Partial<Comment> = {}): Comment {
  return makeComment({
    id,
    username: 'bob',
    user_id: 99,
    content: `Comment number ${id}`,
    created_at: minutesAgo(id),
    ...patch,
  });
}

function ModalState() {
  const { state } = useAuthModal();
  return state.isOpen ? <p data-testid="auth-modal">{`${state.title} / ${state.message}`}</p> : null;
}

function renderSection(signedIn = true, user = testUser) {
  return renderWithProviders(
    <>
      <CommentsSection targetType="building" targetId={1} />
      <ModalState />
    </>,
    { queryClient: queryClientSignedIn(signedIn ? user : null) },
  );
}

const list = (items: Comment[], page = 1, pages = 1) => json({ items, page, pages });
const commentsList = () => screen.getByRole('list', { name: 'Comments' });
const article = (name: string) => screen.getByRole('article', { name });

describe('CommentsSection (product §2, 4, 6, 8)', () => {
  beforeEach(() => {
    stubBrowserApis();
  });
  afterEach(() => {
    cleanup();
    window.sessionStorage.clear();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows a page of 2 newest comments with author, text (never HTML), time and edited marker; Load More adds the next', async () => {
    const { calls } = stubFetch({
      'GET /api/comments/building/1': (_init, url) =>
        new URL(url, 'http://x').searchParams.get('page') === '1'
          ? list([comment(1, { content: '<b>not bold</b>', edited: true }), comment(2)], 1, 2)
          : list([comment(3)], 2, 2),
    });
    renderSection();
    expect(await screen.findByText('<b>not bold</b>')).toBeTruthy();
    expect(commentsList().querySelector('b')).toBeNull();
    const first = within(commentsList()).getAllByRole('article')[0] as HTMLElement;
    expect(within(first).getByRole('link', { name: 'bob' }).getAttribute('href')).toBe('/user/bob');
    expect(within(first).getByText('1 minute ago')).toBeTruthy();
    expect(within(first).getByText('(edited)')).toBeTruthy();
    expect(new URL(calls[0]!.url, 'http://x').search).toBe('?page=1&per_page=2&sort=newest');

    fireEvent.click(screen.getByRole('button', { name: 'Load More' }));
    expect(await screen.findByText('Comment number 3')).toBeTruthy();
    expect(within(commentsList()).getAllByRole('article')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
  });

  it('changing sort starts again at page 1 with that sort', async () => {
    const { calls } = stubFetch({
      'GET /api/comments/building/1': (_init, url) =>
        new URL(url, 'http://x').searchParams.get('sort') === 'popular'
          ? list([comment(5, { upvotes: 9 })])
          : list([comment(1)]),
    });
    renderSection();
    await screen.findByText('Comment number 1');
    fireEvent.click(screen.getByRole('radio', { name: 'Popular' }));
    expect(await screen.findByText('Comment number 5')).toBeTruthy();
    expect(screen.queryByText('Comment number 1')).toBeNull();
    expect(new URL(calls.at(-1)!.url, 'http://x').search).toBe('?page=1&per_page=2&sort=popular');
  });

  it("product §8: a failed list shows 'Error loading comments: Failed to fetch comments'", async () => {
    stubFetch({ 'GET /api/comments/building/1': () => problem(500, 'Internal Server Error', 'boom') });
    renderSection();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Error loading comments: Failed to fetch comments',
    );
  });

  it("product §6: a signed-out visitor gets 'Login to Comment', 'Login to Reply' and 'Login to Vote'", async () => {
    const { calls } = stubFetch({ 'GET /api/comments/building/1': () => list([comment(1)]) });
    renderSection(false);
    await screen.findByText('Comment number 1');
    fireEvent.click(screen.getByRole('button', { name: 'Comment' }));
    expect(screen.getByTestId('auth-modal').textContent).toBe(
      'Login to Comment / You need to be logged in to perform this action.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reply' }));
    expect(screen.getByTestId('auth-modal').textContent).toMatch(/^Login to Reply \//);
    fireEvent.click(screen.getByRole('button', { name: /^Upvote/ }));
    expect(screen.getByTestId('auth-modal').textContent).toMatch(/^Login to Vote \//);
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
    expect(screen.queryByRole('textbox', { name: 'Reply to bob' })).toBeNull();
  });

  it('posts a new comment to the front of the list; a failure shows "Failed to add comment"', async () => {
    let fail = false;
    const { calls } = stubFetch({
      'GET /api/comments/building/1': () => list([comment(1)]),
      'POST /api/comments/building/1': () =>
        fail
          ? problem(500, 'x', 'y')
          : json(comment(50, { content: 'Fresh words', username: 'ada', user_id: testUser.id }), 201),
    });
    renderSection();
    await screen.findByText('Comment number 1');
    const box = screen.getByRole('textbox', { name: 'Add a comment' });
    fireEvent.change(box, { target: { value: '  Fresh words  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Comment' }));
    expect(
      within(await screen.findByRole('article', { name: 'Comment by ada' })).getByText('Fresh words'),
    ).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ content: 'Fresh words' });
    const items = within(commentsList()).getAllByRole('article');
    expect(items[0]?.getAttribute('aria-label')).toBe('Comment by ada');
    expect((box as HTMLTextAreaElement).value).toBe('');

    fail = true;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fireEvent.change(box, { target: { value: 'Again' } });
    fireEvent.click(screen.getByRole('button', { name: 'Comment' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to add comment');
    expect((box as HTMLTextAreaElement).value).toBe('Again');
  });

  it('replies: the reply box opens and closes; after a reply the replies open and the count rises', async () => {
    const reply = comment(60, { parent_id: 1, content: 'A reply', username: 'ada', user_id: testUser.id });
    const { calls } = stubFetch({
      'GET /api/comments/building/1': () => list([comment(1)]),
      'POST /api/comments/1/replies': () => json(reply, 201),
      'GET /api/comments/1/replies': () =>
        json({ comment_id: 1, items: [reply], page: 1, per_page: 20, pages: 1 }),
    });
    renderSection();
    await screen.findByText('Comment number 1');
    const replyButton = screen.getByRole('button', { name: 'Reply' });
    fireEvent.click(replyButton);
    expect(replyButton.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('textbox', { name: 'Reply to bob' })).toBeNull();

    fireEvent.click(replyButton);
    fireEvent.change(screen.getByRole('textbox', { name: 'Reply to bob' }), { target: { value: 'A reply' } });
    fireEvent.click(within(article('Comment by bob')).getAllByRole('button', { name: 'Reply' }).at(-1)!);
    const toggle = await screen.findByRole('button', { name: 'Hide Replies (1)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await screen.findByText('A reply')).toBeTruthy();
    expect(calls.find((c) => c.url.includes('/replies') && c.method === 'POST')?.body).toEqual({
      content: 'A reply',
      target_type: 'building',
      target_id: 1,
    });
    expect(window.sessionStorage.getItem(`${REPLIES_OPEN_KEY_PREFIX}1`)).toBe('1');

    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Show Replies (1)' })).toBeTruthy();
    expect(screen.queryByText('A reply')).toBeNull();
    expect(window.sessionStorage.getItem(`${REPLIES_OPEN_KEY_PREFIX}1`)).toBeNull();
  });

  it('product §2: the replies toggle is remembered for the session; product §8: "Error loading replies"', async () => {
    window.sessionStorage.setItem(`${REPLIES_OPEN_KEY_PREFIX}1`, '1');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { calls } = stubFetch({
      'GET /api/comments/building/1': () => list([comment(1, { reply_count: 2 })]),
      'GET /api/comments/1/replies': () => problem(500, 'x', 'y'),
    });
    renderSection();
    expect(await screen.findByRole('button', { name: 'Hide Replies (2)' })).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toBe('Error loading replies');
    const repliesCall = calls.find((c) => c.url.includes('/replies'));
    expect(new URL(repliesCall!.url, 'http://x').search).toBe('?page=1&per_page=20');
  });

  it('product §6: only the owner sees edit and delete; editing marks the comment edited', async () => {
    const mine = comment(2, { username: 'ada', user_id: testUser.id, content: 'Old words' });
    const { calls } = stubFetch({
      'GET /api/comments/building/1': () => list([comment(1), mine]),
      'PUT /api/comments/2': () => json({ ...mine, content: 'New words', edited: true }),
    });
    renderSection();
    await screen.findByText('Old words');
    expect(within(article('Comment by bob')).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(article('Comment by bob')).queryByRole('button', { name: 'Delete' })).toBeNull();

    fireEvent.click(within(article('Comment by ada')).getByRole('button', { name: 'Edit' }));
    const box = screen.getByRole('textbox', { name: 'Edit comment' });
    expect((box as HTMLTextAreaElement).value).toBe('Old words');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('textbox', { name: 'Edit comment' })).toBeNull();
    // Keyboard users land back on the button that opened the box.
    expect(document.activeElement).toBe(
      within(article('Comment by ada')).getByRole('button', { name: 'Edit' }),
    );

    fireEvent.click(within(article('Comment by ada')).getByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Edit comment' }), {
      target: { value: 'New words' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(article('Comment by ada')).findByText('(edited)')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Edit comment' })).toBeNull();
    expect(within(article('Comment by ada')).getByText('New words')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ content: 'New words' });
  });

  it("a moderator sees edit and delete on anyone's comment", async () => {
    stubFetch({ 'GET /api/comments/building/1': () => list([comment(1)]) });
    renderSection(true, { ...testUser, role: 'moderator' });
    await screen.findByText('Comment number 1');
    expect(within(article('Comment by bob')).getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(within(article('Comment by bob')).getByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it("deletes after 'Are you sure you want to delete this comment?'; one with replies stays as deleted", async () => {
    const lonely = comment(2, { username: 'ada', user_id: testUser.id });
    const answered = comment(3, {
      username: 'ada',
      user_id: testUser.id,
      reply_count: 1,
      content: 'Has replies',
    });
    const { calls } = stubFetch({
      'GET /api/comments/building/1': () => list([lonely, answered]),
      'DELETE /api/comments/2': () => new Response(null, { status: 204 }),
      'DELETE /api/comments/3': () => new Response(null, { status: 204 }),
    });
    renderSection();
    await screen.findByText('Comment number 2');
    const [first] = within(commentsList()).getAllByRole('article');
    fireEvent.click(within(first!).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete comment' });
    expect(within(dialog).getByText('Are you sure you want to delete this comment?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);

    fireEvent.click(within(first!).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Comment number 2')).toBeNull());

    const second = screen.getByText('Has replies').closest('article')!;
    fireEvent.click(within(second).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    const deleted = await screen.findByRole('article', { name: 'Deleted comment' });
    expect(within(deleted).getByText('This comment has been deleted')).toBeTruthy();
    expect(within(deleted).queryByRole('button', { name: /^Upvote/ })).toBeNull();
    expect(within(deleted).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(deleted).getByRole('button', { name: 'Show Replies (1)' })).toBeTruthy();
  });

  it('comment votes follow the toggle rule and settle on the server counts', async () => {
    let answer = { upvotes: 1, downvotes: 0, user_vote: 1 };
    const { calls } = stubFetch({
      'GET /api/comments/building/1': () => list([comment(1)]),
      'POST /api/votes/comment': () =>
        json({
          votable_type: 'comment',
          votable_id: 1,
          vote_stats: { net_votes: answer.upvotes - answer.downvotes, meh_votes: 0, ...answer },
          user_vote: answer.user_vote,
        }),
    });
    renderSection();
    await screen.findByText('Comment number 1');
    fireEvent.click(screen.getByRole('button', { name: 'Upvote, 0 votes' }));
    const up = await screen.findByRole('button', { name: 'Upvote, 1 vote' });
    expect(up.getAttribute('aria-pressed')).toBe('true');
    expect(calls.at(-1)?.body).toEqual({ votable_type: 'comment', votable_id: 1, vote: 1 });

    answer = { upvotes: 0, downvotes: 0, user_vote: 0 };
    fireEvent.click(up);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Upvote, 0 votes' }).getAttribute('aria-pressed')).toBe(
        'false',
      ),
    );
  });

  it('product §8: a failed comment vote is only logged and undone', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch({
      'GET /api/comments/building/1': () => list([comment(1, { downvotes: 2 })]),
      'POST /api/votes/comment': () => problem(500, 'x', 'y'),
    });
    renderSection();
    await screen.findByText('Comment number 1');
    fireEvent.click(screen.getByRole('button', { name: 'Downvote, 2 votes' }));
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(screen.getByRole('button', { name: 'Downvote, 2 votes' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
  it('speaks French: heading, sort, box, votes counted in French, replies toggle, edited marker and delete question', async () => {
    setCatalogue('fr', french);
    const mine = comment(2, {
      username: 'ada',
      user_id: testUser.id,
      reply_count: 3,
      upvotes: 1,
      edited: true,
    });
    stubFetch({ 'GET /api/comments/building/1': () => list([mine], 1, 2) });
    renderSection();
    expect(await screen.findByRole('heading', { name: 'Commentaires' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Les plus récents' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Ajouter un commentaire' })).toBeTruthy();
    const item = await screen.findByRole('article', { name: 'Commentaire de ada' });
    expect(within(item).getByRole('button', { name: 'Voter pour, 1 vote' })).toBeTruthy();
    expect(within(item).getByRole('button', { name: 'Voter contre, 0 vote' })).toBeTruthy();
    expect(within(item).getByRole('button', { name: 'Afficher les réponses (3)' })).toBeTruthy();
    expect(within(item).getByText('(modifié)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Charger plus' })).toBeTruthy();
    fireEvent.click(within(item).getByRole('button', { name: 'Supprimer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer le commentaire' });
    expect(within(dialog).getByText('Voulez-vous vraiment supprimer ce commentaire ?')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Annuler' })).toBeTruthy();
  });
});
