import { Fragment, type ReactNode } from 'react';

/**
 * Where an element goes in a translated sentence: pass it as the argument's value to `t`, then
 * give the text to `withSlot` with the element, e.g.
 * `withSlot(t('by {author}', { author: SLOT }), <strong>{handle}</strong>)`. Each language puts
 * the element where its grammar wants it ('{author} による変更' in Japanese).
 */
export const SLOT = '\u0000';

/** `text` (translated, with one SLOT in it) with `node` in the SLOT's place. */
export function withSlot(text: string, node: ReactNode): ReactNode {
  const [before = '', after = ''] = text.split(SLOT);
  return (
    <>
      {before}
      <Fragment>{node}</Fragment>
      {after}
    </>
  );
}
