import fs from 'node:fs';
import {
  convertCssVariables,
  DEFAULT_THEME,
  deepMerge,
  defaultCssVariablesResolver,
  keys,
  mergeMantineTheme,
  type ConvertCSSVariablesInput,
} from '@mantine/core';
import { describe, expect, it } from 'vitest';
import fr from '#domain/messages/fr';
import { setCatalogue } from '../lib/i18n.ts';
import { cssVariablesResolver, theme } from './theme.ts';

/** A stylesheet's rules as selector → property → value, quotes and spacing made alike. */
function rules(css: string): Record<string, Record<string, string>> {
  const same = (text: string) => text.replace(/"/g, "'").replace(/\s+/g, ' ').trim();
  const result: Record<string, Record<string, string>> = {};
  for (const rule of css.replace(/\/\*[\s\S]*?\*\//g, '').split('}')) {
    const [selector, body] = rule.split('{');
    if (!body) continue;
    const declarations: Record<string, string> = {};
    for (const declaration of body.split(';')) {
      const colon = declaration.indexOf(':');
      if (colon > 0) declarations[same(declaration.slice(0, colon))] = same(declaration.slice(colon + 1));
    }
    result[same(selector!).replace(/\s*,\s*/g, ',')] = declarations;
  }
  return result;
}

/** What MantineProvider writes into the page for this theme (its MantineCssVariables, deduplicated). */
function mantineThemeVariables(): string {
  const full = mergeMantineTheme(DEFAULT_THEME, theme);
  const merged = deepMerge(defaultCssVariablesResolver(full), cssVariablesResolver(full));
  const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
  const cleaned: ConvertCSSVariablesInput = { variables: {}, light: {}, dark: {} };
  for (const part of ['variables', 'light', 'dark'] as const)
    for (const key of keys(merged[part])) {
      const value = merged[part][key];
      if (value !== undefined && defaults[part][key] !== value) cleaned[part][key] = value;
    }
  return convertCssVariables(cleaned);
}

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

  it('has its CSS variables in theme-variables.css, exactly those Mantine would write at the first render', () => {
    const sheet = fs.readFileSync(new URL('./theme-variables.css', import.meta.url), 'utf8');
    const computed = rules(mantineThemeVariables());
    expect(Object.keys(computed).length).toBeGreaterThan(1);
    expect(rules(sheet)).toEqual(computed);
  });
});
