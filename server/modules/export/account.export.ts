/**
 * "Download my data": everything one user gave the site, as the entries of a ZIP (zip-stream.ts).
 * Every table is read by the user's id in keyset-paged batches, a batch only when the reader took
 * the one before, and each original image file is streamed from storage: memory holds a batch of
 * rows or a chunk of a file, whatever the account's size. The user's own hidden content is
 * included: it is theirs, only hidden from others.
 */
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { AnyPgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import { ACCOUNT_EXPORT_JSON_FILES, accountExportImagePath } from '#domain/account-export';
import { pages } from '#domain/pages';
import type { Db } from '../../db/client.ts';
import { columnsOf } from '../../db/columns.ts';
import {
  buildings,
  comments,
  images,
  listBuildings,
  lists,
  previousHandles,
  users,
  votes,
} from '../../db/schema.ts';
import { ZIP_MAX_BYTES, type ZipEntry } from '../../lib/zip-stream.ts';
import { isStorageKey, ObjectNotFoundError, type ObjectStorage } from '../../storage/storage.ts';

/** Rows read per query (small: each batch becomes text on the server's thread in one go). */
export const ACCOUNT_EXPORT_BATCH_ROWS = 200;
/**
 * Room kept under ZIP_MAX_BYTES for the JSON files, headers and the central directory: image
 * files that would take the archive past it are left out (images.json says which).
 */
const ZIP_ROOM_FOR_REST = 256 * 1024 * 1024;

export interface AccountExportContext {
  db: Db;
  storage: ObjectStorage;
  publicUrl: string;
  batchRows?: number;
}

/** The account as profile.json shows it; null when there is no such user. */
export async function accountProfile(db: Db, userId: number) {
  const [user] = await db
    .select({
      id: users.id,
      handle: users.handle,
      email: users.email,
      picture: users.picture,
      role: users.role,
      google_account_id: users.google_sub,
      suspended_at: users.suspended_at,
      suspended_until: users.suspended_until,
      suspension_reason: users.suspension_reason,
      created_at: users.created_at,
      updated_at: users.updated_at,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return null;
  const previous_handles = await db
    .select({
      handle: previousHandles.handle,
      changed_at: previousHandles.changed_at,
      reserved_until: previousHandles.released_at,
    })
    .from(previousHandles)
    .where(eq(previousHandles.user_id, userId))
    .orderBy(asc(previousHandles.changed_at));
  return { ...user, previous_handles };
}

export type AccountProfile = NonNullable<Awaited<ReturnType<typeof accountProfile>>>;

/** Every row `read` gives, `read(after)` returning the next batch after id `after`. */
async function* paged<T extends { id: number }>(
  read: (after: number) => Promise<T[]>,
  batchRows: number,
): AsyncGenerator<T[]> {
  let after = 0;
  for (;;) {
    const batch = await read(after);
    if (batch.length > 0) yield batch;
    if (batch.length < batchRows) return;
    after = batch[batch.length - 1]!.id;
  }
}

/** A JSON array, one element a line, written batch by batch. */
async function* jsonArray<T>(
  batches: AsyncIterable<T[]>,
  shape: (row: T) => unknown,
): AsyncGenerator<string> {
  yield '[';
  let first = true;
  for await (const batch of batches) {
    const text = batch.map((row) => `\n  ${JSON.stringify(shape(row))}`).join(',');
    yield first ? text : `,${text}`;
    first = false;
  }
  yield first ? ']\n' : '\n]\n';
}

/**
 * The rows of `table` whose `owner` column is the user, in batches of `n` by id (keyset: each
 * batch after the last id of the one before), with the columns `fields` names.
 */
function ownedRows<F extends SelectedFields & { id: AnyPgColumn }>(
  ctx: AccountExportContext,
  table: PgTable,
  owner: AnyPgColumn,
  userId: number,
  n: number,
  fields: F,
) {
  return paged(async (after) => {
    const rows = await ctx.db
      .select(fields as SelectedFields)
      .from(table)
      .where(and(eq(owner, userId), gt(fields.id, after)))
      .orderBy(fields.id)
      .limit(n);
    // The query's own types cannot follow a generic selection: the rows are those of `fields`.
    return rows as unknown as Array<SelectResultFields<F> & { id: number }>;
  }, n);
}

/** What buildings.json, comments.json and votes.json show of each row. */
const BUILDING_FIELDS = columnsOf(buildings, [
  'id',
  'name',
  'description',
  'lng',
  'lat',
  'year_built',
  'year_demolished',
  'address_line1',
  'address_line2',
  'address_line3',
  'city',
  'state',
  'postal_code',
  'country_code',
  'hidden_at',
  'created_at',
  'updated_at',
]);
const COMMENT_FIELDS = columnsOf(comments, [
  'id',
  'target_type',
  'target_id',
  'parent_id',
  'content',
  'deleted',
  'edited',
  'hidden_at',
  'created_at',
  'updated_at',
]);
const VOTE_FIELDS = {
  id: votes.id,
  target_type: votes.votable_type,
  target_id: votes.votable_id,
  vote: votes.vote,
  created_at: votes.created_at,
  updated_at: votes.updated_at,
};
/** What images.json shows, and the storage key to find the original (left out of images.json). */
const IMAGE_FIELDS = columnsOf(images, [
  'id',
  'building_id',
  'status',
  'image_type',
  'description',
  'capture_year',
  'license',
  'author',
  'file_ext',
  'content_type',
  'size_bytes',
  'width',
  'height',
  'hidden_at',
  'created_at',
  'updated_at',
  'storage_key',
]);

const buildingRows = (ctx: AccountExportContext, userId: number, n: number) =>
  ownedRows(ctx, buildings, buildings.added_by, userId, n, BUILDING_FIELDS);
const commentRows = (ctx: AccountExportContext, userId: number, n: number) =>
  ownedRows(ctx, comments, comments.user_id, userId, n, COMMENT_FIELDS);
const voteRows = (ctx: AccountExportContext, userId: number, n: number) =>
  ownedRows(ctx, votes, votes.user_id, userId, n, VOTE_FIELDS);
const imageRows = (ctx: AccountExportContext, userId: number, n: number) =>
  ownedRows(ctx, images, images.added_by, userId, n, IMAGE_FIELDS);

/** The user's lists, each with its buildings (id, name, when added). */
async function* listRows(ctx: AccountExportContext, userId: number, n: number) {
  const pagesOfLists = ownedRows(ctx, lists, lists.user_id, userId, n, {
    id: lists.id,
    name: lists.name,
    is_public: lists.is_public,
    created_at: lists.created_at,
  });
  for await (const batch of pagesOfLists) {
    const items = await ctx.db
      .select({
        list_id: listBuildings.list_id,
        building_id: listBuildings.building_id,
        name: buildings.name,
        added_at: listBuildings.added_at,
      })
      .from(listBuildings)
      .innerJoin(buildings, eq(buildings.id, listBuildings.building_id))
      .where(
        inArray(
          listBuildings.list_id,
          batch.map((l) => l.id),
        ),
      )
      .orderBy(listBuildings.list_id, listBuildings.added_at, listBuildings.building_id);
    yield batch.map((list) => ({
      ...list,
      items: items.filter((i) => i.list_id === list.id).map(({ list_id: _list, ...item }) => item),
    }));
  }
}

type ImageRow = Awaited<ReturnType<typeof imageRows>> extends AsyncGenerator<(infer R)[]> ? R : never;

/** Why an image's original is not in the ZIP. */
type MissingFile = 'not stored' | 'too large for one ZIP file';

/**
 * The entries of one user's export, in order: the JSON files, then each image's original under
 * images/, then images.json (last: it says which files are in the ZIP).
 */
export async function* accountExportEntries(
  ctx: AccountExportContext,
  profile: AccountProfile,
): AsyncGenerator<ZipEntry> {
  const n = ctx.batchRows ?? ACCOUNT_EXPORT_BATCH_ROWS;
  const id = profile.id;
  const url = (path: string) => `${ctx.publicUrl}${path}`;
  const [profileFile, buildingsFile, commentsFile, votesFile, listsFile, imagesFile] =
    ACCOUNT_EXPORT_JSON_FILES;

  yield {
    name: profileFile,
    compress: true,
    chunks: [
      `${JSON.stringify({ ...profile, url: url(pages.user.href({ handle: profile.handle })) }, null, 2)}\n`,
    ],
  };
  yield {
    name: buildingsFile,
    compress: true,
    chunks: jsonArray(buildingRows(ctx, id, n), (b) => ({
      ...b,
      url: url(pages.building.href({ id: b.id })),
    })),
  };
  yield { name: commentsFile, compress: true, chunks: jsonArray(commentRows(ctx, id, n), (c) => c) };
  yield { name: votesFile, compress: true, chunks: jsonArray(voteRows(ctx, id, n), (v) => v) };
  yield { name: listsFile, compress: true, chunks: jsonArray(listRows(ctx, id, n), (l) => l) };

  // Originals, one at a time; those not stored (an upload never finished) or past the ZIP's size
  // are remembered for images.json.
  const missing = new Map<number, MissingFile>();
  const inZip = new Set<number>();
  let written = 0;
  for await (const batch of imageRows(ctx, id, n)) {
    for (const image of batch) {
      const stored = isStorageKey(image.storage_key) ? await ctx.storage.stat(image.storage_key) : null;
      if (!stored) {
        missing.set(image.id, 'not stored');
        continue;
      }
      if (written + stored.size > ZIP_MAX_BYTES - ZIP_ROOM_FOR_REST) {
        missing.set(image.id, 'too large for one ZIP file');
        continue;
      }
      let file;
      try {
        file = await ctx.storage.readStream(image.storage_key);
      } catch (err) {
        if (!(err instanceof ObjectNotFoundError)) throw err;
        missing.set(image.id, 'not stored');
        continue;
      }
      written += stored.size;
      inZip.add(image.id);
      yield {
        name: accountExportImagePath(image.id, image.file_ext),
        compress: false,
        mtime: image.created_at,
        chunks: file as AsyncIterable<Uint8Array>,
      };
    }
  }

  yield {
    name: imagesFile,
    compress: true,
    chunks: jsonArray(imageRows(ctx, id, n), ({ storage_key: _key, ...image }: ImageRow) => {
      // An image uploaded while the files were written is listed without its file.
      const included = inZip.has(image.id);
      return {
        ...image,
        building_url: url(pages.building.href({ id: image.building_id })),
        file: included ? accountExportImagePath(image.id, image.file_ext) : null,
        ...(included ? {} : { file_missing: missing.get(image.id) ?? 'not stored' }),
      };
    }),
  };
}
