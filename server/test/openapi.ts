/**
 * The API's routes as the app documents them (its OpenAPI document, made from the zod schemas):
 * security tests derive their requests from it, so routes added later are covered on their own.
 */
import type { FastifyInstance } from 'fastify';

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minLength?: number;
  minItems?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  path: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, unknown>;
}

export interface OpenApiDoc {
  paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export function openApiDoc(app: FastifyInstance): OpenApiDoc {
  return app.swagger() as unknown as OpenApiDoc;
}

/** Every documented /api operation (method upper-case, path with `{param}` placeholders). */
export function apiOperations(doc: OpenApiDoc): Operation[] {
  return Object.entries(doc.paths)
    .filter(([p]) => p.startsWith('/api/'))
    .flatMap(([p, ops]) =>
      Object.entries(ops).map(([m, op]) => ({ ...op, method: m.toUpperCase(), path: p })),
    );
}

export const pathParams = (op: Operation): Parameter[] =>
  (op.parameters ?? []).filter((p) => p.in === 'path');
export const queryParams = (op: Operation): Parameter[] =>
  (op.parameters ?? []).filter((p) => p.in === 'query');
export const bodySchemaOf = (op: Operation): JsonSchema | undefined =>
  op.requestBody?.content?.['application/json']?.schema;

/** Follows `$ref`s into the document's components (and a lone allOf). */
export function resolveSchema(doc: OpenApiDoc, schema: JsonSchema | undefined): JsonSchema {
  let s = schema ?? {};
  for (let i = 0; s.$ref && i < 10; i++) {
    const name = s.$ref.replace('#/components/schemas/', '');
    s = doc.components?.schemas?.[name] ?? {};
  }
  if (s.allOf?.length === 1) return resolveSchema(doc, s.allOf[0]);
  return s;
}

/** The JSON types a schema accepts ('integer' counts as 'number'). */
export function schemaTypes(doc: OpenApiDoc, schema: JsonSchema | undefined): Set<string> {
  const s = resolveSchema(doc, schema);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return new Set(alternatives.flatMap((a) => [...schemaTypes(doc, a)]));
  if (s.const !== undefined) return new Set([s.const === null ? 'null' : typeof s.const]);
  if (s.enum) return new Set(s.enum.map((v) => (v === null ? 'null' : typeof v)));
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (types.length === 0 && s.properties) return new Set(['object']);
  return new Set(types.map((ty) => (ty === 'integer' ? 'number' : ty)));
}
