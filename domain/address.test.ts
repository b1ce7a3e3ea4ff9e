import { describe, expect, it } from 'vitest';
import { parseAddress, streetLine, type ParsedAddress } from './address.ts';
import type { AddressComponent } from './places.ts';

/** One address component: long text, types, and a short text when it differs. */
const c = (longText: string, types: string[], shortText = longText): AddressComponent => ({
  longText,
  shortText,
  types,
});
const country = (name: string, code: string) => c(name, ['country', 'political'], code);
const admin1 = (name: string, code = name) => c(name, ['administrative_area_level_1', 'political'], code);
const locality = (name: string) => c(name, ['locality', 'political']);
const postal = (code: string) => c(code, ['postal_code']);

const EMPTY: ParsedAddress = {
  line1: null,
  line2: null,
  line3: null,
  city: null,
  state: null,
  postal_code: null,
  country_code: null,
};

function parsed(
  addressComponents: AddressComponent[],
  opts: { formattedAddress?: string; types?: string[]; name?: string } = {},
) {
  const result = parseAddress(
    {
      formattedAddress: opts.formattedAddress ?? '',
      addressComponents,
      types: opts.types ?? ['street_address'],
      id: 'test-place',
    },
    opts.name ?? null,
  );
  expect(result.success, result.error ?? '').toBe(true);
  return result.address;
}

/** The address parsed from these components is `expected`; the fields not in it are null. */
function expectAddress(
  components: AddressComponent[],
  expected: Partial<ParsedAddress>,
  opts?: Parameters<typeof parsed>[1],
) {
  expect(parsed(components, opts)).toEqual({ ...EMPTY, ...expected });
}

describe('parseAddress (product §7: the wizard fills the address from a picked place)', () => {
  it('US street address: number before route, state abbreviated, ZIP+4', () => {
    expectAddress(
      [
        c('1600', ['street_number']),
        c('Amphitheatre Parkway', ['route'], 'Amphitheatre Pkwy'),
        locality('Mountain View'),
        c('Santa Clara County', ['administrative_area_level_2', 'political']),
        admin1('California', 'CA'),
        country('United States', 'US'),
        postal('94043'),
        c('1351', ['postal_code_suffix']),
      ],
      {
        line1: '1600 Amphitheatre Parkway',
        city: 'Mountain View',
        state: 'CA',
        postal_code: '94043-1351',
        country_code: 'US',
      },
      { formattedAddress: '1600 Amphitheatre Pkwy, Mountain View, CA 94043, USA' },
    );
  });

  it('US address with a suite: the subpremise goes to line 2 as the address writes it', () => {
    expectAddress(
      [
        c('3300', ['subpremise']),
        c('350', ['street_number']),
        c('5th Avenue', ['route'], '5th Ave'),
        c('Midtown Manhattan', ['neighborhood', 'political']),
        c('Manhattan', ['sublocality_level_1', 'sublocality', 'political']),
        locality('New York'),
        admin1('New York', 'NY'),
        country('United States', 'US'),
        postal('10118'),
      ],
      {
        line1: '350 5th Avenue',
        line2: 'Suite 3300',
        city: 'New York',
        state: 'NY',
        postal_code: '10118',
        country_code: 'US',
      },
      { formattedAddress: '350 5th Ave Suite 3300, New York, NY 10118, USA' },
    );
  });

  it('US subpremise without a label in the formatted address becomes "Unit n"', () => {
    const a = parsed(
      [
        c('4B', ['subpremise']),
        c('12', ['street_number']),
        c('Elm Street', ['route']),
        locality('Springfield'),
      ],
      { formattedAddress: '12 Elm St, Springfield' },
    );
    expect(a).toMatchObject({ line1: '12 Elm Street', line2: 'Unit 4B' });
  });

  it('Brooklyn: no locality, the sublocality is the city', () => {
    const a = parsed([
      c('99', ['street_number']),
      c('Schermerhorn Street', ['route']),
      c('Brooklyn', ['sublocality_level_1', 'sublocality', 'political']),
      c('Kings County', ['administrative_area_level_2', 'political']),
      admin1('New York', 'NY'),
      country('United States', 'US'),
      postal('11201'),
    ]);
    expect(a).toMatchObject({ line1: '99 Schermerhorn Street', city: 'Brooklyn', state: 'NY' });
  });

  it('UK: postal town as the city, no state (England is not part of a postal address)', () => {
    expectAddress(
      [
        c('10', ['street_number']),
        c('Downing Street', ['route'], 'Downing St'),
        c('London', ['postal_town']),
        c('Greater London', ['administrative_area_level_2', 'political']),
        admin1('England'),
        country('United Kingdom', 'GB'),
        postal('SW1A 2AA'),
      ],
      { line1: '10 Downing Street', city: 'London', postal_code: 'SW1A 2AA', country_code: 'GB' },
    );
  });

  it('UK: a named building (premise) goes to line 2 under its street', () => {
    const a = parsed([
      c('Rose Court', ['premise']),
      c('2', ['street_number']),
      c('Southwark Bridge Road', ['route']),
      c('London', ['postal_town']),
      country('United Kingdom', 'GB'),
      postal('SE1 9HS'),
    ]);
    expect(a).toMatchObject({ line1: '2 Southwark Bridge Road', line2: 'Rose Court', city: 'London' });
  });

  it('France: number before route; region spelled out', () => {
    expectAddress(
      [
        c('5', ['street_number']),
        c('Avenue Anatole France', ['route'], 'Av. Anatole France'),
        locality('Paris'),
        c('Département de Paris', ['administrative_area_level_2', 'political'], 'Département de Paris'),
        admin1('Île-de-France', 'IDF'),
        country('France', 'FR'),
        postal('75007'),
      ],
      {
        line1: '5 Avenue Anatole France',
        city: 'Paris',
        state: 'Île-de-France',
        postal_code: '75007',
        country_code: 'FR',
      },
    );
  });

  it('Germany: street name before the number', () => {
    expectAddress(
      [
        c('77', ['street_number']),
        c('Unter den Linden', ['route']),
        c('Mitte', ['sublocality_level_1', 'sublocality', 'political']),
        locality('Berlin'),
        admin1('Berlin', 'BE'),
        country('Germany', 'DE'),
        postal('10117'),
      ],
      {
        line1: 'Unter den Linden 77',
        city: 'Berlin',
        state: 'Berlin',
        postal_code: '10117',
        country_code: 'DE',
      },
    );
  });

  it('Japan: no route; block number from sublocality levels and premise, ward area after', () => {
    expectAddress(
      [
        c('2', ['premise']),
        c('1', ['political', 'sublocality', 'sublocality_level_4']),
        c('1-chōme', ['political', 'sublocality', 'sublocality_level_3']),
        c('Oshiage', ['political', 'sublocality', 'sublocality_level_2']),
        c('Sumida City', ['locality', 'political']),
        admin1('Tokyo'),
        country('Japan', 'JP'),
        postal('131-0045'),
      ],
      {
        line1: '1-chōme-1-2 Oshiage',
        city: 'Sumida City',
        state: 'Tokyo',
        postal_code: '131-0045',
        country_code: 'JP',
      },
      { formattedAddress: '1-chōme-1-2 Oshiage, Sumida City, Tokyo 131-0045, Japan' },
    );
  });

  it('Japan: a ward under the city goes to line 2', () => {
    const a = parsed([
      c('294', ['premise']),
      c('1', ['political', 'sublocality', 'sublocality_level_4']),
      c('Kiyomizu', ['political', 'sublocality', 'sublocality_level_2']),
      c('Higashiyama Ward', ['political', 'sublocality', 'sublocality_level_1']),
      locality('Kyoto'),
      admin1('Kyoto'),
      country('Japan', 'JP'),
    ]);
    expect(a).toMatchObject({ line1: '1-294 Kiyomizu', line2: 'Higashiyama Ward', city: 'Kyoto' });
  });

  it('Brazil: "Avenida Paulista, 1578", the bairro on line 2, state abbreviated', () => {
    expect(
      parsed([
        c('1578', ['street_number']),
        c('Avenida Paulista', ['route'], 'Av. Paulista'),
        c('Bela Vista', ['sublocality_level_1', 'sublocality', 'political']),
        c('São Paulo', ['administrative_area_level_2', 'political']),
        locality('São Paulo'),
        admin1('São Paulo', 'SP'),
        country('Brazil', 'BR'),
        postal('01310-200'),
      ]),
    ).toEqual({
      line1: 'Avenida Paulista, 1578',
      line2: 'Bela Vista',
      line3: null,
      city: 'São Paulo',
      state: 'SP',
      postal_code: '01310-200',
      country_code: 'BR',
    });
  });

  it('India: no route; the building name is line 1, the sublocalities follow', () => {
    expect(
      parsed(
        [
          c('Rashtrapati Bhavan', ['premise']),
          c("President's Estate", ['sublocality_level_2', 'sublocality', 'political']),
          c('New Delhi', ['sublocality_level_1', 'sublocality', 'political']),
          locality('New Delhi'),
          admin1('Delhi', 'DL'),
          country('India', 'IN'),
          postal('110004'),
        ],
        { types: ['premise'] },
      ),
    ).toEqual({
      line1: 'Rashtrapati Bhavan',
      line2: "President's Estate",
      line3: null,
      city: 'New Delhi',
      state: 'Delhi',
      postal_code: '110004',
      country_code: 'IN',
    });
  });

  it('Italy: "Piazza del Colosseo, 1", region spelled out', () => {
    expectAddress(
      [
        c('1', ['street_number']),
        c('Piazza del Colosseo', ['route']),
        locality('Roma'),
        c('Città Metropolitana di Roma Capitale', ['administrative_area_level_2', 'political'], 'RM'),
        admin1('Lazio'),
        country('Italy', 'IT'),
        postal('00184'),
      ],
      {
        line1: 'Piazza del Colosseo, 1',
        city: 'Roma',
        state: 'Lazio',
        postal_code: '00184',
        country_code: 'IT',
      },
    );
  });

  it('Australia: state abbreviated', () => {
    expectAddress(
      [
        c('Bennelong Point', ['route']),
        locality('Sydney'),
        c('Council of the City of Sydney', ['administrative_area_level_2', 'political']),
        admin1('New South Wales', 'NSW'),
        country('Australia', 'AU'),
        postal('2000'),
      ],
      { line1: 'Bennelong Point', city: 'Sydney', state: 'NSW', postal_code: '2000', country_code: 'AU' },
      { types: ['tourist_attraction', 'point_of_interest', 'establishment'], name: 'Sydney Opera House' },
    );
  });

  it('Canada: province abbreviated', () => {
    expectAddress(
      [
        c('290', ['street_number']),
        c('Bremner Boulevard', ['route'], 'Bremner Blvd'),
        c('Old Toronto', ['sublocality_level_1', 'sublocality', 'political']),
        locality('Toronto'),
        c('Toronto', ['administrative_area_level_2', 'political']),
        admin1('Ontario', 'ON'),
        country('Canada', 'CA'),
        postal('M5V 3L9'),
      ],
      {
        line1: '290 Bremner Boulevard',
        city: 'Toronto',
        state: 'ON',
        postal_code: 'M5V 3L9',
        country_code: 'CA',
      },
    );
  });

  it('a landmark whose name leads the formatted address: line 1 is still its street', () => {
    const a = parsed(
      [
        c('5', ['street_number']),
        c('Avenue Anatole France', ['route']),
        locality('Paris'),
        admin1('Île-de-France', 'IDF'),
        country('France', 'FR'),
        postal('75007'),
      ],
      {
        formattedAddress: 'Eiffel Tower, 5 Av. Anatole France, 75007 Paris, France',
        types: ['tourist_attraction', 'point_of_interest', 'establishment'],
        name: 'Eiffel Tower',
      },
    );
    expect(a).toMatchObject({ line1: '5 Avenue Anatole France', line2: null, city: 'Paris' });
  });

  it('a landmark without a street: its name is line 1', () => {
    expectAddress(
      [
        c('Amesbury', ['postal_town']),
        c('Wiltshire', ['administrative_area_level_2', 'political']),
        admin1('England'),
        country('United Kingdom', 'GB'),
        postal('SP4 7DE'),
      ],
      { line1: 'Stonehenge', city: 'Amesbury', postal_code: 'SP4 7DE', country_code: 'GB' },
      {
        formattedAddress: 'Salisbury SP4 7DE, UK',
        types: ['historical_landmark', 'tourist_attraction', 'point_of_interest', 'establishment'],
        name: 'Stonehenge',
      },
    );
  });

  it('an address without a street number: line 1 is the street', () => {
    const a = parsed([
      c('Calle de Alcalá', ['route']),
      locality('Madrid'),
      admin1('Comunidad de Madrid', 'MD'),
      country('Spain', 'ES'),
      postal('28014'),
    ]);
    expect(a).toEqual({
      ...EMPTY,
      line1: 'Calle de Alcalá',
      city: 'Madrid',
      state: 'Comunidad de Madrid',
      postal_code: '28014',
      country_code: 'ES',
    });
  });

  it('only a route', () => {
    expect(parsed([c('Abbey Road', ['route'])])).toEqual({ ...EMPTY, line1: 'Abbey Road' });
  });

  it('only a locality and a country (a town was picked): no line 1', () => {
    expect(
      parsed([locality('Reykjavík'), country('Iceland', 'IS')], { types: ['locality', 'political'] }),
    ).toEqual({ ...EMPTY, city: 'Reykjavík', country_code: 'IS' });
  });

  it('an area picked (no establishment): the building name is not used as line 1', () => {
    const a = parsed([locality('Reykjavík'), country('Iceland', 'IS')], {
      types: ['locality', 'political'],
      name: 'Hallgrímskirkja',
    });
    expect(a?.line1).toBeNull();
  });

  it('caps long texts at the building payload limits', () => {
    const a = parsed([c('x'.repeat(300), ['route']), locality('y'.repeat(150)), postal('1'.repeat(25))]);
    expect(a?.line1).toHaveLength(200);
    expect(a?.city).toHaveLength(100);
    expect(a?.postal_code).toBeNull();
  });

  it('cannot read a place without components, or with nothing address-like', () => {
    expect(
      parseAddress({ formattedAddress: 'Somewhere', addressComponents: [], types: [], id: 'x' }),
    ).toEqual({
      success: false,
      error: 'The place has no address details.',
      address: null,
    });
    expect(
      parseAddress({ addressComponents: [c('8FVC9G8F+6X', ['plus_code'])], types: ['plus_code'] }),
    ).toEqual({ success: false, error: 'No address could be read from this place.', address: null });
  });
});

describe('streetLine', () => {
  it('orders number and street by country', () => {
    expect(streetLine('US', '1', 'Main Street')).toBe('1 Main Street');
    expect(streetLine('NL', '1', 'Dam')).toBe('Dam 1');
    expect(streetLine('ES', '42', 'Calle de Alcalá')).toBe('Calle de Alcalá, 42');
    expect(streetLine(null, '1', 'High Street')).toBe('1 High Street');
    expect(streetLine('US', '1', null)).toBeNull();
  });
});
