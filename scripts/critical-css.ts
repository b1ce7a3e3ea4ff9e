/**
 * The CSS a piece of markup needs to paint, taken from the app's built stylesheets: the rules
 * whose selectors match an element of it (in either colour scheme, states such as :hover
 * ignored), the at-rules around them, the keyframes they animate with, and of the custom
 * properties only those the kept rules and the markup's inline styles use (Mantine defines
 * hundreds). Used at build for the explore frame (scripts/explore-frame.ts), which paints
 * before the stylesheets load.
 */
import { Window } from 'happy-dom';
import postcss, { type AtRule, type Container, type Declaration, type Rule } from 'postcss';

/** Pseudo-classes and -elements of a state or a part the frame's first paint does not have. */
const DYNAMIC =
  /::?(?:hover|focus|focus-visible|focus-within|active|visited|checked|disabled|enabled|indeterminate|placeholder-shown|autofill|-webkit-[\w-]+|-moz-[\w-]+|-ms-[\w-]+|before|after|placeholder|selection|backdrop|marker|file-selector-button)(?:\([^)]*\))?/g;

const SCHEMES = ['light', 'dark'] as const;

/** Custom properties a value uses. */
function varsIn(value: string): string[] {
  return [...value.matchAll(/var\(\s*(--[\w-]+)/g)].map((m) => m[1]!);
}

/**
 * `stylesheets` cut to what `html` needs; `own` (the markup's own rules, e.g. for states the
 * server sets) kept whole, after them. Custom properties are pruned in both.
 */
export async function criticalCss(stylesheets: string[], html: string, own: string[] = []): Promise<string> {
  const window = new Window();
  const { document } = window;
  document.write(`<!doctype html><html><head></head><body>${html}</body></html>`);
  const root = document.documentElement;

  const matches = (selector: string): boolean => {
    const plain = selector.replace(DYNAMIC, '').trim() || '*';
    return SCHEMES.some((scheme) => {
      root.setAttribute('data-mantine-color-scheme', scheme);
      try {
        return document.querySelector(plain.replace(/([>+~])\s*$/, '$1 *')) !== null;
      } catch {
        return false;
      }
    });
  };

  const sheet = postcss.root();
  for (const css of stylesheets) sheet.append(postcss.parse(css).nodes);

  // Rules that match nothing go, and then at-rules left empty; keyframes stay for now.
  sheet.walkRules((rule: Rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as AtRule).name)) return;
    const kept = rule.selectors.filter(matches);
    if (kept.length === 0) rule.remove();
    else rule.selectors = kept;
  });
  sheet.walkAtRules((at: AtRule) => {
    if (/^(font-face|import|charset)$/i.test(at.name)) return;
    if (!/keyframes$/i.test(at.name) && (!at.nodes || at.nodes.length === 0)) at.remove();
  });
  removeEmpty(sheet);
  for (const css of own) sheet.append(postcss.parse(css).nodes);

  // Keyframes only when a kept rule animates with them.
  const animations = new Set<string>();
  sheet.walkDecls(/^animation(-name)?$/, (decl: Declaration) => {
    for (const word of decl.value.split(/[\s,]+/)) animations.add(word);
  });
  sheet.walkAtRules(/keyframes$/i, (at: AtRule) => {
    if (!animations.has(at.params.trim())) at.remove();
  });

  // Custom properties: those used by the kept rules and the markup, and those they use in turn.
  const definitions = new Map<string, string[]>();
  sheet.walkDecls(/^--/, (decl: Declaration) => {
    definitions.set(decl.prop, [...(definitions.get(decl.prop) ?? []), ...varsIn(decl.value)]);
  });
  const used = new Set<string>();
  const pending: string[] = [...varsIn(html)];
  sheet.walkDecls((decl: Declaration) => {
    if (!decl.prop.startsWith('--')) pending.push(...varsIn(decl.value));
  });
  while (pending.length) {
    const name = pending.pop()!;
    if (used.has(name)) continue;
    used.add(name);
    pending.push(...(definitions.get(name) ?? []));
  }
  sheet.walkDecls(/^--/, (decl: Declaration) => {
    if (!used.has(decl.prop)) decl.remove();
  });
  removeEmpty(sheet);
  await window.happyDOM.close();
  return sheet.toString();
}

/** Removes rules and at-rules left without content, innermost first. */
function removeEmpty(container: Container): void {
  container.each((node) => {
    if (node.type !== 'rule' && node.type !== 'atrule') return;
    if ('nodes' in node && node.nodes) {
      removeEmpty(node);
      if (node.nodes.length === 0) node.remove();
    }
  });
}
