/**
 * The welcome step after a first sign-in: a new account has a generated handle (domain/users.ts)
 * and is invited to pick its own. It shows while the handle is still a generated one and the user
 * has not skipped it on this browser; the skip is remembered per user id in localStorage.
 */
import { isGeneratedHandle } from '#domain/generated-handle';

export const WELCOME_SKIPPED_STORAGE_KEY = 'atlas_welcome_skipped';

/** The ids of the users who skipped the welcome step on this browser. */
export function skippedWelcomeIds(storage: Pick<Storage, 'getItem'> | undefined): number[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(WELCOME_SKIPPED_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

/** Remembers that this user skipped the step (a full or refused storage only forgets it). */
export function rememberWelcomeSkipped(
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined,
  userId: number,
) {
  const ids = skippedWelcomeIds(storage);
  if (ids.includes(userId)) return;
  try {
    storage?.setItem(WELCOME_SKIPPED_STORAGE_KEY, JSON.stringify([...ids, userId].slice(-20)));
  } catch {
    // Private mode or a full storage: the step shows again next time, which is harmless.
  }
}

export function shouldWelcome(user: { id: number; handle: string } | null, skippedIds: readonly number[]) {
  return user !== null && isGeneratedHandle(user.handle) && !skippedIds.includes(user.id);
}
