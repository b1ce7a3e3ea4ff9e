import { createElement, Fragment, type ReactNode } from 'react';
import { translation } from './i18n.ts';

/**
 * `message` (its English text) in the page's language, with each `{argument}` replaced by a node:
 * for a sentence with a link or emphasis inside, whose words a translation may reorder around it
 * (`tNodes('See {privacy} for what is kept.', { privacy: <Anchor …/> })`). Plain text goes
 * through `t` (i18n.ts); scripts/messages.ts finds the literal messages of `tNodes` as it finds `t`'s.
 */
export function tNodes(message: string, nodes: Readonly<Record<string, ReactNode>>): ReactNode {
  const parts = translation(message).split(/\{(\w+)\}/);
  // split() with a capture group puts each argument's name at the odd places.
  return parts.map((part, i) => createElement(Fragment, { key: i }, i % 2 === 1 ? nodes[part] : part));
}
