/**
 * The whole data model (product §3). Rules the product description states are CHECK constraints, so no
 * code path can store what the product description forbids. Ids are `integer` so PGlite and pg both return
 * numbers (field notes).
 */
import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** Vote counters kept on the row and changed in the same transaction as the vote. */
const faceVoteCounters = () => ({
  upvotes: integer('upvotes').notNull().default(0),
  meh_votes: integer('meh_votes').notNull().default(0),
  downvotes: integer('downvotes').notNull().default(0),
});
const yearRange = (column: string) => sql.raw(`${column} BETWEEN -10000 AND 9999`);
/**
 * Hidden by a moderator (migration 0009): the row stays, but reads show it only to its owner and to
 * moderators (server/db/visibility.ts). Null = visible.
 */
const hiddenColumns = () => ({
  hidden_at: timestamp('hidden_at', { withTimezone: true }),
  hidden_by: integer('hidden_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
});
/** The same lists as domain/roles.ts and domain/moderation.ts (drizzle-kit reads this file on its own). */
/** A row's building: removed with it. */
const buildingRef = () =>
  integer('building_id')
    .notNull()
    .references(() => buildings.id, { onDelete: 'cascade' });
/** A row's user (its owner, author or reporter): removed with the account. */
const userRef = <N extends string>(column: N) =>
  integer(column)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

const USER_ROLES = ['user', 'moderator', 'admin'] as const;
const REPORT_TARGET_TYPES = ['building', 'image', 'comment', 'user', 'architect'] as const;
const REPORT_REASONS = ['spam', 'offensive', 'incorrect', 'copyright', 'privacy', 'other'] as const;

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    google_sub: text('google_sub').unique(),
    handle: text('handle').notNull(),
    email: text('email'),
    picture: text('picture'),
    /**
     * The account that owns the seeded catalogue: no sign-in reaches it (neither the demo sign-in
     * nor Google, as it has no google_sub), so no one may edit or delete what it owns.
     */
    is_system: boolean('is_system').notNull().default(false),
    /** user | moderator | admin (domain/roles.ts); ADMIN_EMAILS makes a Google account admin. */
    role: text('role', { enum: USER_ROLES }).notNull().default('user'),
    /** Suspended by a moderator: no sign-in and no writes while suspended_at is set and suspended_until not past. */
    suspended_at: timestamp('suspended_at', { withTimezone: true }),
    /** Null with suspended_at set: suspended until lifted. */
    suspended_until: timestamp('suspended_until', { withTimezone: true }),
    suspension_reason: text('suspension_reason'),
    suspended_by: integer('suspended_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_handle_key').on(t.handle),
    check('users_role_valid', sql`${t.role} IN ('user', 'moderator', 'admin')`),
    check('users_suspension_reason_length', sql`char_length(${t.suspension_reason}) BETWEEN 1 AND 1000`),
    check('users_handle_format', sql`${t.handle} ~ '^[a-z0-9_]{1,30}$'`),
    check('users_system_has_no_google', sql`NOT ${t.is_system} OR ${t.google_sub} IS NULL`),
    // At most one system account.
    uniqueIndex('users_one_system_key')
      .on(t.is_system)
      .where(sql`${t.is_system}`),
  ],
);

/**
 * Handles users changed away from. Each stays reserved for its owner until released_at (30 days
 * after the change, HANDLE_RESERVED_DAYS): nobody else may take it, the owner may take it back, and
 * /user/{old} and GET /api/users/{old} redirect to the owner's current handle meanwhile. One row
 * per handle: a later change away from the same handle replaces it. A deleted owner leaves the
 * row (user_id null), the handle still reserved until released_at.
 */
export const previousHandles = pgTable(
  'previous_handles',
  {
    handle: text('handle').primaryKey(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    changed_at: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    released_at: timestamp('released_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('previous_handles_user_id_idx').on(t.user_id)],
);

/** Place searches per user and day (PLACES_PER_USER_PER_DAY), counted in the database for all processes. */
export const placesUsage = pgTable(
  'places_usage',
  {
    user_id: userRef('user_id'),
    day: date('day').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.day] })],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie's random id; the id itself is never stored. */
    id_hash: text('id_hash').primaryKey(),
    user_id: userRef('user_id'),
    created_at: createdAt(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.user_id), index('sessions_expires_at_idx').on(t.expires_at)],
);

export const architecturalStyles = pgTable(
  'architectural_styles',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    ...faceVoteCounters(),
    created_at: createdAt(),
    /** The name as search compares it (migration 0004, atlas_search_norm). */
    search_name: text('search_name')
      .notNull()
      .generatedAlwaysAs(sql`atlas_search_norm(name)`),
  },
  (t) => [
    uniqueIndex('architectural_styles_name_key').on(t.name),
    index('architectural_styles_search_name_trgm_idx').using('gin', sql`${t.search_name} gin_trgm_ops`),
    check('architectural_styles_name_not_blank', sql`length(trim(${t.name})) > 0`),
  ],
);

export const buildings = pgTable(
  'buildings',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    lng: doublePrecision('lng').notNull(),
    lat: doublePrecision('lat').notNull(),
    year_built: integer('year_built'),
    year_demolished: integer('year_demolished'),
    place_id: text('place_id'),
    address_line1: text('address_line1'),
    address_line2: text('address_line2'),
    address_line3: text('address_line3'),
    city: text('city'),
    state: text('state'),
    postal_code: text('postal_code'),
    country_code: text('country_code'),
    added_by: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
    cover_image_id: integer('cover_image_id').references((): AnyPgColumn => images.id, {
      onDelete: 'set null',
    }),
    views: integer('views').notNull().default(0),
    image_count: integer('image_count').notNull().default(0),
    ...faceVoteCounters(),
    ...hiddenColumns(),
    created_at: createdAt(),
    updated_at: updatedAt(),
    /** The name as search compares it: lowercase, accents and punctuation folded (migration 0004). */
    search_name: text('search_name')
      .notNull()
      .generatedAlwaysAs(sql`atlas_search_norm(name)`),
    /** Name, city and first address line, normalised: what search matches with trigrams. */
    search_text: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`atlas_search_norm(name || ' ' || coalesce(city, '') || ' ' || coalesce(address_line1, ''))`,
      ),
  },
  (t) => [
    index('buildings_lng_lat_idx').on(t.lng, t.lat),
    index('buildings_search_text_trgm_idx').using('gin', sql`${t.search_text} gin_trgm_ops`),
    index('buildings_search_name_prefix_idx').using('btree', sql`${t.search_name} text_pattern_ops`),
    // Word prefixes of every query word (search.service.ts): far cheaper than trigrams at a million rows.
    index('buildings_search_text_words_idx').using(
      'gin',
      sql`to_tsvector('simple'::regconfig, ${t.search_text})`,
    ),
    index('buildings_place_id_idx').on(t.place_id),
    index('buildings_added_by_idx').on(t.added_by),
    index('buildings_year_built_idx').on(t.year_built),
    check('buildings_name_not_blank', sql`length(trim(${t.name})) > 0`),
    check('buildings_lng_range', sql`${t.lng} BETWEEN -180 AND 180`),
    check('buildings_lat_range', sql`${t.lat} BETWEEN -90 AND 90`),
    check('buildings_year_built_range', yearRange('year_built')),
    check('buildings_year_demolished_range', yearRange('year_demolished')),
    check(
      'buildings_demolished_after_built',
      sql`${t.year_demolished} IS NULL OR ${t.year_built} IS NULL OR ${t.year_demolished} >= ${t.year_built}`,
    ),
    check('buildings_country_code_format', sql`${t.country_code} ~ '^[A-Z]{2}$'`),
    check('buildings_counters_not_negative', sql`${t.views} >= 0 AND ${t.image_count} >= 0`),
  ],
);

export const buildingStyles = pgTable(
  'building_styles',
  {
    building_id: buildingRef(),
    style_id: integer('style_id')
      .notNull()
      .references(() => architecturalStyles.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.building_id, t.style_id] }),
    index('building_styles_style_id_idx').on(t.style_id),
  ],
);

/** People and firms who designed buildings; one row per name as search compares it. */
export const architects = pgTable(
  'architects',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** The name lowercased with accents and punctuation folded: the same architect, whatever the spelling's case. */
    name_key: text('name_key')
      .notNull()
      .generatedAlwaysAs(sql`atlas_search_norm(name)`),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('architects_name_key_key').on(t.name_key),
    index('architects_name_key_trgm_idx').using('gin', sql`${t.name_key} gin_trgm_ops`),
    index('architects_name_key_prefix_idx').using('btree', sql`${t.name_key} text_pattern_ops`),
    index('architects_name_key_words_idx').using('gin', sql`to_tsvector('simple'::regconfig, ${t.name_key})`),
    check('architects_name_length', sql`length(trim(${t.name})) BETWEEN 1 AND 120`),
    check('architects_name_key_not_blank', sql`${t.name_key} <> ''`),
  ],
);

/** A moderator's rename of an architect (the only way an architect's name changes). */
export const architectRevisions = pgTable(
  'architect_revisions',
  {
    id: serial('id').primaryKey(),
    architect_id: integer('architect_id')
      .notNull()
      .references(() => architects.id, { onDelete: 'cascade' }),
    author_id: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    name_from: text('name_from').notNull(),
    name_to: text('name_to').notNull(),
    created_at: createdAt(),
  },
  (t) => [index('architect_revisions_architect_idx').on(t.architect_id, t.created_at, t.id)],
);

/**
 * An architect merged into another: its old id (pages and API addresses move on to `new_id`) and
 * its name's key (the old spelling, typed again, finds `new_id` instead of a new duplicate).
 */
export const architectRedirects = pgTable(
  'architect_redirects',
  {
    old_id: integer('old_id').primaryKey(),
    new_id: integer('new_id')
      .notNull()
      .references(() => architects.id, { onDelete: 'cascade' }),
    /** Null once a moderator gave this spelling to another architect (a rename). */
    name_key: text('name_key'),
    created_at: createdAt(),
  },
  (t) => [
    index('architect_redirects_new_id_idx').on(t.new_id),
    uniqueIndex('architect_redirects_name_key_key').on(t.name_key),
  ],
);

export const buildingArchitects = pgTable(
  'building_architects',
  {
    building_id: buildingRef(),
    architect_id: integer('architect_id')
      .notNull()
      .references(() => architects.id, { onDelete: 'cascade' }),
    /** The order the names were given in. */
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.building_id, t.architect_id] }),
    index('building_architects_architect_id_idx').on(t.architect_id),
  ],
);

export const IMAGE_STATUSES = ['pending', 'uploaded', 'processing', 'ready', 'failed'] as const;
/** The same list as IMAGE_LICENSES in domain/images.ts (drizzle-kit reads this file on its own). */
const IMAGE_LICENSES = ['CC-BY-SA-4.0', 'CC-BY-4.0', 'CC0-1.0'] as const;

export const images = pgTable(
  'images',
  {
    id: serial('id').primaryKey(),
    building_id: buildingRef(),
    added_by: userRef('added_by'),
    status: text('status', { enum: IMAGE_STATUSES }).notNull().default('pending'),
    failure_reason: text('failure_reason'),
    image_type: text('image_type').notNull(),
    description: text('description'),
    capture_year: integer('capture_year'),
    storage_key: text('storage_key').notNull(),
    file_ext: text('file_ext').notNull(),
    content_type: text('content_type'),
    size_bytes: integer('size_bytes'),
    width: integer('width'),
    height: integer('height'),
    /** Rendition name -> storage key, e.g. {"400": "...webp", "1600": "...webp"}. */
    renditions: jsonb('renditions').$type<Record<string, string>>().notNull().default({}),
    /** The licence the uploader gives the photo under (domain/images.ts IMAGE_LICENSES). */
    license: text('license', { enum: IMAGE_LICENSES }).notNull().default('CC-BY-SA-4.0'),
    /** The credit; null means the uploader's handle (so a changed handle follows). */
    author: text('author'),
    ...faceVoteCounters(),
    ...hiddenColumns(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('images_storage_key_key').on(t.storage_key),
    index('images_building_status_created_idx').on(t.building_id, t.status, t.created_at),
    index('images_added_by_idx').on(t.added_by),
    check(
      'images_status_valid',
      sql`${t.status} IN ('pending', 'uploaded', 'processing', 'ready', 'failed')`,
    ),
    check(
      'images_type_valid',
      sql`${t.image_type} IN ('exterior', 'interior', 'detail', 'plans', 'drawing', 'other')`,
    ),
    check('images_file_ext_valid', sql`${t.file_ext} IN ('.jpeg', '.jpg', '.png', '.gif')`),
    check('images_capture_year_range', yearRange('capture_year')),
    check('images_license_valid', sql`${t.license} IN ('CC-BY-SA-4.0', 'CC-BY-4.0', 'CC0-1.0')`),
    check('images_author_length', sql`char_length(${t.author}) BETWEEN 1 AND 120`),
  ],
);

export const votes = pgTable(
  'votes',
  {
    id: serial('id').primaryKey(),
    user_id: userRef('user_id'),
    votable_type: text('votable_type').notNull(),
    votable_id: integer('votable_id').notNull(),
    vote: smallint('vote').notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('votes_user_target_key').on(t.user_id, t.votable_type, t.votable_id),
    index('votes_target_idx').on(t.votable_type, t.votable_id),
    check(
      'votes_votable_type_valid',
      sql`${t.votable_type} IN ('building', 'image', 'comment', 'architectural_style')`,
    ),
    check('votes_value_valid', sql`${t.vote} IN (-1, 0, 1)`),
    check('votes_comment_not_meh', sql`${t.votable_type} <> 'comment' OR ${t.vote} <> 0`),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    user_id: userRef('user_id'),
    target_type: text('target_type').notNull(),
    target_id: integer('target_id').notNull(),
    parent_id: integer('parent_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    deleted: boolean('deleted').notNull().default(false),
    edited: boolean('edited').notNull().default(false),
    reply_count: integer('reply_count').notNull().default(0),
    upvotes: integer('upvotes').notNull().default(0),
    downvotes: integer('downvotes').notNull().default(0),
    ...hiddenColumns(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('comments_target_idx').on(t.target_type, t.target_id, t.parent_id, t.created_at),
    index('comments_parent_idx').on(t.parent_id, t.created_at),
    check('comments_target_type_valid', sql`${t.target_type} IN ('building', 'image')`),
    check('comments_content_length', sql`length(${t.content}) <= 5000`),
    check(
      'comments_counters_not_negative',
      sql`${t.reply_count} >= 0 AND ${t.upvotes} >= 0 AND ${t.downvotes} >= 0`,
    ),
  ],
);

export const lists = pgTable(
  'lists',
  {
    id: serial('id').primaryKey(),
    user_id: userRef('user_id'),
    name: text('name').notNull(),
    is_public: boolean('is_public').notNull().default(false),
    created_at: createdAt(),
  },
  (t) => [
    index('lists_user_id_idx').on(t.user_id),
    check('lists_name_length', sql`length(trim(${t.name})) BETWEEN 1 AND 100`),
  ],
);

export const listBuildings = pgTable(
  'list_buildings',
  {
    list_id: integer('list_id')
      .notNull()
      .references(() => lists.id, { onDelete: 'cascade' }),
    building_id: buildingRef(),
    added_at: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.list_id, t.building_id] }),
    index('list_buildings_building_idx').on(t.building_id),
  ],
);

export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    type: text('type').notNull().default('general'),
    email: text('email'),
    page_url: text('page_url'),
    browser_info: text('browser_info'),
    created_at: createdAt(),
  },
  (t) => [
    check('feedback_type_valid', sql`${t.type} IN ('bug', 'feature', 'ui', 'general', 'other')`),
    check('feedback_title_not_blank', sql`length(trim(${t.title})) > 0`),
    check('feedback_description_not_blank', sql`length(trim(${t.description})) > 0`),
  ],
);

/**
 * Buildings per map grid cell, for server-side clustering of the unfiltered map. Level L cuts
 * the world into square cells of 360/2^L degrees (x from -180° east, y from -90° north);
 * levels 0..GRID_MAX_LEVEL (domain/map-grid.ts). Kept up to date by triggers on `buildings`
 * (migration 0002) in the same transaction as every insert, move and delete. The sums give a
 * cluster's centroid, and `sum_id` is the building's id when the cell holds exactly one.
 */
export const buildingGridCounts = pgTable(
  'building_grid_counts',
  {
    level: smallint('level').notNull(),
    cell_x: integer('cell_x').notNull(),
    cell_y: integer('cell_y').notNull(),
    building_count: integer('building_count').notNull(),
    sum_lng: doublePrecision('sum_lng').notNull(),
    sum_lat: doublePrecision('sum_lat').notNull(),
    sum_id: bigint('sum_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.level, t.cell_x, t.cell_y] }),
    check('building_grid_counts_positive', sql`${t.building_count} > 0`),
  ],
);

/**
 * One row whose `version` rises (at commit, by deferred triggers) whenever something the map or
 * the card list shows changes: buildings (except their view counter), their styles, and image
 * renditions. Rendered map bodies are cached under it.
 */
export const mapDataVersion = pgTable(
  'map_data_version',
  {
    id: smallint('id').primaryKey(),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('map_data_version_single_row', sql`${t.id} = 1`)],
);

/**
 * Mutation rate-limit counters shared by every API process (server/http/rate-limit.ts, store
 * `database`): one row per key and fixed minute; rows older than two minutes are deleted.
 */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    key: text('key').notNull(),
    window_start: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.window_start] })],
);

/**
 * Reports of content or accounts (POST /api/reports), resolved by moderators. The target is
 * polymorphic (no foreign key): a report of a target that is gone stays for the record. One open
 * report per reporter and target (the partial unique index).
 */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    target_type: text('target_type', { enum: REPORT_TARGET_TYPES }).notNull(),
    target_id: integer('target_id').notNull(),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    note: text('note'),
    reporter_id: userRef('reporter_id'),
    status: text('status', { enum: ['open', 'resolved'] })
      .notNull()
      .default('open'),
    created_at: createdAt(),
    resolved_at: timestamp('resolved_at', { withTimezone: true }),
    resolved_by: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    /** hidden | dismissed: what the moderator did. */
    resolution: text('resolution', { enum: ['hidden', 'dismissed'] }),
    resolution_note: text('resolution_note'),
  },
  (t) => [
    uniqueIndex('reports_one_open_per_reporter_key')
      .on(t.reporter_id, t.target_type, t.target_id)
      .where(sql`${t.status} = 'open'`),
    index('reports_status_target_idx').on(t.status, t.target_type, t.target_id),
    check(
      'reports_target_type_valid',
      sql`${t.target_type} IN ('building', 'image', 'comment', 'user', 'architect')`,
    ),
    check(
      'reports_reason_valid',
      sql`${t.reason} IN ('spam', 'offensive', 'incorrect', 'copyright', 'privacy', 'other')`,
    ),
    check('reports_status_valid', sql`${t.status} IN ('open', 'resolved')`),
    check('reports_resolution_valid', sql`${t.resolution} IN ('hidden', 'dismissed')`),
    check('reports_note_length', sql`char_length(${t.note}) <= 1000`),
    check('reports_resolution_note_length', sql`char_length(${t.resolution_note}) <= 1000`),
  ],
);

/** Every moderator and admin action, appended once and never changed (GET /api/moderation/log). */
export const moderationLog = pgTable(
  'moderation_log',
  {
    id: serial('id').primaryKey(),
    actor_id: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** One of domain/moderation.ts MODERATION_ACTIONS (hide, restore, ..., rename, merge). */
    action: text('action').notNull(),
    target_type: text('target_type').notNull(),
    target_id: integer('target_id').notNull(),
    note: text('note'),
    created_at: createdAt(),
  },
  (t) => [index('moderation_log_created_idx').on(t.created_at, t.id)],
);

/**
 * Stored files waiting to be removed (migration 0012): an outbox written in the same transaction
 * that removes the rows naming them, so a crash between the commit and the removal leaves no row
 * pointing at a missing file and no file forgotten. The deleter removes the files right after its
 * commit; the purge-file-deletions job removes what is left, retrying failures.
 */
export const fileDeletions = pgTable(
  'file_deletions',
  {
    storage_key: text('storage_key').primaryKey(),
    queued_at: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Not before then: an unfinished upload's URL may still bring its file until it expires (S3
     * takes the PUT with no row to check), so its key is removed after that. Null: at once.
     */
    remove_after: timestamp('remove_after', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    last_error: text('last_error'),
  },
  (t) => [index('file_deletions_queued_at_idx').on(t.queued_at)],
);

/** The same lists as domain/revisions.ts (drizzle-kit reads this file on its own). */
const REVISION_KINDS = ['create', 'edit', 'suggestion', 'revert'] as const;
const SUGGESTION_STATUSES = ['pending', 'accepted', 'rejected'] as const;

/**
 * Suggested edits of a building (POST /api/buildings/{id}/suggestions): `changes` is
 * {field: {from, to}} against the building when it was suggested; its owner or a moderator accepts
 * (a revision) or rejects it (migration 0011).
 */
export const buildingSuggestions = pgTable(
  'building_suggestions',
  {
    id: serial('id').primaryKey(),
    building_id: buildingRef(),
    author_id: userRef('author_id'),
    status: text('status', { enum: SUGGESTION_STATUSES }).notNull().default('pending'),
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>().notNull(),
    created_at: createdAt(),
    reviewed_by: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewed_at: timestamp('reviewed_at', { withTimezone: true }),
    note: text('note'),
  },
  (t) => [
    index('building_suggestions_building_status_idx').on(t.building_id, t.status, t.created_at),
    index('building_suggestions_author_idx').on(t.author_id, t.created_at),
    check('building_suggestions_status_valid', sql`${t.status} IN ('pending', 'accepted', 'rejected')`),
    check('building_suggestions_note_length', sql`char_length(${t.note}) <= 1000`),
  ],
);

/**
 * Every change to a building, written in the change's transaction: `changes` is {field: {from, to}}
 * of the fields that changed (GET /api/buildings/{id}/revisions; migration 0011).
 */
export const buildingRevisions = pgTable(
  'building_revisions',
  {
    id: serial('id').primaryKey(),
    building_id: buildingRef(),
    /** Null once the author's account is gone. */
    author_id: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: REVISION_KINDS }).notNull(),
    /** The accepted suggestion this revision applied (kind 'suggestion'). */
    suggestion_id: integer('suggestion_id').references(() => buildingSuggestions.id, {
      onDelete: 'set null',
    }),
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>().notNull(),
    created_at: createdAt(),
  },
  (t) => [
    index('building_revisions_building_idx').on(t.building_id, t.created_at, t.id),
    check('building_revisions_kind_valid', sql`${t.kind} IN ('create', 'edit', 'suggestion', 'revert')`),
  ],
);
