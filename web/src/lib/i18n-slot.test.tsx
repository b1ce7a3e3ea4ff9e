// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setCatalogue, t } from './i18n.ts';
import { SLOT, withSlot } from './i18n-slot.tsx';

describe('withSlot: an element inside a translated sentence', () => {
  afterEach(cleanup);

  it('puts the element where the language puts the argument', () => {
    const line = () => withSlot(t('by {author}', { author: SLOT }), <strong>ada</strong>);
    expect(render(<p>{line()}</p>).container.innerHTML).toBe('<p>by <strong>ada</strong></p>');
    cleanup();
    setCatalogue('ja', { 'by {author}': '{author} による変更' });
    expect(render(<p>{line()}</p>).container.innerHTML).toBe('<p><strong>ada</strong> による変更</p>');
  });
});
