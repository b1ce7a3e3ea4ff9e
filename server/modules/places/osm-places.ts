/**
 * OpenStreetMap geocoder results (Photon GeoJSON features, Nominatim jsonv2 with addressdetails)
 * turned into Google-shaped place details, so the wizard and parse-address read one shape. Server
 * only: the browser reads places through the API, never from a geocoder.
 * Ids are self-describing: 'osm:N:123456' (N node, W way, R relation).
 */
import { z } from 'zod';
import { streetLine } from '#domain/address';
import type { AddressComponent, PlaceDetails, Viewport } from '#domain/places';

export type OsmType = 'N' | 'W' | 'R';
export const OSM_PLACE_ID = /^osm:([NWR]):(\d{1,15})$/;

export function osmPlaceId(type: OsmType, id: number): string {
  return `osm:${type}:${id}`;
}

export function parseOsmPlaceId(id: string): { type: OsmType; id: number } | null {
  const m = OSM_PLACE_ID.exec(id);
  return m ? { type: m[1] as OsmType, id: Number(m[2]) } : null;
}

/** First-level areas written abbreviated (the countries where parse-address uses shortText). */
const STATE_CODES: Record<string, Record<string, string>> = {
  US: Object.fromEntries(
    (
      'AL Alabama|AK Alaska|AZ Arizona|AR Arkansas|CA California|CO Colorado|CT Connecticut|DE Delaware|' +
      'DC District of Columbia|FL Florida|GA Georgia|HI Hawaii|ID Idaho|IL Illinois|IN Indiana|IA Iowa|' +
      'KS Kansas|KY Kentucky|LA Louisiana|ME Maine|MD Maryland|MA Massachusetts|MI Michigan|MN Minnesota|' +
      'MS Mississippi|MO Missouri|MT Montana|NE Nebraska|NV Nevada|NH New Hampshire|NJ New Jersey|' +
      'NM New Mexico|NY New York|NC North Carolina|ND North Dakota|OH Ohio|OK Oklahoma|OR Oregon|' +
      'PA Pennsylvania|RI Rhode Island|SC South Carolina|SD South Dakota|TN Tennessee|TX Texas|UT Utah|' +
      'VT Vermont|VA Virginia|WA Washington|WV West Virginia|WI Wisconsin|WY Wyoming|PR Puerto Rico'
    )
      .split('|')
      .map((e) => [e.slice(3).toLowerCase(), e.slice(0, 2)]),
  ),
  CA: Object.fromEntries(
    (
      'AB Alberta|BC British Columbia|MB Manitoba|NB New Brunswick|NL Newfoundland and Labrador|' +
      'NS Nova Scotia|NT Northwest Territories|NU Nunavut|ON Ontario|PE Prince Edward Island|QC Quebec|' +
      'QC Québec|SK Saskatchewan|YT Yukon'
    )
      .split('|')
      .map((e) => [e.slice(3).toLowerCase(), e.slice(0, 2)]),
  ),
  AU: {
    'new south wales': 'NSW',
    victoria: 'VIC',
    queensland: 'QLD',
    'western australia': 'WA',
    'south australia': 'SA',
    tasmania: 'TAS',
    'australian capital territory': 'ACT',
    'northern territory': 'NT',
  },
  BR: Object.fromEntries(
    (
      'AC Acre|AL Alagoas|AP Amapá|AM Amazonas|BA Bahia|CE Ceará|DF Distrito Federal|ES Espírito Santo|' +
      'GO Goiás|MA Maranhão|MT Mato Grosso|MS Mato Grosso do Sul|MG Minas Gerais|PA Pará|PB Paraíba|' +
      'PR Paraná|PE Pernambuco|PI Piauí|RJ Rio de Janeiro|RN Rio Grande do Norte|RS Rio Grande do Sul|' +
      'RO Rondônia|RR Roraima|SC Santa Catarina|SP São Paulo|SE Sergipe|TO Tocantins'
    )
      .split('|')
      .map((e) => [e.slice(3).toLowerCase(), e.slice(0, 2)]),
  ),
};

/** What a geocoder result describes, in Google's place-type words. */
type OsmKind =
  'establishment' | 'address' | 'street' | 'district' | 'locality' | 'county' | 'state' | 'country';

/** A geocoder result in one neutral shape, before it becomes place details. */
interface OsmPlace {
  osmType: OsmType;
  osmId: number;
  kind: OsmKind;
  extraTypes: string[];
  name: string | null;
  housenumber: string | null;
  street: string | null;
  neighbourhood: string | null;
  district: string | null;
  city: string | null;
  county: string | null;
  state: string | null;
  stateCode: string | null;
  postcode: string | null;
  country: string | null;
  countryCode: string | null;
  location: { latitude: number; longitude: number } | null;
  viewport: Viewport | null;
}

const text = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).replace(/\s+/g, ' ').trim() || null)
  .nullish()
  .transform((v) => v ?? null);

const KIND_TYPES: Record<OsmKind, string[]> = {
  establishment: ['point_of_interest', 'establishment'],
  address: ['street_address'],
  street: ['route'],
  district: ['sublocality', 'political'],
  locality: ['locality', 'political'],
  county: ['administrative_area_level_2', 'political'],
  state: ['administrative_area_level_1', 'political'],
  country: ['country', 'political'],
};

/** Extra Google-like types for common OSM tags of buildings and landmarks. */
function extraTypesOf(key: string | null, value: string | null): string[] {
  if (key === 'tourism' && (value === 'attraction' || value === 'museum')) {
    return value === 'museum' ? ['museum', 'tourist_attraction'] : ['tourist_attraction'];
  }
  if (key === 'historic') return ['historical_landmark'];
  if (key === 'amenity' && value === 'place_of_worship') return ['place_of_worship'];
  if (key === 'building') return ['premise'];
  return [];
}

const ESTABLISHMENT_KEYS = new Set([
  'building',
  'amenity',
  'tourism',
  'historic',
  'leisure',
  'man_made',
  'shop',
  'office',
  'craft',
  'railway',
  'aeroway',
  'landuse',
  'natural',
  'bridge',
]);

function component(longText: string | null, types: string[], shortText?: string | null): AddressComponent[] {
  return longText ? [{ longText, shortText: shortText ?? longText, types }] : [];
}

/** The Google-shaped details of a neutral OSM place. */
function toPlaceDetails(p: OsmPlace): PlaceDetails {
  const cc = p.countryCode?.toUpperCase() ?? null;
  const stateFromName = cc && p.state ? (STATE_CODES[cc]?.[p.state.toLowerCase()] ?? null) : null;
  const stateShort = p.stateCode ?? stateFromName ?? p.state;
  const establishment = p.kind === 'establishment' && p.name && p.name !== p.street ? p.name : null;
  const addressComponents: AddressComponent[] = [
    ...component(establishment, ['point_of_interest', 'establishment']),
    ...component(p.housenumber, ['street_number']),
    ...component(p.street, ['route']),
    ...component(p.neighbourhood, ['neighborhood', 'political']),
    ...component(p.district, ['sublocality_level_1', 'sublocality', 'political']),
    ...component(p.city, ['locality', 'political']),
    ...component(p.county, ['administrative_area_level_2', 'political']),
    ...component(p.state, ['administrative_area_level_1', 'political'], stateShort),
    ...component(p.country, ['country', 'political'], cc),
    ...component(p.postcode, ['postal_code']),
  ];
  const street = streetLine(cc, p.housenumber, p.street);
  const usStyle = cc !== null && ['US', 'CA', 'AU'].includes(cc);
  const tail = usStyle
    ? [p.city, [stateShort, p.postcode].filter(Boolean).join(' ')]
    : [[p.postcode, p.city].filter(Boolean).join(' '), p.state];
  const parts: string[] = [];
  for (const part of [establishment, street, ...tail, p.country]) {
    if (part && !parts.includes(part)) parts.push(part);
  }
  const displayName = p.name ?? street ?? p.city ?? p.state ?? p.country ?? 'Unnamed place';
  return {
    id: osmPlaceId(p.osmType, p.osmId),
    displayName,
    formattedAddress: parts.join(', ') || displayName,
    location: p.location,
    viewport: p.viewport,
    addressComponents,
    types: [...KIND_TYPES[p.kind], ...p.extraTypes.filter((t) => !KIND_TYPES[p.kind].includes(t))],
  };
}

const finite = z.number().finite();

export const photonFeatureSchema = z.object({
  geometry: z.object({ coordinates: z.tuple([finite, finite]).rest(z.unknown()) }).nullish(),
  properties: z.object({
    osm_type: z.enum(['N', 'W', 'R']),
    osm_id: z.number().int().nonnegative(),
    osm_key: text,
    osm_value: text,
    type: text,
    name: text,
    housenumber: text,
    street: text,
    locality: text,
    district: text,
    city: text,
    county: text,
    state: text,
    country: text,
    countrycode: text,
    postcode: text,
    extent: z.tuple([finite, finite, finite, finite]).nullish(),
  }),
});

export const photonResponseSchema = z.object({ features: z.array(z.unknown()) });

/** Photon's area types: the kind of place, and the address level that the area's own name fills. */
const PHOTON_AREAS: Partial<
  Record<
    string,
    {
      kind: OsmKind;
      level: 'street' | 'neighbourhood' | 'district' | 'city' | 'county' | 'state' | 'country';
    }
  >
> = {
  street: { kind: 'street', level: 'street' },
  locality: { kind: 'district', level: 'neighbourhood' },
  district: { kind: 'district', level: 'district' },
  city: { kind: 'locality', level: 'city' },
  county: { kind: 'county', level: 'county' },
  state: { kind: 'state', level: 'state' },
  country: { kind: 'country', level: 'country' },
};

/** A Photon GeoJSON feature as place details; null when it is not one. */
export function photonFeatureToPlace(feature: unknown): PlaceDetails | null {
  const parsed = photonFeatureSchema.safeParse(feature);
  if (!parsed.success) return null;
  const { geometry } = parsed.data;
  const f = parsed.data.properties;
  const place: OsmPlace = {
    osmType: f.osm_type,
    osmId: f.osm_id,
    kind: 'address',
    extraTypes: extraTypesOf(f.osm_key, f.osm_value),
    name: f.name,
    housenumber: f.housenumber,
    street: f.street,
    neighbourhood: f.locality,
    district: f.district,
    city: f.city,
    county: f.county,
    state: f.state,
    stateCode: null,
    postcode: f.postcode,
    country: f.country,
    countryCode: f.countrycode,
    location: geometry ? { latitude: geometry.coordinates[1], longitude: geometry.coordinates[0] } : null,
    // Photon's extent is [west, north, east, south].
    viewport: f.extent
      ? {
          low: { latitude: f.extent[3], longitude: f.extent[0] },
          high: { latitude: f.extent[1], longitude: f.extent[2] },
        }
      : null,
  };
  // An area's own name is its level of the address (Photon leaves e.g. `city` empty on a city).
  const area = f.type ? PHOTON_AREAS[f.type] : undefined;
  if (area) {
    place.kind = area.kind;
    place[area.level] ??= f.name;
  } else {
    place.kind =
      f.name && (ESTABLISHMENT_KEYS.has(f.osm_key ?? '') || !f.housenumber) ? 'establishment' : 'address';
  }
  return toPlaceDetails(place);
}

const nominatimAddressSchema = z.record(z.string(), z.union([z.string(), z.number()]));

export const nominatimResultSchema = z.object({
  osm_type: z.enum(['node', 'way', 'relation']),
  osm_id: z.number().int().nonnegative(),
  lat: z.coerce.number().finite().nullish(),
  lon: z.coerce.number().finite().nullish(),
  category: text,
  type: text,
  addresstype: text,
  name: text,
  address: nominatimAddressSchema.nullish(),
  boundingbox: z
    .tuple([z.coerce.number(), z.coerce.number(), z.coerce.number(), z.coerce.number()])
    .nullish(),
});

const firstOf = (address: Record<string, string | number>, keys: string[]): string | null => {
  for (const k of keys) {
    const v = address[k];
    if (v !== undefined && String(v).trim()) return String(v).replace(/\s+/g, ' ').trim();
  }
  return null;
};

const NOMINATIM_KINDS: Record<string, OsmKind> = {
  road: 'street',
  neighbourhood: 'district',
  quarter: 'district',
  suburb: 'district',
  city_district: 'district',
  borough: 'district',
  hamlet: 'locality',
  village: 'locality',
  town: 'locality',
  city: 'locality',
  municipality: 'locality',
  county: 'county',
  state: 'state',
  country: 'country',
};

/** A Nominatim jsonv2 result (with addressdetails=1) as place details; null when it is not one. */
export function nominatimResultToPlace(result: unknown): PlaceDetails | null {
  const parsed = nominatimResultSchema.safeParse(result);
  if (!parsed.success) return null;
  const r = parsed.data;
  const a = r.address ?? {};
  const lvl4 = firstOf(a, ['ISO3166-2-lvl4']);
  const countryCode = firstOf(a, ['country_code'])?.toUpperCase() ?? null;
  const addresstype = r.addresstype ?? r.type ?? '';
  let kind: OsmKind = NOMINATIM_KINDS[addresstype] ?? 'address';
  if (r.category === 'highway') kind = 'street';
  else if (!NOMINATIM_KINDS[addresstype] && r.name && ESTABLISHMENT_KEYS.has(r.category ?? '')) {
    kind = 'establishment';
  } else if (!NOMINATIM_KINDS[addresstype] && r.name && !firstOf(a, ['house_number'])) kind = 'establishment';
  const place: OsmPlace = {
    osmType: r.osm_type === 'node' ? 'N' : r.osm_type === 'way' ? 'W' : 'R',
    osmId: r.osm_id,
    kind,
    extraTypes: extraTypesOf(r.category, r.type),
    name: r.name ?? firstOf(a, [addresstype]),
    housenumber: firstOf(a, ['house_number']),
    street: firstOf(a, ['road', 'pedestrian', 'square', 'footway', 'cycleway', 'path']),
    neighbourhood: firstOf(a, ['neighbourhood', 'quarter']),
    district: firstOf(a, ['suburb', 'city_district', 'borough', 'district']),
    city: firstOf(a, ['city', 'town', 'village', 'municipality', 'hamlet']),
    county: firstOf(a, ['county']),
    state: firstOf(a, ['state']),
    stateCode:
      lvl4 && countryCode && lvl4.startsWith(`${countryCode}-`) && countryCode in STATE_CODES
        ? lvl4.slice(countryCode.length + 1)
        : null,
    postcode: firstOf(a, ['postcode']),
    country: firstOf(a, ['country']),
    countryCode,
    location: r.lat != null && r.lon != null ? { latitude: r.lat, longitude: r.lon } : null,
    // Nominatim's boundingbox is [south, north, west, east].
    viewport: r.boundingbox
      ? {
          low: { latitude: r.boundingbox[0], longitude: r.boundingbox[2] },
          high: { latitude: r.boundingbox[1], longitude: r.boundingbox[3] },
        }
      : null,
  };
  return toPlaceDetails(place);
}
