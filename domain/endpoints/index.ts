/**
 * Every endpoint description, for code that needs them all (the server's route tests). The web
 * imports the feature files it uses instead, so a page loads only its own endpoints' schemas.
 */
import { architectDocs, architectEndpoints } from './architects.ts';
import { authDocs, authEndpoints } from './auth.ts';
import { buildingDocs, buildingEndpoints } from './buildings.ts';
import { commentDocs, commentEndpoints } from './comments.ts';
import type { EndpointDoc, EndpointSpec } from './define.ts';
import { exportDocs, exportEndpoints } from './export.ts';
import { feedbackDocs, feedbackEndpoints } from './feedback.ts';
import { healthDocs, healthEndpoints } from './health.ts';
import { imageDocs, imageEndpoints } from './images.ts';
import { listDocs, listEndpoints } from './lists.ts';
import { locatorDocs, locatorEndpoints } from './locator.ts';
import { moderationDocs, moderationEndpoints } from './moderation.ts';
import { placeDocs, placeEndpoints } from './places.ts';
import { privacyDocs, privacyEndpoints } from './privacy.ts';
import { revisionDocs, revisionEndpoints } from './revisions.ts';
import { searchDocs, searchEndpoints } from './search.ts';
import { styleDocs, styleEndpoints } from './styles.ts';
import { userDocs, userEndpoints } from './users.ts';
import { voteDocs, voteEndpoints } from './votes.ts';

type Group = [endpoints: Record<string, EndpointSpec>, docs: Record<string, EndpointDoc>];

/** Each feature's endpoints and their OpenAPI text, by OpenAPI tag. */
const groups: Record<string, Group> = {
  architects: [architectEndpoints, architectDocs],
  auth: [authEndpoints, authDocs],
  buildings: [buildingEndpoints, buildingDocs],
  comments: [commentEndpoints, commentDocs],
  export: [exportEndpoints, exportDocs],
  feedback: [feedbackEndpoints, feedbackDocs],
  health: [healthEndpoints, healthDocs],
  images: [imageEndpoints, imageDocs],
  lists: [listEndpoints, listDocs],
  locator: [locatorEndpoints, locatorDocs],
  moderation: [moderationEndpoints, moderationDocs],
  places: [placeEndpoints, placeDocs],
  privacy: [privacyEndpoints, privacyDocs],
  revisions: [revisionEndpoints, revisionDocs],
  search: [searchEndpoints, searchDocs],
  styles: [styleEndpoints, styleDocs],
  users: [userEndpoints, userDocs],
  votes: [voteEndpoints, voteDocs],
};

/** Every endpoint, by 'tag.name' (e.g. 'lists.create'). */
export const allEndpoints: Record<string, EndpointSpec> = Object.fromEntries(
  Object.entries(groups).flatMap(([tag, [endpoints]]) =>
    Object.entries(endpoints).map(([name, endpoint]) => [`${tag}.${name}`, endpoint]),
  ),
);

const docs = new Map<EndpointSpec, EndpointDoc & { tags: string[] }>(
  Object.entries(groups).flatMap(([tag, [endpoints, texts]]) =>
    Object.entries(endpoints).map(([name, endpoint]): [EndpointSpec, EndpointDoc & { tags: string[] }] => [
      endpoint,
      { tags: [tag], ...texts[name]! },
    ]),
  ),
);

/** An endpoint's OpenAPI tags and text; undefined for a description not listed above. */
export function docsOf(endpoint: EndpointSpec): (EndpointDoc & { tags: string[] }) | undefined {
  return docs.get(endpoint);
}
