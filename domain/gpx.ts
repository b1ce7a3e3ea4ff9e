/**
 * A walking tour as GPX 1.1 (https://www.topografix.com/GPX/1/1/): the stops as waypoints in
 * walking order, and one track through them, named after the list. Pure text building, so the
 * server's download and the tests share it.
 */
import { DATA_ATTRIBUTION, DATA_LICENSE } from './export-formats.ts';

export const GPX_NAMESPACE = 'http://www.topografix.com/GPX/1/1';
export const GPX_CONTENT_TYPE = 'application/gpx+xml; charset=utf-8';

export interface GpxStop {
  name: string;
  lng: number;
  lat: number;
  /** The building's page. */
  url: string;
}

export interface GpxRoute {
  /** The list's name: metadata/name and the track's name. */
  name: string;
  /** The list's page. */
  url: string;
  stops: readonly GpxStop[];
  generatedAt: Date;
}

/** Text and attribute values with XML's five special characters escaped (and control characters dropped). */
export function xmlEscape(text: string): string {
  return (
    text
      // XML 1.0 allows no C0 control characters but tab, line feed and carriage return.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

/** GPX coordinates: decimal degrees, 7 places (about a centimetre). */
const coord = (value: number) => String(Number(value.toFixed(7)));

/** The whole GPX 1.1 document of a route. */
export function routeGpx(route: GpxRoute): string {
  const name = xmlEscape(route.name);
  const at = (s: GpxStop) => `lat="${coord(s.lat)}" lon="${coord(s.lng)}"`;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<gpx version="1.1" creator="Atlas of Buildings" xmlns="${GPX_NAMESPACE}" ` +
      'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
      `xsi:schemaLocation="${GPX_NAMESPACE} ${GPX_NAMESPACE}/gpx.xsd">`,
    '  <metadata>',
    `    <name>${name}</name>`,
    `    <copyright author="${xmlEscape(DATA_ATTRIBUTION)}">`,
    `      <license>${xmlEscape(DATA_LICENSE.url)}</license>`,
    '    </copyright>',
    `    <link href="${xmlEscape(route.url)}"><text>${name}</text></link>`,
    `    <time>${route.generatedAt.toISOString()}</time>`,
    '  </metadata>',
    ...route.stops.map(
      (s, i) =>
        `  <wpt ${at(s)}><name>${xmlEscape(s.name)}</name><desc>Stop ${i + 1}</desc>` +
        `<link href="${xmlEscape(s.url)}"/></wpt>`,
    ),
    '  <trk>',
    `    <name>${name}</name>`,
    '    <trkseg>',
    ...route.stops.map((s) => `      <trkpt ${at(s)}/>`),
    '    </trkseg>',
    '  </trk>',
    '</gpx>',
    '',
  ];
  return lines.join('\n');
}
