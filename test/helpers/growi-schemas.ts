// GROWI's response schemas for its in-scope operations (test/growi-api/), with the errata applied:
// whether an answer of Quire's is what GROWI's own server would send. An answer passes when it
// validates against the schema (types of what is there) and carries every top-level key the schema
// names (less those GROWI itself leaves out).
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import v1 from '../growi-api/openapi-v1.json';
import v3 from '../growi-api/openapi-v3.json';
import errata from '../growi-api/errata.json';

type Json = Record<string, unknown>;
type Api = 'v1' | 'v3';

const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** OpenAPI's `nullable` beside a `$ref` or `allOf` (no `type`) means "or null": Ajv wants a type. */
function normalize(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(normalize);
  if (!node || typeof node !== 'object') return;
  const schema = node as Json;
  if (schema.nullable === true && schema.type === undefined) {
    delete schema.nullable;
    const rest = { ...schema };
    for (const key of Object.keys(schema)) delete schema[key];
    schema.anyOf = [rest, { type: 'null' }];
    normalize(rest);
    return;
  }
  // GROWI's spec lists answers as `oneOf` object shapes that overlap (no `required`), so any
  // answer matches several: it means "one of these shapes", which is `anyOf`.
  if (Array.isArray(schema.oneOf)) {
    schema.anyOf = schema.oneOf;
    delete schema.oneOf;
  }
  Object.values(schema).forEach(normalize);
}

function patched(api: Api): Json {
  const spec = structuredClone(api === 'v1' ? v1 : v3) as Json;
  for (const patch of errata.schemaPatches.filter((p) => p.api === api)) {
    const keys = patch.pointer
      .split('/')
      .slice(1)
      .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
    const last = keys.pop()!;
    let node = spec;
    for (const key of keys) node = node[key] as Json;
    if (!(last in node)) throw new Error(`erratum points nowhere: ${api} ${patch.pointer}`);
    node[last] = patch.schema;
  }
  normalize(spec);
  return spec;
}

const SPECS: Record<Api, Json> = { v1: patched('v1'), v3: patched('v3') };

// OpenAPI 3.0 schemas: `nullable` is Ajv's own; `example`, `discriminator`… are not JSON Schema.
const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
addFormats(ajv);
ajv.addSchema(SPECS.v1, 'v1');
ajv.addSchema(SPECS.v3, 'v3');

function resolve(api: Api, schema: Json | undefined): Json | undefined {
  let node = schema;
  while (node && typeof node.$ref === 'string') {
    const keys = node.$ref
      .split('/')
      .slice(1)
      .map((k) => k.replace(/~1/g, '/'));
    node = keys.reduce<Json>((at, key) => at[key] as Json, SPECS[api]);
  }
  return node;
}

/** The top-level keys a response schema names (through `allOf` too). */
function topKeys(api: Api, schema: Json): string[] {
  const own = Object.keys((schema.properties as Json | undefined) ?? {});
  const parts = ((schema.allOf as Json[] | undefined) ?? []).flatMap((part) => {
    const resolved = resolve(api, part);
    return resolved ? topKeys(api, resolved) : [];
  });
  return [...new Set([...own, ...parts])];
}

export interface Operation {
  api: Api;
  method: string;
  path: string;
}

interface Check {
  validate: ValidateFunction;
  keys: string[];
}

const checks = new Map<string, Check | null>();

/** The operation's 2xx JSON answer schema, compiled once; null when the spec gives none. */
function checkOf(op: Operation): Check | null {
  const id = `${op.api} ${op.method} ${op.path}`;
  if (checks.has(id)) return checks.get(id)!;
  const responses = ((SPECS[op.api].paths as Json)[op.path] as Json)[op.method.toLowerCase()] as Json;
  const codes = Object.keys((responses.responses as Json) ?? {}).filter((code) => code.startsWith('2'));
  let check: Check | null = null;
  for (const code of codes) {
    const content = ((responses.responses as Json)[code] as Json).content as Json | undefined;
    if (!content?.['application/json']) continue;
    const pointer = `/paths/${escape(op.path)}/${op.method.toLowerCase()}/responses/${code}/content/application~1json/schema`;
    const schema = resolve(op.api, (content['application/json'] as Json).schema as Json) ?? {};
    const optional = (errata.optionalKeys as Record<string, string[]>)[id] ?? [];
    check = {
      validate: ajv.compile({ $ref: `${op.api}#${pointer}` }),
      keys: topKeys(op.api, schema).filter((key) => !optional.includes(key)),
    };
    break;
  }
  checks.set(id, check);
  return check;
}

/** What is wrong with an answer in GROWI's eyes ([] when nothing; null when the spec has no schema). */
export function answerProblems(op: Operation, body: unknown): string[] | null {
  const check = checkOf(op);
  if (!check) return null;
  const problems: string[] = [];
  if (!check.validate(body))
    for (const error of check.validate.errors ?? [])
      problems.push(`${error.instancePath || '/'} ${error.message}`);
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const key of check.keys) if (!(key in body)) problems.push(`missing ${key}`);
  }
  return problems;
}

/** Follows a `$ref` of the operation's spec (errata applied). */
export const refResolver =
  (api: Api) =>
  (ref: string): Json =>
    resolve(api, { $ref: ref })!;

/** What GROWI's clients send: the query parameters as one object schema, and the JSON body's schema. */
export function requestOf(op: Operation): { query: Json; body: Json | null } {
  const spec = ((SPECS[op.api].paths as Json)[op.path] as Json)[op.method.toLowerCase()] as Json;
  const parameters = ((spec.parameters as Json[] | undefined) ?? []).map((p) => resolve(op.api, p)!);
  const inQuery = parameters.filter((p) => p.in === 'query');
  const query = {
    type: 'object',
    properties: Object.fromEntries(inQuery.map((p) => [p.name as string, (p.schema as Json) ?? {}])),
    required: inQuery.filter((p) => p.required === true).map((p) => p.name as string),
  };
  const content = (resolve(op.api, spec.requestBody as Json | undefined)?.content ?? {}) as Json;
  const json = content['application/json'] as Json | undefined;
  return { query, body: json ? (resolve(op.api, json.schema as Json) ?? null) : null };
}

/**
 * What Quire answers otherwise on purpose (docs/API.md, "Deliberate differences"), as the problems
 * GROWI's schemas find: a removed account's pages and revisions name no writer (Quire deletes the
 * account; GROWI keeps it renamed `deleted_at_…`). Where GROWI's schema wraps the page in "or null",
 * that one difference also fails the wrapper.
 */
const WRITER_GONE = /\/(creator|lastUpdateUser|author) must be (object|string)$/;
/** The top page may be restricted in Quire (GROWI's may not): a reader who may not read it gets null. */
const ROOT_HIDDEN = '/rootPage must be object';
/** Quire writes no site URL or password seed into an archive when it has none (null, not ''). */
const ARCHIVE_UNSET = /\/meta\/(url|passwordSeed) must be string$/;
const WRAPPER = /^(\/\w+)+ must (be null|match a schema in anyOf)$/;
export function notDeliberate(problems: string[]): string[] {
  const writerGone = problems.some((problem) => WRITER_GONE.test(problem));
  return problems.filter(
    (problem) =>
      problem !== ROOT_HIDDEN &&
      !ARCHIVE_UNSET.test(problem) &&
      !WRITER_GONE.test(problem) &&
      !(writerGone && WRAPPER.test(problem)),
  );
}
