/** /api/buildings/export and /api/lists/:id/export: the open data export. */
import {
  buildingExportQuerySchema,
  exportFeatureCollectionSchema,
  listExportQuerySchema,
} from '../export.ts';
import { DATA_LICENSE } from '../export-formats.ts';
import { listIdParamsSchema } from '../lists.ts';
import { handleParamsSchema } from '../users.ts';
import { z } from 'zod';
import { defineEndpoint, problems, type EndpointDocs } from './define.ts';

const responses = {
  200: exportFeatureCollectionSchema.describe('GeoJSON (format=geojson) or CSV (format=csv)'),
  ...problems(429),
};

export const exportEndpoints = {
  catalogue: defineEndpoint('GET', '/buildings/export', {
    auth: 'none',
    query: buildingExportQuerySchema,
    responses,
  }),

  list: defineEndpoint('GET', '/lists/:id/export', {
    // Another user's private list is a 404: the answer depends on who asks.
    auth: 'optional',
    params: listIdParamsSchema,
    query: listExportQuerySchema,
    responses,
  }),

  /** "Download my data": everything a user gave the site, as one ZIP. */
  account: defineEndpoint('GET', '/users/:handle/export', {
    auth: 'required',
    params: handleParamsSchema,
    responses: {
      200: z
        .unknown()
        .describe(
          'A ZIP (application/zip): profile.json, buildings.json, comments.json, votes.json, lists.json, images.json and images/<id><ext>',
        ),
      ...problems(403, 429),
    },
  }),
};

const DOWNLOAD =
  `A download (Content-Disposition: attachment) under the ${DATA_LICENSE.name}, stated by a ` +
  '`Link: <…>; rel="license"` header and, in GeoJSON, by the top-level `license`, `license_url` and ' +
  '`attribution` members. CSV columns: id,name,lng,lat,year_built,year_demolished,styles,architects,' +
  "city,country_code,url (RFC 4180; text cells starting with = + - @ get a leading '). Streamed in " +
  'batches by ascending id. One export at a time per client: 429 with Retry-After otherwise. See docs/api.md.';

/** OpenAPI text (the server's document only: the web bundle leaves it out). */
export const exportDocs: EndpointDocs<typeof exportEndpoints> = {
  catalogue: {
    summary: 'The whole catalogue matching the map filters, as a GeoJSON or CSV download',
    description: `The filters of the map answer (GET buildings/geojson, no zoom). ${DOWNLOAD}`,
  },
  list: {
    summary: "A list's buildings as a GeoJSON or CSV download",
    description: `The same visibility as reading the list: another user's private list is a 404. ${DOWNLOAD}`,
  },
  account: {
    summary: 'Download my data: everything you gave the site, as a ZIP',
    description:
      'Only the user themself (403 for anyone else, admins included). A ZIP download ' +
      '(Content-Disposition: attachment; filename="atlas-<handle>-<YYYY-MM-DD>.zip"), streamed: ' +
      'profile.json (the account, email included), buildings.json (the buildings they added), ' +
      'comments.json, votes.json, lists.json (each with its buildings), images.json (the photos they ' +
      "uploaded) and each photo's original file as images/<image id><extension>. Hidden content of " +
      'their own is included. Counted with the other exports (one at a time per client: 429 with Retry-After). See docs/api.md.',
  },
};
