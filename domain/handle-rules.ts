/**
 * Which handles a user may not choose: the site's own account, the roles and other words that would
 * let someone pass for the site or its staff, and their look-alikes ('atlas_1', 'adm1n',
 * 'a_t_l_a_s', 'admin123'). Pure: the server refuses them on a handle change and the settings form
 * says why before sending. The format rule (letters, digits, underscores) is in users.ts.
 */

/** The system account's handle (server/db/seed.ts creates it with this handle). */
export const SYSTEM_ACCOUNT_HANDLE = 'atlas';

/** What a reserved word stands for: the text of the refusal says which. */
type ReservedKind = 'system' | 'role' | 'word';

/**
 * Refused when the whole handle, normalised, is one of these. 'system' and 'role' words are also
 * refused as one word of a longer handle ('atlas_team', 'ada_admin'): they name the site or a power.
 */
const RESERVED: Readonly<Record<string, ReservedKind>> = {
  atlas: 'system',
  atlas_catalogue: 'system',
  atlas_of_buildings: 'system',
  atlas_system: 'system',
  admin: 'role',
  administrator: 'role',
  sysadmin: 'role',
  moderator: 'role',
  mod: 'role',
  mods: 'role',
  system: 'word',
  root: 'word',
  superuser: 'word',
  support: 'word',
  staff: 'word',
  official: 'word',
  team: 'word',
  help: 'word',
  helpdesk: 'word',
  security: 'word',
  abuse: 'word',
  owner: 'word',
  webmaster: 'word',
  postmaster: 'word',
  hostmaster: 'word',
  noreply: 'word',
  no_reply: 'word',
  info: 'word',
  contact: 'word',
  privacy: 'word',
  legal: 'word',
  api: 'word',
  www: 'word',
  anonymous: 'word',
  deleted: 'word',
  deleted_user: 'word',
  unknown: 'word',
  null: 'word',
  undefined: 'word',
  everyone: 'word',
};

/** Words that may not be a part of a handle either: they name the site or a power over others. */
const RESERVED_AS_PART: readonly string[] = ['atlas', 'admin', 'administrator', 'sysadmin', 'moderator'];

/**
 * Digits and letter pairs read as letters, and letters that look alike, all mapped to one letter
 * (as the skeleton of Unicode's confusables, for what a handle may hold): 1, i and l are one
 * letter, 0 and o, 5 and s, 'rn' and 'm', 'vv' and 'w'.
 */
const LOOK_ALIKE: readonly [RegExp, string][] = [
  [/rn/g, 'm'],
  [/vv/g, 'w'],
  [/[1il]/g, 'l'],
  [/0/g, 'o'],
  [/3/g, 'e'],
  [/4/g, 'a'],
  [/5/g, 's'],
  [/7/g, 't'],
  [/8/g, 'b'],
  [/9/g, 'g'],
  [/6/g, 'g'],
  [/2/g, 'z'],
];

/** The letters a word reads as: lowercase, separators dropped, look-alikes made one. */
export function handleSkeleton(word: string): string {
  let s = word.toLowerCase().replace(/[_\-.\s]+/g, '');
  for (const [from, to] of LOOK_ALIKE) s = s.replace(from, to);
  return s;
}

/**
 * The readings of a handle compared with the reserved words: as it is, then without the digits
 * one adds to a taken name ('atlas_1', 'admin123'), then without leading digits ('1root') too.
 * Digits are read as letters in each ('4dm1n'), underscores at the ends dropped ('_atlas_').
 */
function readings(handle: string): string[] {
  const whole = handle.toLowerCase().replace(/^_+|_+$/g, '');
  const noTrailing = whole.replace(/[_0-9]+$/, '');
  const noDigitsAtEnds = noTrailing.replace(/^[_0-9]+/, '');
  return [whole, noTrailing, noDigitsAtEnds].filter((r) => r !== '').map(handleSkeleton);
}

const bySkeleton = new Map<string, { word: string; kind: ReservedKind }>();
for (const [word, kind] of Object.entries(RESERVED)) bySkeleton.set(handleSkeleton(word), { word, kind });
const partSkeletons = new Map(RESERVED_AS_PART.map((w) => [handleSkeleton(w), w] as const));

/** The reserved word a handle is or looks like, or null. */
export function reservedLookAlike(handle: string): { word: string; kind: ReservedKind } | null {
  for (const reading of readings(handle)) {
    const whole = bySkeleton.get(reading);
    if (whole) return whole;
  }
  for (const part of handle.split('_')) {
    for (const reading of readings(part)) {
      const word = partSkeletons.get(reading);
      if (word) return { word, kind: RESERVED[word] ?? 'word' };
    }
  }
  return null;
}

/** Why a handle cannot be chosen because it is or looks like a reserved word, or null. */
export function reservedHandleProblem(handle: string): string | null {
  const found = reservedLookAlike(handle);
  if (!found) return null;
  const what =
    found.kind === 'system'
      ? `the site's own account "${SYSTEM_ACCOUNT_HANDLE}"`
      : found.kind === 'role'
        ? `the role "${found.word}"`
        : `the reserved word "${found.word}"`;
  return `The handle "${handle}" can't be used: it could be mistaken for ${what}. Please choose another.`;
}
