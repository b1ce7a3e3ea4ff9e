/** Texts of the auth modal (product §2 and §6): one home for every feature that gates an action. */

export const AUTH_MODAL_DEFAULT_TITLE = 'Authentication Required';
export const AUTH_MODAL_DEFAULT_MESSAGE = 'Please log in to continue.';

/** The navigation bar's 'Login' and the /login route open the modal with this title and no message. */
export const LOGIN_MODAL_TITLE = 'Login or create an account! :)';

/** Titles for gated actions (product §6). */
export const LOGIN_TITLES = {
  default: AUTH_MODAL_DEFAULT_TITLE,
  vote: 'Login to Vote',
  comment: 'Login to Comment',
  reply: 'Login to Reply',
  addBuilding: 'Login to Add Building',
} as const;

/** Messages for gated actions (product §6). */
export const LOGIN_MESSAGES = {
  default: AUTH_MODAL_DEFAULT_MESSAGE,
  action: 'You need to be logged in to perform this action.',
  addBuilding: 'You need to be logged in to add a building.',
  uploadImages: 'You need to be logged in to upload images.',
} as const;
