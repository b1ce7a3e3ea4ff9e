// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubBrowserApis } from '../testing/render.tsx';
import french from '#domain/messages/fr';
import { setCatalogue } from '../lib/i18n.ts';
import { ImageFields, ImageLicenseFields, type ImageFieldsValue } from './image-fields.tsx';

const blank: ImageFieldsValue = { type: null, description: '', captureYear: '' };

describe("One image's fields (product §2 and §5: type, description, capture year)", () => {
  beforeEach(stubBrowserApis);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows each caller's texts and limits, and marks what the form found wrong", () => {
    renderWithProviders(
      <ImageFields
        value={blank}
        onChange={() => {}}
        typePlaceholder="Select a type"
        captureYearMaxLength={10}
        typeMissing
        captureYearError="Capture year must be a year (YYYY)"
      />,
    );
    const type = screen.getByRole('combobox', { name: 'Type' });
    expect(type.getAttribute('placeholder')).toBe('Select a type');
    expect(type.getAttribute('aria-invalid')).toBe('true');
    const description = screen.getByRole('textbox', { name: 'Description' });
    expect(description.getAttribute('placeholder')).toBe('leave blank');
    // The server's limit of a description (domain/images.ts).
    expect(description.getAttribute('maxlength')).toBe('2000');
    const year = screen.getByRole('textbox', { name: 'Capture year' });
    expect(year.getAttribute('placeholder')).toBe('YYYY');
    expect(year.getAttribute('maxlength')).toBe('10');
    expect(year.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Capture year must be a year (YYYY)')).toBeTruthy();
  });

  it('reports one changed field at a time', () => {
    const onChange = vi.fn();
    renderWithProviders(
      <ImageFields
        value={blank}
        onChange={onChange}
        typePlaceholder="Choose a type"
        captureYearMaxLength={4}
      />,
    );
    expect(screen.getByRole('combobox', { name: 'Type' }).getAttribute('aria-invalid')).not.toBe('true');
    fireEvent.change(screen.getByRole('textbox', { name: 'Description' }), {
      target: { value: 'South front' },
    });
    expect(onChange).toHaveBeenLastCalledWith({ description: 'South front' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Capture year' }), { target: { value: '1999' } });
    expect(onChange).toHaveBeenLastCalledWith({ captureYear: '1999' });
  });
  it('speaks French: the labels, the image types, the licence explanation and the credit', async () => {
    setCatalogue('fr', french);
    renderWithProviders(
      <>
        <ImageFields
          value={blank}
          onChange={() => {}}
          typePlaceholder="Choisissez un type"
          captureYearMaxLength={4}
        />
        <ImageLicenseFields value={{ license: 'CC-BY-4.0', author: '' }} onChange={() => {}} />
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'Année de prise de vue' }).getAttribute('placeholder')).toBe(
      'AAAA',
    );
    expect(screen.getByRole('textbox', { name: 'Description' }).getAttribute('placeholder')).toBe(
      'facultatif',
    );
    fireEvent.click(screen.getByRole('combobox', { name: 'Type' }));
    expect(await screen.findByRole('option', { name: 'Intérieur' })).toBeTruthy();
    expect(screen.getByTestId('license-explanation').textContent).toContain(
      'Chacun peut la réutiliser à toutes fins, à condition de vous citer.',
    );
    expect(screen.getByRole('link', { name: 'Lire la licence' })).toBeTruthy();
    const credit = screen.getByRole('textbox', { name: 'Crédit' });
    expect(credit.getAttribute('placeholder')).toBe('Vide : votre identifiant');
  });
});
