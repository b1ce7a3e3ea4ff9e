/**
 * No user-visible literal in the web app's components: JSX text and the attributes a user reads
 * or hears (label, placeholder, title, aria-label, alt, …) must go through `t()` / `plural()`
 * (web/src/lib/i18n.ts), so every screen speaks the page's language. A small rule of our own
 * rather than a plugin's (docs/decisions/2026-11-27-literal-ui-text-rule.md). It reads only what
 * is written in place: a string literal, a template's text, a string in either branch of `a ? b
 * : c` or after `&&` / `||` / `??`; anything computed (a call, a variable) is the caller's to
 * translate. A text with no letter (a number, '·', '×', '→') is not a message.
 * scripts/ui-text-lint.test.ts shows it refusing a literal and taking `t('…')`.
 */

/** Attributes whose text a user reads or hears (DOM attributes and Mantine props). */
export const USER_VISIBLE_ATTRIBUTES = [
  'label',
  'placeholder',
  'title',
  'alt',
  'description',
  'message',
  'error',
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'aria-placeholder',
  'nothingFoundMessage',
  'emptyMessage',
  'closeButtonLabel',
  'confirmLabel',
  'cancelLabel',
  'tooltip',
];

/**
 * Texts that stay as they are in every language, each with its reason: names of things that are
 * not translated (brands, licences, formats) and the site's own name.
 */
export const UNTRANSLATED_TEXTS = new Map([
  ['Atlas of Buildings', 'the site’s name, a brand (the page head and manifest keep it too)'],
  ['Google', 'a brand'],
  ['OpenStreetMap', 'a brand'],
  ['Protomaps', 'a brand'],
  ['GeoJSON', 'a file format'],
  ['CSV', 'a file format'],
  ['GPX', 'a file format'],
  ['ODbL', 'a licence’s name'],
  ['ODbL 1.0', 'a licence’s name'],
  ['CC BY-SA 4.0', 'a licence’s name'],
  ['CC BY 4.0', 'a licence’s name'],
  ['CC0 1.0', 'a licence’s name'],
  ['GET /api/buildings/export?format=geojson|csv', 'an API request, as a client types it'],
  ['__Host-', 'a cookie name’s prefix, as the browser shows it'],
  ['lang', 'a cookie’s name, as the browser shows it'],
  ['AGPL-3.0-or-later', 'a licence’s name'],
]);

const LETTER = /\p{L}/u;

/** Whether `text` (as written, surrounding spaces aside) is a message to translate. */
export function isMessageText(text) {
  const trimmed = text.replace(/\s+/g, ' ').trim();
  return LETTER.test(trimmed) && !UNTRANSLATED_TEXTS.has(trimmed);
}

/** The literal texts written in place in `node` (an expression), with the node each is in. */
function literalTexts(node) {
  if (!node) return [];
  switch (node.type) {
    case 'Literal':
      return typeof node.value === 'string' ? [{ node, text: node.value }] : [];
    case 'TemplateLiteral':
      return node.quasis.map((quasi) => ({ node: quasi, text: quasi.value.cooked ?? quasi.value.raw }));
    case 'ConditionalExpression':
      return [...literalTexts(node.consequent), ...literalTexts(node.alternate)];
    case 'LogicalExpression':
      // `a && 'text'` shows 'text'; `a || 'text'`, `a ?? 'text'` may show either side.
      return node.operator === '&&'
        ? literalTexts(node.right)
        : [...literalTexts(node.left), ...literalTexts(node.right)];
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
    case 'TSNonNullExpression':
      return literalTexts(node.expression);
    default:
      return [];
  }
}

const attributeName = (attribute) => (attribute.name.type === 'JSXIdentifier' ? attribute.name.name : null);

/** @type {import('eslint').Rule.RuleModule} */
export const noLiteralUiText = {
  meta: {
    type: 'problem',
    docs: { description: 'User-visible text in JSX goes through t() or plural() (web/src/lib/i18n.ts).' },
    schema: [],
    messages: {
      text: "Untranslated text '{{text}}': write {t('…')} (web/src/lib/i18n.ts) so it is shown in the page's language.",
      attribute:
        "Untranslated {{name}} '{{text}}': write {{name}}={t('…')} (web/src/lib/i18n.ts) so it is shown in the page's language.",
    },
  },
  create(context) {
    const report = (node, messageId, text, name) =>
      context.report({
        node,
        messageId,
        data: { text: text.replace(/\s+/g, ' ').trim().slice(0, 60), name: name ?? '' },
      });
    const isChild = (node) => node.parent?.type === 'JSXElement' || node.parent?.type === 'JSXFragment';

    return {
      JSXText(node) {
        if (isMessageText(node.value)) report(node, 'text', node.value);
      },
      JSXExpressionContainer(node) {
        if (isChild(node)) {
          for (const found of literalTexts(node.expression)) {
            if (isMessageText(found.text)) report(found.node, 'text', found.text);
          }
        }
      },
      JSXAttribute(node) {
        const name = attributeName(node);
        if (!name || !USER_VISIBLE_ATTRIBUTES.includes(name) || !node.value) return;
        const found =
          node.value.type === 'Literal'
            ? literalTexts(node.value)
            : node.value.type === 'JSXExpressionContainer'
              ? literalTexts(node.value.expression)
              : [];
        for (const { node: where, text } of found) {
          if (isMessageText(text)) report(where, 'attribute', text, name);
        }
      },
    };
  },
};

/** The rule on the web app's components, tests and test helpers aside. */
export const uiText = [
  {
    files: ['web/src/**/*.tsx'],
    ignores: ['web/src/**/*.test.tsx', 'web/src/testing/**'],
    plugins: { atlas: { rules: { 'no-literal-ui-text': noLiteralUiText } } },
    rules: { 'atlas/no-literal-ui-text': 'error' },
  },
];
