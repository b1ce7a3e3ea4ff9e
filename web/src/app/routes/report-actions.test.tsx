// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CommentsSection } from '../../features/comments/components/comments-section.tsx';
import { commentMaker } from '../../features/comments/testing/comment-fixtures.ts';
import { ImageViewer } from '../../features/images/components/image-viewer.tsx';
import { testImage } from '../../features/images/testing/image-fixtures.ts';
import { UserPage } from '../../features/user/components/user-page.tsx';
import { useAuthModal } from '../../lib/auth/auth-provider.tsx';
import {
  json,
  queryClientSignedIn,
  renderWithProviders,
  stubBrowserApis,
  stubFetch,
  testUser,
} from '../../testing/render.tsx';
import { imageViewerSlots } from './image-viewer-slots.tsx';
import { reportComment, reportUser } from './report-actions.tsx';

function LoginModalProbe() {
  return <p>login modal {useAuthModal().state.isOpen ? 'open' : 'closed'}</p>;
}

const signedIn = (yes: boolean) => ({ queryClient: queryClientSignedIn(yes ? testUser : null) });

/** Chooses a reason in the open report dialog and sends it; answers the POST's body. */
async function sendReport(calls: { method: string; body?: unknown }[]) {
  const dialog = await screen.findByRole('dialog', { name: 'Report' });
  fireEvent.click(within(dialog).getByRole('radio', { name: 'Offensive or abusive' }));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
  await screen.findByText('Thank you. The moderators will take a look.');
  return calls.find((c) => c.method === 'POST')?.body;
}

const makeComment = commentMaker(1);
const bobs = makeComment({ id: 3, user_id: 99, username: 'bob', content: 'Rude words' });
const adas = makeComment({ id: 4, user_id: testUser.id, username: 'ada', content: 'My words', hidden: true });

describe("the 'Report' action on comments, images and user pages", () => {
  beforeEach(() => stubBrowserApis());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("reports someone else's comment; one's own has no Report action (and is marked when hidden)", async () => {
    const { calls } = stubFetch({
      'GET /api/comments/building/1': () => json({ items: [bobs, adas], page: 1, pages: 1 }),
      'POST /api/reports': () => json({ id: 1 }, 201),
    });
    renderWithProviders(
      <CommentsSection targetType="building" targetId={1} report={reportComment} />,
      signedIn(true),
    );
    await screen.findByText('Rude words');
    expect(screen.queryByRole('button', { name: 'Report comment by ada' })).toBeNull();
    // The author still sees a comment moderators hid, marked so.
    expect(
      within(screen.getByRole('article', { name: 'Comment by ada' })).getByText('Hidden by moderators'),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('article', { name: 'Comment by bob' })).queryByText('Hidden by moderators'),
    ).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Report comment by bob' }));
    expect(await sendReport(calls)).toEqual({ target_type: 'comment', target_id: 3, reason: 'offensive' });
  });

  it("reports an image from the full view, but not one's own image (marked when hidden)", async () => {
    const { calls } = stubFetch({ 'POST /api/reports': () => json({ id: 2 }, 201) });
    const someoneElses = { ...testImage(5), added_by: { id: 99, handle: 'bob' } };
    const view = (images: ReturnType<typeof testImage>[]) => (
      <ImageViewer
        images={images}
        index={0}
        onIndexChange={() => {}}
        onClose={() => {}}
        onDeleted={() => {}}
        slots={{ report: imageViewerSlots.report }}
      />
    );
    renderWithProviders(view([{ ...testImage(6), hidden: true }]), signedIn(true));
    expect(await screen.findByText('Hidden by moderators')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Report image' })).toBeNull();
    cleanup();
    renderWithProviders(view([someoneElses]), signedIn(true));
    fireEvent.click(await screen.findByRole('button', { name: 'Report image' }));
    expect(await sendReport(calls)).toEqual({ target_type: 'image', target_id: 5, reason: 'offensive' });
  });

  it("reports a user from their page; one's own page has no Report action", async () => {
    const joined = '2026-11-01T00:00:00Z';
    const { calls } = stubFetch({
      'GET /api/users/bob': () =>
        json({ id: 99, handle: 'bob', picture: null, created_at: joined, role: 'user' }),
      'GET /api/users/ada': () =>
        json({ id: testUser.id, handle: 'ada', picture: null, created_at: joined, role: 'user' }),
      'POST /api/reports': () => json({ id: 3 }, 201),
    });
    const page = (handle: string) => (
      <UserPage handle={handle} report={reportUser}>
        <p>section</p>
      </UserPage>
    );
    renderWithProviders(page('ada'), { ...signedIn(true), path: '/user/ada/lists' });
    await screen.findByRole('heading', { name: 'ada', level: 1 });
    expect(screen.queryByRole('button', { name: 'Report ada' })).toBeNull();
    cleanup();

    renderWithProviders(page('bob'), { ...signedIn(true), path: '/user/bob/lists' });
    fireEvent.click(await screen.findByRole('button', { name: 'Report bob' }));
    expect(await sendReport(calls)).toEqual({ target_type: 'user', target_id: 99, reason: 'offensive' });
  });

  it('asks a visitor to log in instead of opening the report dialog', async () => {
    stubFetch({
      'GET /api/users/bob': () =>
        json({ id: 99, handle: 'bob', picture: null, created_at: '2026-11-01T00:00:00Z', role: 'user' }),
    });
    renderWithProviders(
      <>
        <UserPage handle="bob" report={reportUser}>
          <p>section</p>
        </UserPage>
        <LoginModalProbe />
      </>,
      { ...signedIn(false), path: '/user/bob/lists' },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Report bob' }));
    expect(screen.getByText('login modal open')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
