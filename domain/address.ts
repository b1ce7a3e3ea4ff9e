/**
 * POST /api/parse-address (product §7 "Other"): the wizard's address step filled from a picked
 * place. `parseAddress` is a pure, deterministic reading of Google-shaped address components.
 */
import { z } from 'zod';
import type { AddressComponent } from './places.ts';

/** The limits of the building payload's address (domain/building-write.ts addressInputSchema). */
export const ADDRESS_LINE_MAX = 200;
export const ADDRESS_CITY_MAX = 100;
export const ADDRESS_STATE_MAX = 100;
export const ADDRESS_POSTAL_CODE_MAX = 20;

/** As the client sends it: shortText may be missing (then it is the longText). */
const addressComponentInputSchema = z
  .object({
    longText: z.string().max(500),
    shortText: z.string().max(500).nullish(),
    types: z.array(z.string().max(100)).max(50).default([]),
  })
  .transform((c) => ({ longText: c.longText, shortText: c.shortText ?? c.longText, types: c.types }));

export const placeInfoSchema = z.object({
  formattedAddress: z.string().max(1000).nullish(),
  addressComponents: z.array(addressComponentInputSchema).max(100).default([]),
  types: z.array(z.string().max(100)).max(100).default([]),
  id: z.string().max(300).nullish(),
});

export type PlaceInfo = z.input<typeof placeInfoSchema>;

export const parseAddressBodySchema = z
  .object({
    place_info: placeInfoSchema,
    building_name: z.string().max(500).nullish(),
  })
  .meta({ id: 'ParseAddressBody' });

export type ParseAddressBody = z.infer<typeof parseAddressBodySchema>;

export const parsedAddressSchema = z
  .object({
    line1: z.string().nullable(),
    line2: z.string().nullable(),
    line3: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    postal_code: z.string().nullable(),
    country_code: z.string().nullable().describe('ISO 3166-1 alpha-2, upper case'),
  })
  .meta({ id: 'ParsedAddress' });

export type ParsedAddress = z.infer<typeof parsedAddressSchema>;

/** Product §3 "Address parse response". A failure is still a 200: the wizard leaves the address empty. */
export const parseAddressResponseSchema = z
  .object({
    success: z.boolean(),
    error: z.string().nullable(),
    address: parsedAddressSchema.nullable(),
  })
  .meta({ id: 'ParseAddressResponse' });

export type ParseAddressResponse = z.infer<typeof parseAddressResponseSchema>;

/** Countries that write the house number after the street name ('Unter den Linden 77'). */
const NUMBER_AFTER_ROUTE = new Set(
  (
    'DE AT CH LI NL BE LU DK NO SE FI IS PL CZ SK HU SI HR RS BA ME MK AL BG RO GR EE LV LT ' +
    'RU UA BY KZ IT SM VA ES AD PT BR AR CL CO PE UY PY BO VE EC MX TR IL'
  ).split(' '),
);
/** ...and of those, the ones that put a comma between ('Via del Corso, 320'). */
const COMMA_BEFORE_NUMBER = new Set('IT SM VA ES BR RU UA BY KZ'.split(' '));
/** Where addresses name the state by its abbreviation ('CA', 'ON', 'NSW', 'SP'). */
const SHORT_STATE = new Set(['US', 'CA', 'AU', 'BR']);
/** Where the first-level area is not part of a postal address (England, Scotland...). */
const NO_STATE = new Set(['GB']);
/** Where a district (bairro, colonia, sector) is customarily a line of the address. */
const DISTRICT_LINE = new Set('BR MX IN PH ID TR VN TH AR CO CL PE EG ZA NG KE PK BD MY CN KR'.split(' '));

/** Place types that describe an address rather than a named place. */
const ADDRESS_TYPES = new Set([
  'street_address',
  'route',
  'intersection',
  'political',
  'country',
  'locality',
  'postal_town',
  'postal_code',
  'postal_code_prefix',
  'postal_code_suffix',
  'neighborhood',
  'colloquial_area',
  'plus_code',
  'geocode',
  'street_number',
  'subpremise',
]);

/** Component types that name the place itself (a landmark, a park, an airport). */
const NAMED_PLACE_TYPES = ['establishment', 'point_of_interest', 'natural_feature', 'park', 'airport'];

const tidy = (s: string | null | undefined): string => (s ?? '').replace(/\s+/g, ' ').trim();

function cap(s: string | null | undefined, max: number): string | null {
  const t = tidy(s);
  if (!t) return null;
  const chars = [...t];
  return chars.length > max ? chars.slice(0, max).join('').trim() : t;
}

/** The street line in the country's order: '1600 Amphitheatre Parkway', 'Unter den Linden 77'. */
export function streetLine(
  countryCode: string | null,
  number: string | null | undefined,
  route: string | null | undefined,
): string | null {
  const n = tidy(number);
  const r = tidy(route);
  if (!r) return null;
  if (!n) return r;
  if (countryCode && NUMBER_AFTER_ROUTE.has(countryCode)) {
    return COMMA_BEFORE_NUMBER.has(countryCode) ? `${r}, ${n}` : `${r} ${n}`;
  }
  return `${n} ${r}`;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const isNumberLike = (s: string) => /^[\d\s\-/]+[A-Za-z]?$/.test(s);

/** '3300' as the formatted address writes it ('Suite 3300', '#4'), else 'Unit 3300'. */
function subpremiseLine(value: string, formattedAddress: string): string {
  if (!/^[\dA-Za-z/-]+$/.test(value) || /^[A-Za-z]+\s/.test(value)) return value;
  const label = '(?:suite|ste\\.?|apt\\.?|apartment|unit|flat|floor|fl\\.?|room|rm\\.?|#)';
  const m = new RegExp(`(?:^|[\\s,])(${label}\\s*${escapeRegExp(value)})(?=$|[\\s,])`, 'i').exec(
    formattedAddress,
  );
  return m?.[1] ? tidy(m[1]) : `Unit ${value}`;
}

type ParseResult =
  { success: true; error: null; address: ParsedAddress } | { success: false; error: string; address: null };

/**
 * Reads an address out of a place's components. line1 is the street line (in the country's
 * order), else a building or place name; line2/line3 take the unit, the building name and (where
 * customary) the district; city is the locality, postal town or sublocality; state is the
 * first-level area, abbreviated in the US, Canada, Australia and Brazil.
 */
export function parseAddress(place: PlaceInfo, buildingName?: string | null): ParseResult {
  const info = placeInfoSchema.safeParse(place);
  if (!info.success) return { success: false, error: 'The place could not be read.', address: null };
  const components = info.data.addressComponents.filter((c) => tidy(c.longText) !== '');
  if (components.length === 0) {
    return { success: false, error: 'The place has no address details.', address: null };
  }
  const formatted = tidy(info.data.formattedAddress);
  const used = new Set<AddressComponent>();
  const pick = (type: string) => components.find((c) => c.types.includes(type) && !used.has(c));
  const take = (type: string) => {
    const c = pick(type);
    if (c) used.add(c);
    return c;
  };

  const country = take('country');
  const countryCode =
    country && /^[A-Za-z]{2}$/.test(country.shortText.trim()) ? country.shortText.trim().toUpperCase() : null;

  const admin1 = take('administrative_area_level_1');
  let state: string | null = null;
  if (admin1 && !(countryCode && NO_STATE.has(countryCode))) {
    state = countryCode && SHORT_STATE.has(countryCode) ? admin1.shortText : admin1.longText;
  }

  const postal = take('postal_code');
  const suffix = countryCode === 'US' ? take('postal_code_suffix') : undefined;
  const postalText = postal ? tidy(suffix ? `${postal.longText}-${suffix.longText}` : postal.longText) : '';
  const postalCode = postalText && postalText.length <= ADDRESS_POSTAL_CODE_MAX ? postalText : null;

  const city = take('locality') ?? take('postal_town') ?? take('sublocality_level_1') ?? take('sublocality');
  // A town that is both locality and postal town is one city, not a district.
  if (city) components.filter((c) => tidy(c.longText) === tidy(city.longText)).forEach((c) => used.add(c));

  let line1: string | null = null;
  if (countryCode === 'JP' && !pick('route')) line1 = japaneseLine(pick, take);
  if (!line1) {
    const number = pick('street_number');
    const route = pick('route');
    line1 = streetLine(countryCode, number?.longText, route?.longText);
    if (line1) {
      if (number) used.add(number);
      if (route) used.add(route);
    }
  }
  if (!line1) {
    const premise = components.find(
      (c) => c.types.includes('premise') && !used.has(c) && !isNumberLike(tidy(c.longText)),
    );
    const named =
      premise ??
      take('intersection') ??
      components.find((c) => !used.has(c) && NAMED_PLACE_TYPES.some((t) => c.types.includes(t)));
    if (named) {
      used.add(named);
      line1 = tidy(named.longText);
    } else if (isNamedPlace(info.data.types) && tidy(buildingName)) {
      line1 = tidy(buildingName);
    }
  }

  const extras: string[] = [];
  if (line1) {
    const sub = take('subpremise');
    if (sub) extras.push(subpremiseLine(tidy(sub.longText), formatted));
    const premise = take('premise');
    if (premise && !isNumberLike(tidy(premise.longText))) extras.push(tidy(premise.longText));
    if (countryCode === 'JP' || (countryCode && DISTRICT_LINE.has(countryCode))) {
      for (const type of [
        'neighborhood',
        'sublocality_level_3',
        'sublocality_level_2',
        'sublocality_level_1',
        'sublocality',
      ]) {
        const d = take(type);
        if (d) extras.push(tidy(d.longText));
      }
    }
  }
  const seen = new Set([line1, city ? tidy(city.longText) : null].map((s) => s?.toLowerCase()));
  const lines = extras.filter((l) => {
    const key = l.toLowerCase();
    if (!l || seen.has(key)) return false;
    seen.add(key);
    return true;
  });

  const address: ParsedAddress = {
    line1: cap(line1, ADDRESS_LINE_MAX),
    line2: cap(lines[0], ADDRESS_LINE_MAX),
    line3: cap(lines[1], ADDRESS_LINE_MAX),
    city: cap(city?.longText, ADDRESS_CITY_MAX),
    state: cap(state, ADDRESS_STATE_MAX),
    postal_code: postalCode,
    country_code: countryCode,
  };
  if (!address.line1 && !address.city && !address.state && !address.postal_code && !address.country_code) {
    return { success: false, error: 'No address could be read from this place.', address: null };
  }
  return { success: true, error: null, address };
}

/** Japanese block addresses: '1-chōme-1-2 Oshiage' from sublocality levels 3 and 4 and the premise. */
function japaneseLine(
  pick: (type: string) => AddressComponent | undefined,
  take: (type: string) => AddressComponent | undefined,
): string | null {
  const parts = ['sublocality_level_3', 'sublocality_level_4', 'sublocality_level_5']
    .map((t) => take(t))
    .map((c) => tidy(c?.longText))
    .filter(Boolean);
  const premise = pick('premise');
  if (premise && isNumberLike(tidy(premise.longText))) parts.push(tidy(take('premise')?.longText));
  const area = tidy(take('sublocality_level_2')?.longText);
  const line = [parts.join('-'), area].filter(Boolean).join(' ');
  return line || null;
}

/** A named place (landmark, building, shop) rather than a street address or an area. */
function isNamedPlace(types: string[]): boolean {
  return types.some(
    (t) => !ADDRESS_TYPES.has(t) && !t.startsWith('administrative_area') && !t.startsWith('sublocality'),
  );
}
