import { describe, expect, it } from 'vitest';
import { acceptedLanguage, resolveLanguage, textDirection } from './languages.ts';

describe('resolveLanguage', () => {
  it('takes ?lang= first, then the cookie, then Accept-Language, then English', () => {
    expect(resolveLanguage({ query: 'fr', cookie: 'de', acceptLanguage: 'es' })).toBe('fr');
    expect(resolveLanguage({ query: null, cookie: 'de', acceptLanguage: 'es' })).toBe('de');
    expect(resolveLanguage({ cookie: undefined, acceptLanguage: 'es-MX,es;q=0.9' })).toBe('es');
    expect(resolveLanguage({})).toBe('en');
  });

  it('skips a language it does not have at each step', () => {
    expect(resolveLanguage({ query: 'xx', cookie: 'ja', acceptLanguage: 'ar' })).toBe('ja');
    expect(resolveLanguage({ query: 'FR', cookie: 'klingon', acceptLanguage: 'ar' })).toBe('ar');
    expect(resolveLanguage({ query: '', cookie: '', acceptLanguage: 'pt-BR, it;q=0.5' })).toBe('en');
  });
});

describe('acceptedLanguage', () => {
  it('orders by q weight and keeps the header order among equals', () => {
    expect(acceptedLanguage('en;q=0.5, de;q=0.9, fr;q=0.9')).toBe('de');
    expect(acceptedLanguage('ja, fr')).toBe('ja');
  });

  it('falls back from a region to its language and skips q=0, * and garbage', () => {
    expect(acceptedLanguage('de-AT')).toBe('de');
    expect(acceptedLanguage('fr;q=0, *, es;q=0.1')).toBe('es');
    expect(acceptedLanguage('fr;q=abc, ;;, ar')).toBe('ar');
    expect(acceptedLanguage('')).toBeNull();
    expect(acceptedLanguage(undefined)).toBeNull();
  });
});

describe('textDirection', () => {
  it('is right to left for Arabic only', () => {
    expect(textDirection('ar')).toBe('rtl');
    expect(['en', 'fr', 'de', 'es', 'ja'].map((l) => textDirection(l as 'en'))).toEqual(Array(5).fill('ltr'));
  });
});
