/**
 * Every key of the web app's one cache of server data (TanStack Query). Keys are nested so that a
 * prefix reaches a whole family: a building change invalidates `buildingKeys.all` (the map's
 * geojson, the card lists, a building's detail; product §7: building changes invalidate cached
 * building lists), an image vote updates every list under `imageKeys.all`, a comment change
 * updates every page under `commentKeys.target(...)`. Writes that several features share live in
 * ./server-cache.ts.
 */

/** Every query about buildings (the map's geojson, the card lists, a building's detail). */
export const BUILDINGS_QUERY_PREFIX = 'buildings';
export const buildingsQueryKey = [BUILDINGS_QUERY_PREFIX] as const;

export const buildingKeys = {
  all: buildingsQueryKey,
  detail: (id: number) => [BUILDINGS_QUERY_PREFIX, 'detail', id] as const,
  /** The explore screen's card lists (one per viewport, filters and page). */
  lists: [BUILDINGS_QUERY_PREFIX, 'list'] as const,
  list: <P extends object>(params: P) => [BUILDINGS_QUERY_PREFIX, 'list', params] as const,
  geojsonAll: [BUILDINGS_QUERY_PREFIX, 'geojson'] as const,
  geojson: <P extends object>(params: P) => [BUILDINGS_QUERY_PREFIX, 'geojson', params] as const,
  uploadedBy: (handle: string) => [BUILDINGS_QUERY_PREFIX, 'uploaded-by', handle] as const,
  ratedByAll: [BUILDINGS_QUERY_PREFIX, 'rated-by'] as const,
  /** Search answers and architects: under the buildings prefix, so a building change refreshes them. */
  search: (q: string, limit: number) => [BUILDINGS_QUERY_PREFIX, 'search', q, limit] as const,
  architect: (id: number) => [BUILDINGS_QUERY_PREFIX, 'architect', id] as const,
  architectSuggestions: (q: string) => [BUILDINGS_QUERY_PREFIX, 'architect-suggestions', q] as const,
  ratedBy: <F extends object>(handle: string, filter: F) =>
    [BUILDINGS_QUERY_PREFIX, 'rated-by', handle, filter] as const,
  /** A building's history, its suggestions of a status, a user's own suggestions. */
  revisions: (id: number, page: number) => [BUILDINGS_QUERY_PREFIX, 'revisions', id, page] as const,
  suggestions: (id: number, status: string) => [BUILDINGS_QUERY_PREFIX, 'suggestions', id, status] as const,
  userSuggestions: (handle: string, page: number) =>
    [BUILDINGS_QUERY_PREFIX, 'user-suggestions', handle, page] as const,
};

/** Every query about images (gallery pages, voted images, a building's image strip, one image). */
export const IMAGES_QUERY_PREFIX = 'images';

export const imageKeys = {
  all: [IMAGES_QUERY_PREFIX] as const,
  /** A page-by-page list: a building's gallery or a user's voted images, with its query. */
  list: <S extends object, Q extends object>(scope: S, query: Q) =>
    [IMAGES_QUERY_PREFIX, 'list', scope, query] as const,
  /** Every list of one scope, whatever its sort or filters. */
  listsOf: <S extends object>(scope: S) => [IMAGES_QUERY_PREFIX, 'list', scope] as const,
  buildingStrip: (buildingId: number) => [IMAGES_QUERY_PREFIX, 'building-strip', buildingId] as const,
  /** A building's photos by capture year ('Through time'). */
  throughTime: (buildingId: number) => [IMAGES_QUERY_PREFIX, 'through-time', buildingId] as const,
};

/**
 * Comments of one target (a building or an image) as one reader sees them (each comment carries
 * the reader's own vote): its top-level pages per sort, and each opened comment's replies.
 */
export const COMMENTS_QUERY_PREFIX = 'comments';

type Viewer = number | null;

export const commentKeys = {
  all: [COMMENTS_QUERY_PREFIX] as const,
  target: (viewer: Viewer, targetType: string, targetId: number) =>
    [COMMENTS_QUERY_PREFIX, viewer, targetType, targetId] as const,
  /** Every sort's top-level pages of one target. */
  lists: (viewer: Viewer, targetType: string, targetId: number) =>
    [COMMENTS_QUERY_PREFIX, viewer, targetType, targetId, 'list'] as const,
  list: (viewer: Viewer, targetType: string, targetId: number, sort: string) =>
    [COMMENTS_QUERY_PREFIX, viewer, targetType, targetId, 'list', sort] as const,
  /** Every opened comment's replies of one target. */
  repliesAll: (viewer: Viewer, targetType: string, targetId: number) =>
    [COMMENTS_QUERY_PREFIX, viewer, targetType, targetId, 'replies'] as const,
  replies: (viewer: Viewer, targetType: string, targetId: number, commentId: number) =>
    [COMMENTS_QUERY_PREFIX, viewer, targetType, targetId, 'replies', commentId] as const,
};

/** Every list query lives under this prefix, so a list change can refresh them all. */
export const LISTS_QUERY_PREFIX = 'lists';
export const listsQueryKey = [LISTS_QUERY_PREFIX] as const;
export const userListsQueryKey = (handle: string) => [LISTS_QUERY_PREFIX, 'user', handle] as const;
/** A list as a walking tour from a start (null: the list's first building). */
export const listRouteQueryKey = (listId: number, start: number | null) =>
  [LISTS_QUERY_PREFIX, 'route', listId, start] as const;

/** Every auth query lives under this prefix; login/logout refresh every other query. */
export const AUTH_QUERY_PREFIX = 'auth';
export const checkLoginQueryKey = [AUTH_QUERY_PREFIX, 'check-login'] as const;
export const authProvidersQueryKey = [AUTH_QUERY_PREFIX, 'providers'] as const;

/** A user's public profile. */
export const userQueryKey = (handle: string) => ['users', 'profile', handle] as const;

/** The moderation screen: the report queue (per status) and the moderation log (per page). */
export const MODERATION_QUERY_PREFIX = 'moderation';
export const moderationKeys = {
  all: [MODERATION_QUERY_PREFIX] as const,
  queue: (status: 'open' | 'resolved') => [MODERATION_QUERY_PREFIX, 'queue', status] as const,
  log: (page: number) => [MODERATION_QUERY_PREFIX, 'log', page] as const,
};

/** The privacy page's settings from the server (the operator's contact). */
export const privacyInfoQueryKey = ['privacy-info'] as const;
