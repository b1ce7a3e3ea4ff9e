import { describe, expect, it } from 'vitest';
import fr from '#domain/messages/fr';
import { setCatalogue } from '../lib/i18n.ts';
import { theme } from './theme.ts';

describe('the theme', () => {
  it("names every modal's close button in the page's language, read when a modal renders", () => {
    const closeName = () =>
      (theme.components?.Modal?.defaultProps as { closeButtonProps: { 'aria-label': string } })
        .closeButtonProps['aria-label'];
    expect(closeName()).toBe('Close');
    setCatalogue('fr', fr);
    expect(closeName()).toBe('Fermer');
    // Spread as Mantine spreads default props at each render: the name is read then.
    expect({ ...theme.components?.Modal?.defaultProps }).toMatchObject({
      closeButtonProps: { 'aria-label': 'Fermer' },
      attributes: { header: { role: 'none' } },
    });
  });
});
