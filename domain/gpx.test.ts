import { describe, expect, it } from 'vitest';
import { GPX_NAMESPACE, routeGpx, xmlEscape } from './gpx.ts';

const at = new Date('2026-11-27T10:00:00Z');

describe('routeGpx', () => {
  it('writes GPX 1.1: metadata named after the list, waypoints in walking order, then one track', () => {
    const text = routeGpx({
      name: 'Art Nouveau',
      url: 'https://atlas.example/user/ada/lists',
      generatedAt: at,
      stops: [
        { name: 'Hôtel Tassel', lng: 4.3615, lat: 50.8275, url: 'https://atlas.example/buildings/1' },
        { name: 'Maison Horta', lng: 4.35571234567, lat: 50.8233, url: 'https://atlas.example/buildings/2' },
      ],
    });
    expect(text.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1"')).toBe(true);
    expect(text).toContain(`xmlns="${GPX_NAMESPACE}"`);
    expect(text).toContain('<metadata>\n    <name>Art Nouveau</name>');
    expect(text).toContain('<time>2026-11-27T10:00:00.000Z</time>');
    // Coordinates to 7 places; waypoint children in the order the schema asks (name, desc, link).
    expect(text).toContain(
      '<wpt lat="50.8233" lon="4.3557123"><name>Maison Horta</name><desc>Stop 2</desc>' +
        '<link href="https://atlas.example/buildings/2"/></wpt>',
    );
    expect(text.indexOf('Hôtel Tassel')).toBeLessThan(text.indexOf('Maison Horta'));
    // Every waypoint comes before the track (GPX 1.1: wpt*, rte*, trk*).
    expect(text.lastIndexOf('<wpt')).toBeLessThan(text.indexOf('<trk>'));
    expect(text.match(/<trkpt /g)).toHaveLength(2);
    expect(text.trimEnd().endsWith('</gpx>')).toBe(true);
  });

  it('gives an empty list metadata and an empty track, no waypoint', () => {
    const text = routeGpx({ name: 'Empty', url: 'https://atlas.example/', generatedAt: at, stops: [] });
    expect(text).not.toContain('<wpt');
    expect(text).toContain('<trkseg>\n    </trkseg>');
  });
});

describe('xmlEscape', () => {
  it('escapes the five special characters and drops control characters XML cannot hold', () => {
    expect(xmlEscape(`Tom & Jerry's <"House">`)).toBe('Tom &amp; Jerry&apos;s &lt;&quot;House&quot;&gt;');
    expect(xmlEscape('a\u0001b\u001fc\td\ne')).toBe('abc\td\ne');
  });
});
