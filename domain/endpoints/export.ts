/** /api/buildings/export and /api/lists/:id/export: the open data export. */
import {
  buildingExportQuerySchema,
  exportFeatureCollectionSchema,
  listExportQuerySchema,
} from '../export.ts';
import { DATA_LICENSE } from '../export-formats.ts';
import { listIdParamsSchema } from '../lists.ts';
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
};
