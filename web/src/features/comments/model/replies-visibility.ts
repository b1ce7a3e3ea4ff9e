/**
 * Product §2: whether a comment's replies are shown is remembered per comment for the browser
 * session (sessionStorage). Storage failures (private mode, quota) fall back to closed.
 */
export const REPLIES_OPEN_KEY_PREFIX = 'atlas:comment-replies-open:';

const key = (commentId: number) => `${REPLIES_OPEN_KEY_PREFIX}${commentId}`;

function sessionStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readRepliesOpen(commentId: number, storage: Storage | null = sessionStore()): boolean {
  try {
    return storage?.getItem(key(commentId)) === '1';
  } catch {
    return false;
  }
}

export function writeRepliesOpen(
  commentId: number,
  open: boolean,
  storage: Storage | null = sessionStore(),
): void {
  try {
    if (open) storage?.setItem(key(commentId), '1');
    else storage?.removeItem(key(commentId));
  } catch {
    // Not remembered; the toggle still works for this page.
  }
}
