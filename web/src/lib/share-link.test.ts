// @vitest-environment happy-dom
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { shareLink, SHARE_TEXTS } from './share-link.ts';

// The toasts shown (lib/toast/toast.ts shows them through Mantine's notifications).
let shown: MockInstance<typeof notifications.show>;
const toastWith = (message: string, color: string): unknown => expect.objectContaining({ message, color });

const URL_TO_SHARE = 'https://atlas.example/buildings/7?needsPhotos=1&map=16/48.85/2.35';

function stubNavigator(parts: { share?: unknown; writeText?: unknown }) {
  vi.stubGlobal('navigator', {
    ...(parts.share ? { share: parts.share } : {}),
    clipboard: { writeText: parts.writeText ?? vi.fn(() => Promise.resolve()) },
  });
}

describe('shareLink', () => {
  beforeEach(() => {
    shown = vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    shown.mockRestore();
  });

  it('uses the Web Share API where there is one, with no toast', async () => {
    const share = vi.fn(() => Promise.resolve());
    const writeText = vi.fn(() => Promise.resolve());
    stubNavigator({ share, writeText });
    await shareLink('Villa Savoye', URL_TO_SHARE);
    expect(share).toHaveBeenCalledWith({ title: 'Villa Savoye', url: URL_TO_SHARE });
    expect(writeText).not.toHaveBeenCalled();
    expect(shown).not.toHaveBeenCalled();
  });

  it('does nothing more when the user cancels the share sheet', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    stubNavigator({
      share: vi.fn(() => Promise.reject(new DOMException('Cancelled', 'AbortError'))),
      writeText,
    });
    await shareLink('Villa Savoye', URL_TO_SHARE);
    expect(writeText).not.toHaveBeenCalled();
    expect(shown).not.toHaveBeenCalled();
  });

  it('copies the link with a toast where there is no Web Share API, or sharing fails', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    stubNavigator({ writeText });
    await shareLink('Villa Savoye', URL_TO_SHARE);
    expect(writeText).toHaveBeenCalledWith(URL_TO_SHARE);
    expect(shown).toHaveBeenLastCalledWith(toastWith(SHARE_TEXTS.copied, 'teal'));

    stubNavigator({
      share: vi.fn(() => Promise.reject(new DOMException('No', 'NotAllowedError'))),
      writeText,
    });
    await shareLink('Villa Savoye', URL_TO_SHARE);
    expect(writeText).toHaveBeenCalledTimes(2);
    expect(shown).toHaveBeenCalledTimes(2);
  });

  it('says so when the clipboard refuses', async () => {
    stubNavigator({ writeText: vi.fn(() => Promise.reject(new Error('denied'))) });
    await shareLink('Villa Savoye', URL_TO_SHARE);
    expect(shown).toHaveBeenLastCalledWith(toastWith(SHARE_TEXTS.failed, 'red'));
  });
});
