import { showToast } from './toast/toast.ts';

export const SHARE_TEXTS = {
  copied: 'Link copied to clipboard',
  failed: 'Could not copy the link',
} as const;

/**
 * Shares a link: through the Web Share API where the browser has one (phones: the system's share
 * sheet), else by copying it to the clipboard with a toast. A share the user cancels is not an
 * error; a share that fails otherwise falls back to the clipboard.
 */
export async function shareLink(title: string, url: string): Promise<void> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    showToast({ message: SHARE_TEXTS.copied, type: 'success' });
  } catch {
    showToast({ message: SHARE_TEXTS.failed, type: 'error' });
  }
}
