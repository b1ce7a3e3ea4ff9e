/**
 * The English source messages of the catalogues (domain/messages/): every literal passed to the
 * web app's `t()`, `plural()` and `tNodes()` or the server's `tr()` / `translate()`, and the texts components translate
 * from constants (`t(GALLERY_TEXTS.empty)`, `t(style.name)`), listed in DYNAMIC_MESSAGES.
 * domain/catalogues.test.ts checks every catalogue has all of them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { IMAGE_LICENSE_INFO, IMAGE_TYPE_OPTIONS } from '../domain/images.ts';
import { REPORT_REASON_LABELS } from '../domain/moderation-terms.ts';
import { problemMessages } from '../domain/problem-messages.ts';
import { BUILDING_MESSAGES } from '../domain/building-write.ts';
import { REVISION_FIELD_LABELS, REVISION_KIND_LABELS } from '../domain/revision-terms.ts';
import { MESSAGES as EDIT_BUILDING_MESSAGES } from '../web/src/features/buildings/model/edit-building-form.ts';
import { SUGGEST_MESSAGES } from '../web/src/features/buildings/model/suggest-edit.ts';
import { COMMENT_SORT_LABELS, COMMENT_TEXTS } from '../web/src/features/comments/model/comment-rules.ts';

import { SEED_STYLES } from '../server/db/seed-data/styles.ts';
import { SITE_DESCRIPTION } from '../server/modules/pages/page-head.ts';
import {
  AUTH_MODAL_DEFAULT_MESSAGE,
  AUTH_MODAL_DEFAULT_TITLE,
  LOGIN_MESSAGES,
  LOGIN_MODAL_TITLE,
  LOGIN_TITLES,
} from '../web/src/lib/auth/messages.ts';
import { GALLERY_TEXTS } from '../web/src/features/images/components/gallery-page.tsx';
import { GALLERY_SORT_OPTIONS } from '../web/src/features/images/components/image-list-controls.tsx';
import { placeSearchNotice } from '../web/src/features/create-building/model/places.ts';
import { WIZARD_MESSAGES, WIZARD_STEP_TITLES } from '../web/src/features/create-building/model/wizard.ts';
import { GROUP_LABELS } from '../web/src/features/search/model/groups.ts';
import { UPLOAD_TEXTS } from '../web/src/lib/uploads/upload.ts';
import { NO_OPERATOR_CONTACT } from '../web/src/features/about/components/privacy-page.tsx';
import {
  FEEDBACK_MESSAGES,
  FEEDBACK_TYPE_OPTIONS,
} from '../web/src/features/feedback/model/feedback-form.ts';
import { REPORT_MESSAGES } from '../web/src/features/reports/components/report-dialog.tsx';
import { MODERATION_TEXTS } from '../web/src/features/moderation/components/moderation-screen.tsx';
import { LOG_LINES } from '../web/src/features/moderation/components/moderation-log.tsx';
import { QUEUE_TEXTS } from '../web/src/features/moderation/components/report-queue.tsx';
import { USER_ACTION_ERRORS } from '../web/src/features/moderation/components/user-actions.tsx';
import { TARGET_TYPE_LABELS } from '../web/src/features/moderation/model/queue-item.ts';
// Images, lists and user screens
import { OFFLINE_TEXT } from '../web/src/app/offline.ts';
import {
  SIGN_OUT_EVERYWHERE_FAILED,
  SIGN_OUT_EVERYWHERE_HINT,
  SIGN_OUT_EVERYWHERE_QUESTION,
} from '../web/src/features/auth/components/sign-out-everywhere.tsx';
import { CARD_ORDERS } from '../web/src/features/explore/components/card-order.tsx';
import { LOCATE_MESSAGES } from '../web/src/features/explore/model/locate.ts';
import { FIRST_PHOTO_TEXTS } from '../web/src/features/images/components/first-photo-invite.tsx';
import { DELETE_IMAGE_QUESTION } from '../web/src/features/images/components/image-viewer.tsx';
import { THROUGH_TIME_TEXTS } from '../web/src/features/images/model/through-time.ts';
import { UPLOAD_FORM_TEXTS } from '../web/src/features/images/model/upload-form.ts';
import {
  VOTED_IMAGES_TEXTS,
  VOTED_SORT_OPTIONS,
  votedImagesEmptyText,
} from '../web/src/features/images/model/voted-images.ts';
import { LIST_TEXTS } from '../web/src/features/lists/model/lists.ts';
import { WALKING_TOUR_TEXTS } from '../web/src/features/lists/model/walking-tour.ts';
import { DOWNLOAD_MY_DATA_HINT } from '../web/src/features/user/components/download-my-data.tsx';
import { PLANNED_STATS } from '../web/src/features/user/components/user-stats.tsx';
import {
  WELCOME_SKIP_LABEL,
  WELCOME_TITLE,
} from '../web/src/features/user/components/welcome-handle-dialog.tsx';
import * as DELETE_ACCOUNT from '../web/src/features/user/model/delete-account.ts';
import {
  HANDLE_UPDATED_TEXT,
  HANDLE_UPDATE_FAILED_TEXT,
} from '../web/src/features/user/model/handle-form.ts';
import { userNavItems } from '../web/src/features/user/model/user-nav.ts';
import {
  RATING_FILTERS,
  USER_BUILDINGS_TEXTS,
  emptyRatedText,
  sortOrderLabel,
} from '../web/src/features/user-buildings/model/user-buildings.ts';
import { HANDLE_HINT } from '../domain/users.ts';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Texts translated where they are shown, from constants and data. */
export const DYNAMIC_MESSAGES: readonly string[] = [
  ...SEED_STYLES,
  ...IMAGE_TYPE_OPTIONS.map((o) => o.label),
  ...GALLERY_SORT_OPTIONS.map((o) => o.label),
  ...Object.values(GALLERY_TEXTS),
  ...Object.values(GROUP_LABELS),
  AUTH_MODAL_DEFAULT_TITLE,
  AUTH_MODAL_DEFAULT_MESSAGE,
  LOGIN_MODAL_TITLE,
  ...Object.values(LOGIN_TITLES),
  ...Object.values(LOGIN_MESSAGES),
  ...WIZARD_STEP_TITLES,
  WIZARD_MESSAGES.invalidLongitude,
  WIZARD_MESSAGES.invalidLatitude,
  WIZARD_MESSAGES.nameRequired,
  WIZARD_MESSAGES.placeWithoutCoordinates,
  WIZARD_MESSAGES.placeFailed,
  // Toasts (web/src/lib/toast/toast.ts translates their messages).
  WIZARD_MESSAGES.duplicate,
  WIZARD_MESSAGES.createFailed,
  UPLOAD_TEXTS.failed,
  placeSearchNotice('off')!,
  placeSearchNotice('failed')!,
  'Discard the building you started adding?',
  'Create Building',
  // building-cards.tsx: Mantine's pagination controls, `${control} page`.
  ...['first', 'previous', 'next', 'last'].map((control) => `${control} page`),
  'Creating Building & Uploading Images...',
  'Continue as demo user',
  'Continue as demo moderator',
  SITE_DESCRIPTION,
  // About, privacy, feedback, reports and moderation.
  ...Object.values(IMAGE_LICENSE_INFO).map((info) => info.explanation),
  NO_OPERATOR_CONTACT,
  ...FEEDBACK_TYPE_OPTIONS.map((o) => o.label),
  ...Object.values(FEEDBACK_MESSAGES),
  ...Object.values(REPORT_REASON_LABELS),
  ...Object.values(REPORT_MESSAGES),
  ...Object.values(MODERATION_TEXTS),
  ...Object.values(QUEUE_TEXTS),
  ...Object.values(USER_ACTION_ERRORS),
  ...Object.values(LOG_LINES),
  ...Object.values(TARGET_TYPE_LABELS),
  // The API's problem texts, translated as they arrive (web/src/lib/problem-text.ts).
  ...problemMessages(),
  // Images, lists and user screens
  ...Object.values(FIRST_PHOTO_TEXTS),
  DELETE_IMAGE_QUESTION,
  ...Object.values(THROUGH_TIME_TEXTS),
  ...Object.values(UPLOAD_FORM_TEXTS),
  ...Object.values(UPLOAD_TEXTS),
  ...Object.values(VOTED_IMAGES_TEXTS),
  ...VOTED_SORT_OPTIONS.map((o) => o.label),
  ...(['smile', 'meh', 'frown'] as const).map(votedImagesEmptyText),
  ...Object.values(LIST_TEXTS),
  ...Object.values(WALKING_TOUR_TEXTS),
  ...Object.values(DELETE_ACCOUNT).filter((text): text is string => typeof text === 'string'),
  HANDLE_HINT,
  HANDLE_UPDATED_TEXT,
  HANDLE_UPDATE_FAILED_TEXT,
  ...userNavItems('handle', { isLoggedIn: true, isOwnProfile: true }).map((item) => item.label),
  DOWNLOAD_MY_DATA_HINT,
  WELCOME_TITLE,
  WELCOME_SKIP_LABEL,
  ...PLANNED_STATS,
  ...Object.values(USER_BUILDINGS_TEXTS),
  ...RATING_FILTERS.map((f) => f.label),
  ...(['asc', 'desc'] as const).map(sortOrderLabel),
  ...RATING_FILTERS.map((f) => emptyRatedText(f.value)),
  SIGN_OUT_EVERYWHERE_HINT,
  SIGN_OUT_EVERYWHERE_QUESTION,
  SIGN_OUT_EVERYWHERE_FAILED,
  ...Object.values(LOCATE_MESSAGES),
  ...CARD_ORDERS.map((o) => o.label),
  OFFLINE_TEXT,
  // Buildings, comments, the Create Building wizard and shared components (translated where shown).
  ...Object.values(REVISION_FIELD_LABELS),
  ...Object.values(REVISION_KIND_LABELS),
  EDIT_BUILDING_MESSAGES.updateFailed,
  ...Object.values(SUGGEST_MESSAGES),
  ...Object.values(BUILDING_MESSAGES),
  ...Object.values(WIZARD_MESSAGES),
  ...Object.values(COMMENT_TEXTS),
  ...Object.values(COMMENT_SORT_LABELS),
  ...Object.values(IMAGE_LICENSE_INFO).map((licence) => licence.explanation),
];

/** Where translated texts are written. */
const SOURCES = ['web/src', 'server/modules/pages', 'domain'];
const CALL =
  /\b(?:t|tr|plural|tNodes)\(\s*(['"])((?:\\.|(?!\1).)*)\1|\btranslate\(\s*\w+,\s*(['"])((?:\\.|(?!\3).)*)\3/g;

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const unquote = (text: string) => text.replace(/\\(.)/g, '$1');

/** Each literal message of the sources, with the files that use it. */
export function literalMessages(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of SOURCES.flatMap((dir) => files(path.join(root, dir)))) {
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(CALL)) {
      const message = unquote(match[2] ?? match[4] ?? '');
      found.set(message, [...(found.get(message) ?? []), path.relative(root, file)]);
    }
  }
  return found;
}

/** Every English message the catalogues must translate. */
export function sourceMessages(): string[] {
  return [...new Set([...literalMessages().keys(), ...DYNAMIC_MESSAGES])].sort();
}
