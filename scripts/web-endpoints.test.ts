import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { domainSchemaBuilders, ENDPOINT_FILE, stripEndpointSchemas } from './web-endpoints.ts';

const endpointsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'domain', 'endpoints');

describe('the endpoint descriptions of the web bundle', () => {
  it('keep method, path, auth and status codes; schemas become true and their imports go', () => {
    const code = [
      "import { z } from 'zod';",
      "import { LIMIT, itemSchema, itemQuerySchema } from '../items.ts';",
      "import { problemSchema } from '../problem.ts';",
      "import { defineEndpoint, type EndpointDocs } from './define.ts';",
      'const errors = { 400: problemSchema, 404: problemSchema };',
      'export const itemEndpoints = {',
      "  list: defineEndpoint({ method: 'GET', path: '/items', auth: 'none', query: itemQuerySchema,",
      "    responses: { 200: z.array(itemSchema).describe('Items'), ...errors } }),",
      "  remove: defineEndpoint({ method: 'DELETE', path: '/items/:id', auth: 'required',",
      '    responses: { 204: z.null(), ...errors } }),',
      '};',
      'export const limit = LIMIT;',
    ].join('\n');
    const out = stripEndpointSchemas(code, 'items.ts');
    expect(out).not.toMatch(/zod|Schema|z\./);
    expect(out).toContain("import { LIMIT } from '../items.ts';");
    expect(out).toContain("import { defineEndpoint, type EndpointDocs } from './define.ts';");
    expect(out).toContain('const errors = { 400: true, 404: true };');
    expect(out).toContain('query: true,\n    responses: { 200: true, ...errors }');
    expect(out).toContain('responses: { 204: true, ...errors }');
  });

  it('leave no schema in any of domain/endpoints', () => {
    const files = fs.readdirSync(endpointsDir).map((f) => path.join(endpointsDir, f));
    const feature = files.filter((f) => ENDPOINT_FILE.test(f));
    expect(feature.length).toBeGreaterThan(10);
    expect(feature.some((f) => f.endsWith('define.ts'))).toBe(true);
    expect(feature.some((f) => f.endsWith('index.ts'))).toBe(false);
    for (const file of feature) {
      const out = stripEndpointSchemas(fs.readFileSync(file, 'utf8'), file);
      // No module of schemas, nor zod, imported for run time.
      const valueImports = out.match(/^import (?!type ).*$/gm) ?? [];
      expect(
        valueImports.filter((line) => !/'\.\/define\.ts'|'\.\.\/[\w-]+\.ts'/.test(line)),
        file,
      ).toEqual([]);
      expect(valueImports.join('\n'), file).not.toMatch(/Schema\b|\bz\b|problem\.ts/);
      if (!file.endsWith('define.ts')) {
        const runtime = out.replace(/^import type .*$/gm, '').replace(/type \w+/g, '');
        expect(runtime, file).not.toMatch(/\bz\.|\w+Schema\b|from 'zod'/);
      }
    }
  });

  it('name z and the schema builders of domain/ as pure, and nothing common', () => {
    const names = domainSchemaBuilders();
    expect(names).toContain('z');
    expect(names).toContain('buildingDetailSchema');
    expect(names).toContain('integerParam');
    expect(names.every((n) => n === 'z' || n.length > 5)).toBe(true);
  });
});
