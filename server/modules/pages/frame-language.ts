/**
 * The explore frame in the visitor's language. The build renders the frame once, in English
 * (scripts/explore-frame.ts); here its texts are swapped for the catalogue's at serve time, once
 * per language and frame (then cached), so the first paint is already translated and English
 * pages are sent exactly as before. A text is swapped where it stands whole: a text node
 * (`>Filters<`) or an attribute value (`aria-label="Filters"`); a message whose arguments are the
 * frame's tokens (`Showing ATLASxCOUNT buildings worldwide`) wherever it stands, the tokens
 * being unique.
 */
import { CATALOGUES, translate } from '#domain/catalogues';
import { FRAME_TOKENS, type ExploreFrameFile } from '#domain/explore-frame';
import type { Language } from '#domain/languages';

/** Which frame tokens a message's argument stands for in the frame's markup. */
const ARGUMENT_TOKENS: Record<string, string[]> = {
  count: [FRAME_TOKENS.count],
  year: [FRAME_TOKENS.built, FRAME_TOKENS.demolished],
  upvotes: [FRAME_TOKENS.upvotes],
  meh_votes: [FRAME_TOKENS.meh],
  downvotes: [FRAME_TOKENS.downvotes],
};

// Text as happy-dom (the build re-serialises the markup) and React's server renderer write it.
const textForms = (text: string): string[] => {
  const base = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return [base, base.replace(/'/g, '&#x27;').replace(/"/g, '&quot;')];
};
const attributeForms = (text: string): string[] => {
  const base = text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return [base, base.replace(/'/g, '&#x27;').replace(/</g, '&lt;').replace(/>/g, '&gt;')];
};

type Swap = [from: string, to: string];

/** Each written form of `from` paired with the same form of `to`, inside `before`…`after`. */
const forms = (
  forms: (text: string) => string[],
  from: string,
  to: string,
  before = '',
  after = '',
): Swap[] => {
  const tos = forms(to);
  return forms(from).map((form, i): Swap => [`${before}${form}${after}`, `${before}${tos[i]!}${after}`]);
};

/** The swaps of `language`: longest English text first, so a longer text wins over a part of it. */
function swapsFor(language: Exclude<Language, 'en'>): Swap[] {
  const swaps: Swap[] = [];
  for (const message of Object.keys(CATALOGUES[language])) {
    // Plurals do not appear in the frame.
    if (/\{\w+,/.test(message)) continue;
    const args = [...message.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    if (args.length === 0) {
      const translated = translate(language, message);
      swaps.push(...forms(textForms, message, translated, '>', '<'));
      swaps.push(...forms(attributeForms, message, translated, '="', '"'));
      continue;
    }
    if (!args.every((arg) => arg in ARGUMENT_TOKENS)) continue;
    // Every combination of the tokens its arguments may stand for (one argument has two).
    let combinations: Record<string, string>[] = [{}];
    for (const arg of new Set(args))
      combinations = combinations.flatMap((values) =>
        ARGUMENT_TOKENS[arg]!.map((token) => ({ ...values, [arg]: token })),
      );
    for (const values of combinations)
      swaps.push(...forms(textForms, translate('en', message, values), translate(language, message, values)));
  }
  return swaps.filter(([from, to]) => from !== to).sort((a, b) => b[0].length - a[0].length);
}

function swapAll(markup: string, swaps: Swap[]): string {
  let out = markup;
  for (const [from, to] of swaps) if (out.includes(from)) out = out.split(from).join(to);
  return out;
}

const cache = new WeakMap<ExploreFrameFile, Map<Language, ExploreFrameFile>>();

/** `frame` with its texts in `language` (the frame itself for English). */
export function frameIn(frame: ExploreFrameFile, language: Language): ExploreFrameFile {
  if (language === 'en') return frame;
  let byLanguage = cache.get(frame);
  if (!byLanguage) cache.set(frame, (byLanguage = new Map<Language, ExploreFrameFile>()));
  let translated = byLanguage.get(language);
  if (!translated) {
    const swaps = swapsFor(language);
    translated = {
      ...frame,
      loading: swapAll(frame.loading, swaps),
      withCards: swapAll(frame.withCards, swaps),
      cards: Object.fromEntries(Object.entries(frame.cards).map(([k, v]) => [k, swapAll(v, swaps)])),
    };
    byLanguage.set(language, translated);
  }
  return translated;
}
