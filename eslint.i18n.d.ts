// Types of eslint.i18n.js (the ESLint configuration stays JavaScript, which Node loads as it is).
import type { Linter, Rule } from 'eslint';

export const USER_VISIBLE_ATTRIBUTES: readonly string[];
export const UNTRANSLATED_TEXTS: ReadonlyMap<string, string>;
export function isMessageText(text: string): boolean;
export const noLiteralUiText: Rule.RuleModule;
export const uiText: Linter.Config[];
