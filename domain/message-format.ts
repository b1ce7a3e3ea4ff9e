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

/** `{name}`, or `{name, plural, …}` (`inner` is what stands between the braces). */
function argument(locale: string, inner: string, values: MessageValues): string {
  const comma = inner.indexOf(',');
  const value = values[(comma < 0 ? inner : inner.slice(0, comma)).trim()];
  if (comma < 0) return value === undefined ? '' : String(value);
  // ` plural, one {…} other {…}`: the branches after the second comma, keyed by `=n` or category.
  const body = inner.slice(inner.indexOf(',', comma + 1) + 1);
  const branches: Record<string, string> = {};
  let key = '';
  let branch = '';
  let depth = 0;
  for (const c of body) {
    if (depth) {
      if (c === '}' && !--depth) {
        branches[key.trim()] = branch;
        key = branch = '';
        continue;
      }
      if (c === '{') depth++;
      branch += c;
    } else if (c === '{') depth = 1;
    else key += c;
  }
  const count = Number(value ?? 0);
  const chosen =
    branches[`=${count}`] ?? branches[new Intl.PluralRules(locale).select(count)] ?? branches.other ?? '';
  // The branch may hold arguments of its own; `#` is the count, written in the language.
  return formatMessage(locale, chosen.replace(/#/g, new Intl.NumberFormat(locale).format(count)), values);
}

/** `message` with its arguments filled from `values`, in `locale`. */
export function formatMessage(locale: string, message: string, values: MessageValues = {}): string {
  let out = '';
  let start = 0;
  let depth = 0;
  for (let i = 0; i < message.length; i++) {
    if (message[i] === '{' && !depth++) {
      out += message.slice(start, i);
      start = i + 1;
    } else if (message[i] === '}' && depth && !--depth) {
      out += argument(locale, message.slice(start, i), values);
      start = i + 1;
    }
  }
  return out + message.slice(start);
}
