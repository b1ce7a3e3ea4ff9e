import { afterEach, describe, expect, it } from 'vitest';
import { setCatalogue } from '../i18n.ts';
import { yearErrors } from './building-fields.ts';
import { fieldError } from './field-message.ts';

const now = new Date(2026, 5, 1);

describe('building field messages in the page language', () => {
  afterEach(() => setCatalogue('en', {}));

  it('keeps the English messages as the schemas word them', () => {
    const message = yearErrors({ yearBuilt: '2100', yearDemolished: '' }, now).yearBuilt;
    expect(fieldError(message)).toBe('Year built must be between -10000 and 2026');
    expect(fieldError('Name is required')).toBe('Name is required');
    expect(fieldError(undefined)).toBeUndefined();
  });

  it('translates the year range with its years, and the fixed messages, in French', () => {
    setCatalogue('fr', {
      'Year demolished must be between {min} and {max}':
        'L’année de démolition doit être comprise entre {min} et {max}',
      'Year built must be a whole number': 'L’année de construction doit être un nombre entier',
      'Name is required': 'Le nom est obligatoire',
    });
    const errors = yearErrors({ yearBuilt: '1.5', yearDemolished: '3000' }, now);
    expect(fieldError(errors.yearDemolished)).toBe(
      'L’année de démolition doit être comprise entre -10000 et 2026',
    );
    expect(fieldError(errors.yearBuilt)).toBe('L’année de construction doit être un nombre entier');
    expect(fieldError('Name is required')).toBe('Le nom est obligatoire');
  });
});
