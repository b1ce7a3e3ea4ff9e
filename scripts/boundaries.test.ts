/**
 * The layers' boundaries as the project's ESLint configuration holds them (eslint.boundaries.js,
 * docs/architecture.md): each zone refuses a wrong import, spelt as a relative path or through an
 * alias, and lets a right one through. Lints text as if it were a file at the given path, with the
 * project's own configuration (type-aware rules off: they need a program, the zones do not).
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const RULE = 'import-x/no-restricted-paths';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked });
});

/** The messages ESLint gives `code` as the file `file` (relative to the root). */
async function lint(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: `${root}${file}` });
  return result!.messages.map((m) => ({ ruleId: m.ruleId, message: m.message }));
}

/** Expects exactly one boundary error, whose message says `why`. */
async function refused(file: string, code: string, why: string) {
  const messages = await lint(file, code);
  expect(messages, `${file}: ${code}`).toHaveLength(1);
  expect(messages[0]!.ruleId).toBe(RULE);
  expect(messages[0]!.message).toContain(why);
}

async function allowed(file: string, code: string) {
  expect(await lint(file, code), `${file}: ${code}`).toEqual([]);
}

describe('domain/ imports nothing of the server or the web app', () => {
  const why = 'domain/ is shared';

  it('refuses the server through its alias and the web app through a relative path', async () => {
    await refused('domain/new-rule.ts', "export * from '#server/config';\n", why);
    await refused('domain/new-rule.ts', "export * from '../web/src/lib/api-client.ts';\n", why);
    await refused('domain/endpoints/new.ts', "export type { Db } from '../../server/db/client.ts';\n", why);
  });

  it('takes domain/ itself and packages', async () => {
    await allowed(
      'domain/new-rule.ts',
      "export * from './users.ts';\nexport * from '#domain/images';\nexport { z } from 'zod';\n",
    );
  });
});

describe('the web app and the server never import each other', () => {
  it('refuses server code in the web app, through the alias too', async () => {
    await refused(
      'web/src/lib/new.ts',
      "export * from '#server/http/errors';\n",
      'does not import the server',
    );
    await refused(
      'web/src/app/new.ts',
      "export * from '../../../server/http/errors.ts';\n",
      'does not import the server',
    );
  });

  it('refuses web code in the server', async () => {
    await refused(
      'server/modules/pages/new.ts',
      "export * from '../../../web/src/app/router.tsx';\n",
      'does not import the web app',
    );
  });

  it('lets both take domain/', async () => {
    await allowed('web/src/lib/new.ts', "export * from '#domain/users';\n");
    await allowed(
      'server/modules/users/new.ts',
      "export * from '#domain/users';\nexport * from '../../../domain/images.ts';\n",
    );
  });
});

describe('web features import no other feature; web/src/app composes them', () => {
  const why = 'A web feature imports no other feature';

  it('refuses another feature, for types and lazy imports too', async () => {
    await refused(
      'web/src/features/user/components/new.tsx',
      "export * from '../../auth/api/logout.ts';\n",
      why,
    );
    await refused(
      'web/src/features/user/new.ts',
      "export type { SortOrder } from '../images/api/get-images.ts';\n",
      why,
    );
    await refused(
      'web/src/features/lists/new.ts',
      "export const load = () => import('../explore/components/explore-screen.tsx');\n",
      why,
    );
  });

  it('takes its own files, shared code and domain/', async () => {
    await allowed(
      'web/src/features/user/components/new.tsx',
      "export * from '../api/get-user.ts';\nexport * from '../../../lib/api-client.ts';\nexport * from '#domain/users';\n",
    );
  });

  it('lets web/src/app take any feature', async () => {
    await allowed(
      'web/src/app/routes/new.tsx',
      "export * from '../../features/auth/api/logout.ts';\nexport * from '../../features/user/api/get-user.ts';\n",
    );
  });

  it('refuses a feature in shared web code', async () => {
    await refused(
      'web/src/lib/new.ts',
      "export * from '../features/auth/api/logout.ts';\n",
      'Shared web code',
    );
    await refused(
      'web/src/components/new.tsx',
      "export * from '../features/user/api/get-user.ts';\n",
      'Shared web code',
    );
  });
});

describe('server/db, http, config, lib, storage, geo and analytics import no server module', () => {
  const why = 'sit below the modules';

  it('refuses a module, through the alias too', async () => {
    await refused('server/db/new.ts', "export * from '../modules/users/users.service.ts';\n", why);
    await refused('server/http/new.ts', "export * from '#server/modules/auth/auth.plugin';\n", why);
    await refused('server/config.ts', "export * from './modules/places/places.provider.ts';\n", why);
    await refused('server/config/new.ts', "export * from '../modules/places/places.provider.ts';\n", why);
    await refused('server/lib/new.ts', "export * from '../modules/votes/votes.service.ts';\n", why);
    await refused('server/storage/new.ts', "export * from '../modules/images/images.queries.ts';\n", why);
  });

  it('takes its own layer and lower ones', async () => {
    await allowed('server/http/new.ts', "export * from './errors.ts';\nexport * from '../db/client.ts';\n");
  });

  it('lets the demo seed take the architects service, and nothing else of the modules', async () => {
    await allowed('server/db/seed.ts', "export * from '../modules/architects/architects.service.ts';\n");
    await refused('server/db/seed.ts', "export * from '../modules/users/users.service.ts';\n", 'The seed');
  });
});

describe('server modules reach each other only through services', () => {
  const why = 'A server module reaches another only through its services';

  it("refuses another module's routes or internals", async () => {
    await refused(
      'server/modules/comments/new.ts',
      "export * from '../buildings/buildings.routes.ts';\n",
      why,
    );
    await refused('server/modules/votes/new.ts', "export * from '#server/modules/images/renditions';\n", why);
  });

  it("takes another module's service and queries, the auth hook and the metrics registry", async () => {
    await allowed(
      'server/modules/comments/new.ts',
      [
        "export * from '../votes/votes.service.ts';",
        "export * from '#server/modules/images/images.queries';",
        "export * from '../auth/auth.plugin.ts';",
        "export * from '../metrics/registry.ts';",
        "export * from './comments.service.ts';",
        '',
      ].join('\n'),
    );
  });

  it('lets through the listed exceptions only from the module they are listed for', async () => {
    await allowed('server/modules/export/new.ts', "export * from '../pages/page-head.ts';\n");
    await refused('server/modules/lists/new.ts', "export * from '../pages/page-head.ts';\n", why);
  });
});
