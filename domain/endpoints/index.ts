/**
 * Every endpoint description, for code that needs them all (the server's route tests). The web
 * imports the feature files it uses instead, so a page loads only its own endpoints' schemas.
 */
import { authEndpoints } from './auth.ts';
import { buildingEndpoints } from './buildings.ts';
import { commentEndpoints } from './comments.ts';
import type { EndpointSpec } from './define.ts';
import { imageEndpoints } from './images.ts';
import { listEndpoints } from './lists.ts';
import {
  architectEndpoints,
  feedbackEndpoints,
  healthEndpoints,
  searchEndpoints,
  styleEndpoints,
} from './misc.ts';
import { placeEndpoints } from './places.ts';
import { userEndpoints } from './users.ts';
import { voteEndpoints } from './votes.ts';

export const endpointGroups = {
  architects: architectEndpoints,
  auth: authEndpoints,
  buildings: buildingEndpoints,
  comments: commentEndpoints,
  feedback: feedbackEndpoints,
  health: healthEndpoints,
  images: imageEndpoints,
  lists: listEndpoints,
  places: placeEndpoints,
  search: searchEndpoints,
  styles: styleEndpoints,
  users: userEndpoints,
  votes: voteEndpoints,
};

/** Every endpoint, by 'group.name' (e.g. 'lists.create'). */
export const allEndpoints: Record<string, EndpointSpec> = Object.fromEntries(
  Object.entries(endpointGroups).flatMap(([group, endpoints]: [string, Record<string, EndpointSpec>]) =>
    Object.entries(endpoints).map(([name, endpoint]) => [`${group}.${name}`, endpoint]),
  ),
);
