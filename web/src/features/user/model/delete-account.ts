/** Texts and the confirmation rule of Settings' 'Delete my account'. */
export const DELETE_ACCOUNT_LABEL = 'Delete my account';
export const DELETE_ACCOUNT_HINT =
  'Deletes your account for good: your votes, lists, images and comments go (a comment with replies ' +
  "stays as 'This comment has been deleted'), and the buildings you added stay in the catalogue, " +
  'credited to the site. Your handle stays reserved for 30 days, then anyone may take it.';
export const DELETE_ACCOUNT_CONFIRM_LABEL = 'Type your handle to confirm';
export const DELETE_ACCOUNT_REMOVE_BUILDINGS =
  'Also remove the buildings I added that nobody else contributed to (no one else’s photo, comment or vote)';
export const DELETE_ACCOUNT_DONE = 'Your account has been deleted.';
export const DELETE_ACCOUNT_FAILED = 'Failed to delete your account. Please try again.';

/** The delete button is enabled only when the typed text is the handle (spaces around ignored). */
export const confirmsHandle = (typed: string, handle: string) => typed.trim() === handle;
