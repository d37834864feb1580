// Values a JSON Schema describes, to hold two schemas side by side: what one side's schema allows
// at its fullest (every optional key, an item in every list, each alternative) must be something
// the other side's schema accepts. Strings are made to fit their format, pattern and name.
type Json = Record<string, unknown>;

/** Which alternative a sample takes at every union (type list, anyOf, oneOf, enum). */
export type Branch = 'first' | 'last';

export const ID_SAMPLE = '0123456789abcdef01234567';
const KNOWN_PATTERNS: Record<string, string> = { '^[0-9a-f]{24}$': ID_SAMPLE };

function pick<T>(items: readonly T[], branch: Branch): T {
  return (branch === 'first' ? items[0] : items[items.length - 1]) as T;
}

function stringSample(schema: Json, name: string): string {
  if (typeof schema.pattern === 'string') {
    const known = KNOWN_PATTERNS[schema.pattern];
    if (known === undefined) throw new Error(`no sample for the pattern ${schema.pattern} (${name})`);
    return known;
  }
  // A moment: `createdAt`, `expiredAt`.
  if (schema.format === 'date-time' || /At$/.test(name)) return '2026-11-28T01:02:03.000Z';
  if (schema.format === 'date') return '2026-11-28';
  if (schema.format === 'email' || name === 'email') return 'alice@example.com';
  if (schema.format === 'uri' || schema.format === 'url') return 'https://example.com/';
  // A name says what a free string holds: an id, a path.
  if (/(^_id$|_id$|Id$|^id$)/.test(name)) return ID_SAMPLE;
  if (/path$/i.test(name)) return '/Sandbox/Sample';
  const text = 'sample';
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  return text.padEnd(min, 'x');
}

export interface SampleOptions {
  branch: Branch;
  /** Only the keys an object requires (`false`: every key it names). */
  requiredOnly?: boolean;
  /** Values for keys of these names, where a name says more than its schema (a type tag). */
  named?: Record<string, unknown>;
  /** Follows `$ref`s of the document the schema comes from. */
  resolve?: (ref: string) => Json;
}

/** A value the schema accepts, as full as asked. */
export function sampleOf(schema: Json, options: SampleOptions, name = ''): unknown {
  const { branch, resolve } = options;
  if (options.named && name in options.named) return options.named[name];
  if (typeof schema.$ref === 'string') {
    if (!resolve) throw new Error(`a $ref with nothing to resolve it: ${schema.$ref}`);
    return sampleOf(resolve(schema.$ref), options, name);
  }
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return pick(schema.enum, branch);
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (Array.isArray(schema[key])) return sampleOf(pick(schema[key] as Json[], branch), options, name);
  }
  if (Array.isArray(schema.allOf)) {
    const parts = (schema.allOf as Json[]).map((part) => sampleOf(part, options, name));
    return Object.assign({}, ...parts.filter((part) => part && typeof part === 'object'));
  }
  const type = Array.isArray(schema.type) ? pick(schema.type as string[], branch) : schema.type;
  if (schema.nullable === true && branch === 'last') return null;
  switch (type) {
    case 'null':
      return null;
    case 'boolean':
      return true;
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? Math.max(schema.minimum, 1) : 1;
    case 'string':
      return stringSample(schema, name);
    case 'array':
      // An item of `pageIds` is a `pageId`.
      return [sampleOf((schema.items as Json | undefined) ?? {}, options, name.replace(/s$/, ''))];
    case 'object':
    case undefined: {
      const properties = (schema.properties as Record<string, Json> | undefined) ?? {};
      const required = (schema.required as string[] | undefined) ?? [];
      const keys = Object.keys(properties).filter((key) => !options.requiredOnly || required.includes(key));
      if (type === undefined && keys.length === 0) return 'any';
      // A map its spec does not spell out (`pageIdToRevisionIdMap`): one entry, id to id.
      if (keys.length === 0 && /Map$/.test(name)) return { [ID_SAMPLE]: ID_SAMPLE };
      return Object.fromEntries(keys.map((key) => [key, sampleOf(properties[key]!, options, key)]));
    }
    default:
      throw new Error(`no sample for the type ${String(type)} (${name})`);
  }
}
