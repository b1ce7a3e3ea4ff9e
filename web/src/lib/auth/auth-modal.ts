import { AUTH_MODAL_DEFAULT_MESSAGE, AUTH_MODAL_DEFAULT_TITLE } from './messages.ts';

/** UI state authModalState of product §3. A null message shows none. */
export interface AuthModalState {
  isOpen: boolean;
  title: string;
  message: string | null;
}

export interface OpenAuthModalOptions {
  /** Defaults to 'Authentication Required'. */
  title?: string;
  /** Defaults to 'Please log in to continue.'; null shows no message. */
  message?: string | null;
}

export type AuthModalAction =
  ({ type: 'open'; isLoggedIn: boolean } & OpenAuthModalOptions) | { type: 'close' };

export const initialAuthModalState: AuthModalState = {
  isOpen: false,
  title: AUTH_MODAL_DEFAULT_TITLE,
  message: AUTH_MODAL_DEFAULT_MESSAGE,
};

/**
 * Product §2, auth modal: opening sets the title and message (or their defaults); asked to open
 * while the user is logged in, it closes instead (the caller logs the error).
 */
export function authModalReducer(state: AuthModalState, action: AuthModalAction): AuthModalState {
  switch (action.type) {
    case 'open':
      if (action.isLoggedIn) return state.isOpen ? { ...state, isOpen: false } : state;
      return {
        isOpen: true,
        title: action.title ?? AUTH_MODAL_DEFAULT_TITLE,
        message: action.message === undefined ? AUTH_MODAL_DEFAULT_MESSAGE : action.message,
      };
    case 'close':
      return state.isOpen ? { ...state, isOpen: false } : state;
  }
}
