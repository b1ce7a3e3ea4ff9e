/**
 * Formats a catalogue message: a strict subset of ICU MessageFormat, enough for the site's texts
 * and small enough for every page's first chunk (a few hundred bytes, where a full ICU runtime is
 * ~15 KB). Supported: `{name}` arguments and `{name, plural, =0 {…} one {…} other {…}}` with `#`
 * for the number, nested arguments inside plural branches, and `'{'`-style quoting is not needed
 * by any message. Plural categories come from Intl.PluralRules of the language. The catalogue
 * test checks every message against FormatJS's full parser and formatter (intl-messageformat),
 * so the catalogues stay standard ICU and a later move to a full runtime needs no rewrite.
 */
export type MessageValues = Record<string, string | number>;

const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function cached<T>(map: Map<string, T>, locale: string, make: () => T): T {
  let value = map.get(locale);
  if (value === undefined) map.set(locale, (value = make()));
  return value;
}

/** The index of the `}` that closes the `{` at `open`. */
function closing(message: string, open: number): number {
  let depth = 0;
  for (let i = open; i < message.length; i++) {
    if (message[i] === '{') depth++;
    else if (message[i] === '}' && --depth === 0) return i;
  }
  return message.length;
}

function plural(locale: string, body: string, count: number): string {
  // body: ` one {…} other {…}`: pick the `=n` branch, else the language's category, else other.
  const branches = new Map<string, string>();
  let i = 0;
  while (i < body.length) {
    const open = body.indexOf('{', i);
    if (open < 0) break;
    const end = closing(body, open);
    branches.set(body.slice(i, open).trim(), body.slice(open + 1, end));
    i = end + 1;
  }
  const category = cached(pluralRules, locale, () => new Intl.PluralRules(locale)).select(count);
  const branch = branches.get(`=${count}`) ?? branches.get(category) ?? branches.get('other') ?? '';
  const number = cached(numberFormats, locale, () => new Intl.NumberFormat(locale)).format(count);
  return branch.replace(/#/g, number);
}

/** `message` with its arguments filled from `values`, in `locale`. */
export function formatMessage(locale: string, message: string, values: MessageValues = {}): string {
  let out = '';
  let i = 0;
  while (i < message.length) {
    const open = message.indexOf('{', i);
    if (open < 0) return out + message.slice(i);
    out += message.slice(i, open);
    const end = closing(message, open);
    const inner = message.slice(open + 1, end);
    const comma = inner.indexOf(',');
    const name = (comma < 0 ? inner : inner.slice(0, comma)).trim();
    const value = values[name];
    if (comma < 0) out += value === undefined ? '' : String(value);
    else {
      // `count, plural, branches`: the branches may hold arguments of their own.
      const rest = inner.slice(comma + 1);
      const body = rest.slice(rest.indexOf(',') + 1);
      out += formatMessage(locale, plural(locale, body, Number(value ?? 0)), values);
    }
    i = end + 1;
  }
  return out;
}
