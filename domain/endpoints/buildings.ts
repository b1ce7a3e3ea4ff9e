/** /api/buildings (product §7): the map, the card list, one building, and its writes. */
import { z } from 'zod';
import { buildingDetailSchema, buildingIdParamsSchema } from '../building-detail.ts';
import { buildingFeatureCollectionSchema, buildingsGeojsonQuerySchema } from '../building-map.ts';
import { buildingListQuerySchema, buildingListSchema } from '../building-list.ts';
import {
  buildingWriteResponseSchema,
  createBuildingBodySchema,
  duplicateBuildingProblemSchema,
  updateBuildingBodySchema,
} from '../building-write.ts';
import { problems, read, record, write, type EndpointDocs } from './define.ts';

/** The writes' errors besides the standard problems; a 409 names the building it duplicates. */
const writeErrors = { ...problems(403, 404), 409: duplicateBuildingProblemSchema };

const building = record('/buildings/:id', buildingIdParamsSchema);

export const buildingEndpoints = {
  geojson: read('/buildings/geojson', {
    auth: 'none',
    query: buildingsGeojsonQuerySchema,
    responses: { 200: buildingFeatureCollectionSchema },
  }),
  list: read('/buildings/', {
    query: buildingListQuerySchema,
    responses: { 200: buildingListSchema, ...problems(401, 403, 404) },
  }),
  create: write('POST', '/buildings/', {
    body: createBuildingBodySchema,
    responses: { 201: buildingWriteResponseSchema, ...writeErrors },
  }),
  get: read(building, '', { responses: { 200: buildingDetailSchema } }),
  update: write('PUT', building, '', {
    body: updateBuildingBodySchema,
    responses: { 200: buildingWriteResponseSchema, ...writeErrors },
  }),
  remove: write('DELETE', building, '', { responses: { 204: z.null().describe('Deleted'), ...writeErrors } }),
};

/** OpenAPI text (the server's document only: the web bundle leaves it out). */
export const buildingDocs: EndpointDocs<typeof buildingEndpoints> = {
  geojson: {
    summary: 'Buildings in a viewport as GeoJSON points, or grid clusters where there are too many',
    description:
      'A viewport whose west edge is east of its east edge crosses the antimeridian. While the ' +
      'viewport, widened to whole grid cells at the zoom, holds at most GEOJSON_MAX_FEATURES ' +
      'matching buildings every one is a point; beyond that the features are clusters ' +
      '(`properties.cluster` true) and points for cells holding a single building. See docs/api.md.',
  },
  list: {
    summary: 'The card list: buildings matching the map filters, newest first, a page at a time',
    description:
      "user_handle: the buildings that user added (public). vote_user_handle: a user's rated " +
      'buildings, each with `user_vote` and `voted_at`, newest vote first unless sort_by/sort_order ' +
      'say otherwise; only that user may ask (401 signed out, 403 another user). An unknown ' +
      'handle is a 404. See docs/api.md.',
  },
  create: {
    summary: 'Add a building',
    description:
      'A building with the same place_id, or within 50 m with the same normalised name, ' +
      'already exists: 409 with its `building_id`.',
  },
  get: {
    summary: 'One building with its styles, images and votes',
  },
  update: {
    summary: 'Edit a building you added',
  },
  remove: {
    summary: 'Delete a building you added, with its images, votes, comments and list entries',
  },
};
