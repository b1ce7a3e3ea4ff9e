/**
 * The lint rule against untranslated text in components (eslint.i18n.js): it refuses JSX text
 * and user-visible attributes written as literals and takes them through t() / plural(); the
 * project's configuration applies it to web/src components, not to tests.
 */
import { fileURLToPath } from 'node:url';
import { ESLint, RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { noLiteralUiText } from '../eslint.i18n.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const ruleTester = new RuleTester({
  languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
});

ruleTester.run('no-literal-ui-text', noLiteralUiText, {
  valid: [
    "const a = <Button>{t('Save')}</Button>;",
    "const a = <TextInput label={t('Handle')} placeholder={t('Your handle')} />;",
    "const a = <Text>{plural('{count, plural, one {# building} other {# buildings}}', { count })}</Text>;",
    "const a = <Button aria-label={t('Close')} title={open ? t('Hide') : t('Show')} />;",
    // Not messages: no letters, names that stay the same, computed values, attributes no one reads.
    'const a = <Text>{year} · {count} × 2 →</Text>;',
    'const a = <Text>GeoJSON</Text>;',
    "const a = <Menu.Item label='CSV' />;",
    'const a = <Text title={building.name}>{building.name}</Text>;',
    "const a = <Box className='card' variant='light' data-testid='panel' href='/about' />;",
    "const a = <Text>{open && t('Open')}</Text>;",
  ],
  invalid: [
    { code: 'const a = <Button>Save</Button>;', errors: [{ messageId: 'text' }] },
    { code: "const a = <Text>{'Loading…'}</Text>;", errors: [{ messageId: 'text' }] },
    { code: "const a = <Text>{open ? 'Hide' : t('Show')}</Text>;", errors: [{ messageId: 'text' }] },
    { code: "const a = <Text>{failed && 'Try again'}</Text>;", errors: [{ messageId: 'text' }] },
    { code: 'const a = <Text>{`${count} buildings`}</Text>;', errors: [{ messageId: 'text' }] },
    { code: "const a = <TextInput label='Handle' />;", errors: [{ messageId: 'attribute' }] },
    {
      code: "const a = <ActionIcon aria-label={'Close'} title={`Close ${name}`} />;",
      errors: [{ messageId: 'attribute' }, { messageId: 'attribute' }],
    },
    { code: 'const a = <img alt="Photo of the building" />;', errors: [{ messageId: 'attribute' }] },
    {
      code: "const a = <Select placeholder='Pick one' nothingFoundMessage={t('Nothing')} />;",
      errors: [{ messageId: 'attribute', data: { name: 'placeholder', text: 'Pick one' } }],
    },
    // Letters of any script are text.
    { code: 'const a = <Text>Enregistrer</Text>;', errors: [{ messageId: 'text' }] },
  ],
});

describe("the project's configuration", () => {
  const root = fileURLToPath(new URL('..', import.meta.url));
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked });
  });

  /** The rule's messages for `code` as the file `file` (relative to the root). */
  async function untranslated(file: string, code: string) {
    const [result] = await eslint.lintText(code, { filePath: `${root}${file}` });
    return result!.messages.filter((m) => m.ruleId === 'atlas/no-literal-ui-text').map((m) => m.line);
  }

  const component = [
    "import { t } from '../../../lib/i18n.ts';",
    'export const Done = () => <p title={t("Done")}>Saved</p>;',
    '',
  ].join('\n');

  it('refuses a literal in a component of web/src and takes t()', async () => {
    expect(await untranslated('web/src/features/new-feature/components/done.tsx', component)).toEqual([2]);
  });

  it('leaves tests and the test helpers alone', async () => {
    expect(await untranslated('web/src/features/new-feature/components/done.test.tsx', component)).toEqual(
      [],
    );
    expect(await untranslated('web/src/testing/done.tsx', component)).toEqual([]);
  });
});
