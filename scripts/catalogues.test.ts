import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { CATALOGUES, PAGE_CATALOGUES, PROSE_CATALOGUES, translate } from '../domain/catalogues.ts';
import { LANGUAGES } from '../domain/languages.ts';
import { formatMessage } from '../domain/message-format.ts';
import { literalMessages, sourceMessages } from './messages.ts';

const sources = sourceMessages();

interface AstNode {
  type: number;
  options?: Record<string, { value: AstNode[] }>;
}

/** The branch keys of each plural in an ICU message ('one', 'other', '=0', …), nested ones too. */
function pluralBranches(message: string, language: string): string[][] {
  const walk = (nodes: AstNode[]): string[][] =>
    nodes.flatMap((node) =>
      node.options && node.type === 6
        ? [Object.keys(node.options), ...Object.values(node.options).flatMap((o) => walk(o.value))]
        : [],
    );
  return walk(new IntlMessageFormat(message, language).getAst());
}

const translations = Object.entries(CATALOGUES);

/** The argument names of an ICU message ('{count, plural, …}' → count). */
const argumentsOf = (message: string) =>
  [...new Set([...message.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((m) => m[1]!))].sort();

/** Sample values for a message's arguments: numbers for plurals and counts, text otherwise. */
const samples = (message: string) =>
  Object.fromEntries(
    argumentsOf(message).map((name) => [
      name,
      new RegExp(`\\{\\s*${name}\\s*,\\s*plural`).test(message) ? 2 : `‹${name}›`,
    ]),
  );

describe('the pages’ prose, a catalogue of its own', () => {
  const used = literalMessages();

  it.each(Object.entries(PROSE_CATALOGUES))(
    '%s: only the About and Privacy pages use it, and a page does not carry it',
    (language, prose) => {
      expect(Object.keys(prose).length).toBeGreaterThan(20);
      for (const message of Object.keys(prose)) {
        expect(used.get(message) ?? [], message).not.toEqual([]);
        expect(
          (used.get(message) ?? []).filter((file) => !file.includes('web/src/features/about/')),
          message,
        ).toEqual([]);
        expect(message in PAGE_CATALOGUES[language as keyof typeof PAGE_CATALOGUES], message).toBe(false);
      }
    },
  );
});

describe('message catalogues', () => {
  it('finds the source messages', () => {
    expect(sources).toContain('Explore Buildings');
    expect(sources).toContain('Art Deco');
    expect(sources.length).toBeGreaterThan(100);
  });

  describe.each(translations)('%s', (language, catalogue) => {
    it('has every source message, and none that is not one', () => {
      expect(sources.filter((message) => !(message in catalogue))).toEqual([]);
      expect(Object.keys(catalogue).filter((message) => !sources.includes(message))).toEqual([]);
    });

    it('translates with the arguments of the English text', () => {
      for (const [message, translated] of Object.entries(catalogue)) {
        expect(translated.trim(), message).not.toBe('');
        expect(argumentsOf(translated), message).toEqual(argumentsOf(message));
      }
    });

    it("gives each plural only the language's categories, and always other", () => {
      const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories as string[];
      for (const translated of Object.values(catalogue)) {
        for (const keys of pluralBranches(translated, language)) {
          expect(keys, translated).toContain('other');
          expect(
            keys.filter((key) => !key.startsWith('=') && !categories.includes(key)),
            translated,
          ).toEqual([]);
        }
      }
    });

    it('is standard ICU MessageFormat, formatted as FormatJS formats it', () => {
      for (const [message, translated] of Object.entries(catalogue)) {
        for (const values of [samples(message), { ...samples(message), count: 1 }]) {
          const expected = new IntlMessageFormat(translated, language).format(values);
          expect(formatMessage(language, translated, values), message).toBe(expected);
        }
      }
    });
  });

  describe('Arabic counts', () => {
    const ar = CATALOGUES.ar;
    const building = '{count, plural, one {# building} other {# buildings}}';

    it('uses the dual and the forms for 3–10 and 11–99 in every count message', () => {
      const counts = Object.values(ar).flatMap((translated) => pluralBranches(translated, 'ar'));
      expect(counts.length).toBeGreaterThan(0);
      for (const keys of counts)
        expect(keys).toEqual(expect.arrayContaining(['one', 'two', 'few', 'many', 'other']));
    });

    it('picks zero, one, two, few, many and other by the count', () => {
      expect([0, 1, 2, 3, 11, 100].map((count) => translate('ar', building, { count }))).toEqual([
        'لا مباني',
        'مبنى واحد',
        'مبنيان',
        '3 مبانٍ',
        '11 مبنى',
        '100 مبنى',
      ]);
      expect([0, 1, 2, 3, 11, 100].map((count) => new Intl.PluralRules('ar').select(count))).toEqual([
        'zero',
        'one',
        'two',
        'few',
        'many',
        'other',
      ]);
    });

    it('formats every count message as FormatJS does for each category', () => {
      for (const [message, translated] of Object.entries(ar)) {
        if (!pluralBranches(translated, 'ar').length) continue;
        for (const count of [0, 1, 2, 3, 11, 100, 102]) {
          // Every plural argument counts `count` (the others keep their samples).
          const values = Object.fromEntries(
            Object.entries(samples(message)).map(([name, value]) => [
              name,
              typeof value === 'number' ? count : value,
            ]),
          );
          expect(formatMessage('ar', translated, values), `${message} (${count})`).toBe(
            new IntlMessageFormat(translated, 'ar').format(values),
          );
        }
      }
    });
  });

  it("counts '1 building' and '2 buildings' in every language", () => {
    const message = '{count, plural, one {# building} other {# buildings}}';
    const counted = Object.fromEntries(
      LANGUAGES.map((language) => [
        language,
        [1, 2, 5, 11].map((count) => translate(language, message, { count })),
      ]),
    );
    expect(counted).toEqual({
      en: ['1 building', '2 buildings', '5 buildings', '11 buildings'],
      fr: ['1 bâtiment', '2 bâtiments', '5 bâtiments', '11 bâtiments'],
      de: ['1 Gebäude', '2 Gebäude', '5 Gebäude', '11 Gebäude'],
      es: ['1 edificio', '2 edificios', '5 edificios', '11 edificios'],
      ja: ['1 件の建物', '2 件の建物', '5 件の建物', '11 件の建物'],
      ar: ['مبنى واحد', 'مبنيان', '5 مبانٍ', '11 مبنى'],
    });
  });
});

describe('formatMessage', () => {
  it('fills arguments and leaves text without them as it is', () => {
    expect(formatMessage('en', 'Standing in {year}', { year: 1935 })).toBe('Standing in 1935');
    expect(formatMessage('en', 'Explore Buildings')).toBe('Explore Buildings');
  });

  it('picks =n, then the language category, then other; # is the count in the language', () => {
    const message = '{count, plural, =0 {none} one {# photo of {name}} other {# photos of {name}}}';
    expect(formatMessage('en', message, { count: 0, name: 'X' })).toBe('none');
    expect(formatMessage('en', message, { count: 1, name: 'X' })).toBe('1 photo of X');
    expect(formatMessage('en', message, { count: 1234, name: 'X' })).toBe('1,234 photos of X');
    expect(formatMessage('fr', message, { count: 0, name: 'X' })).toBe('none');
    expect(formatMessage('fr', '{count, plural, one {# a} other {# b}}', { count: 1.5 })).toBe('1,5 a');
  });

  it('does not read braces in a value as a message', () => {
    expect(formatMessage('en', 'Open {name}', { name: '{count}' })).toBe('Open {count}');
  });
});
