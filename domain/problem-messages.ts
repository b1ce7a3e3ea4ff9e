/**
 * The server's problem texts (RFC 9457 `detail`) that can reach a user, in English as the server
 * writes them: the catalogues translate them (scripts/messages.ts lists them) and the web app
 * shows them in the page's language (web/src/lib/problem-text.ts). A fixed text is its own
 * message; a text with variable parts is a template, an ICU message whose `{arguments}` are read
 * back from the server's text. Texts a user never meets (a wrong query parameter, the basemap's
 * paths) are left out and stay English. scripts/problem-messages.test.ts checks every text here
 * is still one the server writes.
 */

/** Fixed texts, word for word. */
export const PROBLEM_TEXTS: readonly string[] = [
  // server/http/errors.ts
  'You need to be logged in to perform this action.',
  'You are not allowed to do this.',
  'Not found.',
  'The request is invalid.',
  'Something went wrong on our side.',
  'There is no room to store this at the moment. Please try again later.',
  'The database is unavailable at the moment. Please try again shortly.',
  'This request took too long to answer. Please try again shortly.',
  // Not found
  'Building not found',
  'Image not found',
  'Comment not found',
  'User not found',
  'List not found',
  'Architect not found',
  'Report not found',
  'Suggestion not found',
  'Revision not found',
  'This building is not in the list',
  'There is nothing to report here.',
  // Roles and sign-in
  'Only an admin can do this.',
  'Only moderators can do this.',
  'Your account is suspended; you cannot sign in or make changes.',
  'The Google sign-in could not be verified. Please try again.',
  'This account signs in with Google; the demo sign-in cannot be used for it.',
  'This is the catalogue account; no one can sign in as it.',
  'The catalogue account has no role and cannot be suspended.',
  'You cannot change your own role.',
  'You cannot suspend yourself.',
  'Only an admin can change roles.',
  'Only moderators can suspend users.',
  'An admin cannot be suspended.',
  'Only an admin can suspend a moderator.',
  // Users
  'You can only change your own handle.',
  'The system account cannot be deleted.',
  'You can only delete your own account.',
  'You can only download your own data.',
  // Buildings and their suggestions
  'Only the user who added this building or a moderator can change it.',
  'This suggestion changes nothing: the building already has these values.',
  'The building already has the values of this revision.',
  // Images, comments, lists
  'Only the user who uploaded an image can do this.',
  'Only the user who uploaded an image can change it.',
  'The file is empty.',
  'This comment has been deleted.',
  'You can only change your own comments.',
  'Only the owner of this list can change it.',
  // Reports and moderation
  'You have already reported this; the moderators will look at it.',
  'This report is already resolved.',
  'The reported content is gone: dismiss this report instead.',
  'Users are suspended and architects corrected, not hidden: dismiss this report instead.',
  'An architect cannot be merged into itself.',
  // Exports
  'Too many exports are running. Please try again in a few seconds.',
  'An export from your address is still running. Please wait for it to finish.',
];

export interface ProblemTemplate {
  /** The catalogue's message (English, ICU). */
  readonly message: string;
  /** Reads the server's text; its named groups are the message's arguments. */
  readonly pattern: RegExp;
}

const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\{}/]/g, '\\$&');

/** A template whose `{arguments}` each stand for some text in the server's. */
function template(message: string): ProblemTemplate {
  const parts = message.split(/\{(\w+)\}/);
  const source = parts.map((part, i) => (i % 2 ? `(?<${part}>.+?)` : escape(part))).join('');
  return { message, pattern: new RegExp(`^${source}$`) };
}

/** `{seconds}` seconds to wait, as server/http/rate-limit.ts writes them: '1 second', '30 seconds'. */
const waitIn = (before: string): ProblemTemplate => ({
  message: `${before} Please try again in {seconds, plural, one {# second} other {# seconds}}.`,
  pattern: new RegExp(`^${escape(before)} Please try again in (?<seconds>\\d+) seconds?\\.$`),
});

/** Texts with variable parts. */
export const PROBLEM_TEMPLATES: readonly ProblemTemplate[] = [
  template('Your account is suspended until {date}; you cannot sign in or make changes.'),
  template('The handle "{handle}" is already taken.'),
  template(
    'The handle "{handle}" was changed recently and stays reserved for its previous owner for {days} days.',
  ),
  template('This handle was changed recently and stays reserved for its previous owner for {days} days.'),
  template('A photo under {from} cannot move to the stricter {to}: a licence can only become more open.'),
  template('File {number} is larger than {size} ({bytes} bytes).'),
  template(
    'You have {pending} unfinished uploads and may have at most {max} at once. Please let them finish (unfinished uploads are cleared after a while) and try again.',
  ),
  template(
    'You have {count} images waiting to be processed and may have at most {max}. Please try again when some of them are done.',
  ),
  template(
    'Daily upload limit reached: you may upload {limit} in 24 hours and have used {used}; these files need {asked}. Please try again later.',
  ),
  template('Another architect, {name} ({id}), has this name: merge the two instead.'),
  waitIn('Too many requests.'),
  waitIn('Too many changes from this address.'),
  waitIn('Too many changes from your account.'),
  waitIn('An address may start one export a minute.'),
];

/**
 * Every problem message the catalogues translate. A function, so the web's translator, which
 * reads only the templates, leaves the fixed texts out of its chunk.
 */
export const problemMessages = (): string[] => [...PROBLEM_TEXTS, ...PROBLEM_TEMPLATES.map((t) => t.message)];

/**
 * The catalogue message and arguments of a server text that a template reads, or null. Counts
 * are numbers (a plural picks its form by them).
 */
export function readProblemText(
  text: string,
): { message: string; values: Record<string, string | number> } | null {
  for (const { message, pattern } of PROBLEM_TEMPLATES) {
    const groups = pattern.exec(text)?.groups;
    if (groups) {
      const values = Object.fromEntries(
        Object.entries(groups).map(([name, value]) => [name, /^\d+$/.test(value) ? Number(value) : value]),
      );
      return { message, values };
    }
  }
  return null;
}
