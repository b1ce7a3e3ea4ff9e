// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CSV_COLUMNS } from '#domain/export';
import fr from '#domain/messages/fr';
import frProse from '#domain/messages/pages/fr';
import { setCatalogue } from '../../../lib/i18n.ts';
import { renderWithProviders, stubMatchMedia } from '../../../testing/render.tsx';
import { AboutPage, CSV_COLUMN_NAMES } from './about-page.tsx';

const ODBL = 'Open Database License (ODbL) v1.0';

describe('the about page', () => {
  beforeEach(stubMatchMedia);
  afterEach(cleanup);

  it('explains the data licence, the photo licences and the export, in English', () => {
    renderWithProviders(<AboutPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'About Atlas of Buildings' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'The data: ODbL 1.0' })).toBeTruthy();
    expect(screen.getByRole('link', { name: ODBL }).getAttribute('href')).toBe(
      'https://opendatacommons.org/licenses/odbl/1-0/',
    );
    // The sentence around the link reads as one.
    expect(screen.getByRole('link', { name: ODBL }).parentElement?.textContent).toMatch(
      /is open data under the Open Database License \(ODbL\) v1\.0\. You may copy, share/,
    );
    expect(screen.getByText(/\(the default\): Anyone may reuse it, crediting you/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'The explore screen' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'see the API documentation' })).toBeTruthy();
  });

  it("lists the CSV export's columns as the export writes them", () => {
    expect(CSV_COLUMN_NAMES).toEqual(CSV_COLUMNS);
  });

  it('speaks French on a French page, links and licence names kept', () => {
    // The pages' prose comes with the page's code (i18n-pages.ts), the rest with the page.
    setCatalogue('fr', { ...fr, ...frProse });
    renderWithProviders(<AboutPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'À propos d’Atlas of Buildings' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Les données : ODbL 1.0' })).toBeTruthy();
    expect(screen.getByRole('link', { name: ODBL }).parentElement?.textContent).toMatch(
      /est publié en données ouvertes sous la licence Open Database License \(ODbL\) v1\.0\. Vous pouvez/,
    );
    expect(screen.getByRole('link', { name: 'Confidentialité' }).getAttribute('href')).toBe('/privacy');
    expect(screen.getByText(/\(par défaut\): Chacun peut la réutiliser en vous citant/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'voir la documentation de l’API' })).toBeTruthy();
  });
});
