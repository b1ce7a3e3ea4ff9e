// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders, stubMatchMedia } from '../../testing/render.tsx';
import { ToastContainer } from './toast-container.tsx';
import { showToast } from './toast.ts';

describe('toasts', () => {
  beforeEach(() => stubMatchMedia());
  afterEach(() => cleanup());

  it('shows a message with a close button and removes it when closed', async () => {
    renderWithProviders(<ToastContainer />);
    act(() => {
      showToast({ message: 'Saved!', type: 'success' });
    });
    expect(await screen.findByText('Saved!')).toBeTruthy();
    await userEvent.click(screen.getByRole('button'));
    await waitFor(() => expect(screen.queryByText('Saved!')).toBeNull());
  });

  it('leaves on its own after its duration', async () => {
    renderWithProviders(<ToastContainer />);
    act(() => {
      showToast({ message: 'Short one', duration: 200 });
    });
    expect(await screen.findByText('Short one')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Short one')).toBeNull(), { timeout: 2000 });
  });
});
