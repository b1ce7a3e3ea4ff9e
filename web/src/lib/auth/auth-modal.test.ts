import { describe, expect, it } from 'vitest';
import { authModalReducer, initialAuthModalState } from './auth-modal.ts';
import { LOGIN_MESSAGES, LOGIN_TITLES } from './messages.ts';

describe('auth modal state (product §2 and 3: authModalState {isOpen, title, message})', () => {
  it("starts closed with 'Authentication Required' / 'Please log in to continue.'", () => {
    expect(initialAuthModalState).toEqual({
      isOpen: false,
      title: 'Authentication Required',
      message: 'Please log in to continue.',
    });
  });

  it('opens with the defaults when no title or message is given', () => {
    const opened = authModalReducer(
      { isOpen: false, title: 'Login to Vote', message: 'x' },
      { type: 'open', isLoggedIn: false },
    );
    expect(opened).toEqual({
      isOpen: true,
      title: 'Authentication Required',
      message: 'Please log in to continue.',
    });
  });

  it('opens with the given title and message, and null hides the message', () => {
    expect(
      authModalReducer(initialAuthModalState, {
        type: 'open',
        isLoggedIn: false,
        title: LOGIN_TITLES.addBuilding,
        message: LOGIN_MESSAGES.addBuilding,
      }),
    ).toEqual({
      isOpen: true,
      title: 'Login to Add Building',
      message: 'You need to be logged in to add a building.',
    });
    expect(
      authModalReducer(initialAuthModalState, { type: 'open', isLoggedIn: false, message: null }).message,
    ).toBeNull();
  });

  it('closes instead of opening while the user is logged in', () => {
    expect(authModalReducer(initialAuthModalState, { type: 'open', isLoggedIn: true }).isOpen).toBe(false);
    const open = { ...initialAuthModalState, isOpen: true };
    expect(authModalReducer(open, { type: 'open', isLoggedIn: true, title: 'Login to Vote' })).toEqual({
      ...open,
      isOpen: false,
    });
  });

  it('closes', () => {
    expect(authModalReducer({ ...initialAuthModalState, isOpen: true }, { type: 'close' }).isOpen).toBe(
      false,
    );
  });
});
