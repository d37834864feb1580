// A route's contract: its method and path, what it accepts and what it answers, as JSON Schema
// (TypeBox). The server registers the route from it (validation of the request, serialization of
// the answer: server/lib/contract-route.ts), the web app takes its types from it (`AnswerOf`), and
// test/server/growi-contracts.test.ts holds each one that stands for a GROWI operation to GROWI's
// spec, so a drift on either side fails CI.
import { Type, type Static, type TProperties, type TSchema, type TUnsafe } from '@sinclair/typebox';
import { ID_PATTERN } from '../ids';

export { ID_PATTERN };

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Contract {
  /** The API it is mounted in: `/_api/v3` (Quire's own routes too) or `/_api` (GROWI's v1). */
  api: 'v1' | 'v3';
  method: Method;
  /** The path as GROWI's spec writes it, parameters in braces: `/page/{pageId}/publish`. */
  path: string;
  /** The GROWI operation it answers for (`v3 GET /share-links/`), when its spec path differs. */
  growiPath?: string;
  querystring?: TSchema;
  params?: TSchema;
  body?: TSchema;
  /** The answers by status; the first 2xx one is what the web app's types read. */
  response: Record<number, TSchema>;
}

export const defineContract = <const C extends Contract>(contract: C): C => contract;

type SchemaOr<S, Fallback> = S extends TSchema ? Static<S> : Fallback;
export type QueryOf<C extends Contract> = SchemaOr<C['querystring'], unknown>;
export type ParamsOf<C extends Contract> = SchemaOr<C['params'], unknown>;
export type BodyOf<C extends Contract> = SchemaOr<C['body'], unknown>;
type SuccessCode<C extends Contract> = Extract<keyof C['response'], 200 | 201 | 202 | 204>;
export type AnswerOf<C extends Contract> = Static<C['response'][SuccessCode<C>]>;

// Pieces the contracts share. Nullable is a type list rather than anyOf: the serializer writes a
// type list directly, where anyOf would make it validate the value to pick a branch.
export function Nullable<T extends TSchema>(schema: T): TUnsafe<Static<T> | null> {
  const { type } = schema as unknown as { type?: unknown };
  if (typeof type !== 'string') throw new Error('Nullable takes a schema of one type');
  return Type.Unsafe<Static<T> | null>({ ...schema, type: [type, 'null'] });
}

/** One of a few values (an enum, which the serializer writes directly where a union it would test). */
export const Enum = <const V extends readonly (string | number)[]>(
  values: V,
  type: 'string' | 'integer',
  fallback?: V[number],
) =>
  Type.Unsafe<V[number]>({
    type,
    enum: [...values],
    ...(fallback === undefined ? {} : { default: fallback }),
  });

/** Quire's ids: 24 hex digits, as GROWI's (MongoDB ObjectId) are (shared/ids.ts). */
export const Id = Type.String({ pattern: ID_PATTERN });
/** `?page=` of a paged list, from 1. */
export const PageNumber = Type.Integer({ minimum: 1, maximum: 10_000_000, default: 1 });
/** `?offset=` of an offset-paged list, from 0. */
export const Offset = Type.Integer({ minimum: 0, maximum: 1_000_000_000, default: 0 });

/** GROWI's older API's success: `{ ok: true, … }`. */
export const Ok = Type.Literal(true);
/** An answer with nothing to say: `{}`. */
export const Empty = Type.Object({});
/** A moment as ISO 8601 text (the serializer writes a Date the same way). */
export const DateTime = Type.String({ format: 'date-time' });
/** A page path as the request carries it (the page rules check it further). */
export const PathQuery = Type.String({ minLength: 1, maxLength: 2048 });

/**
 * A settings group's body (server/modules/settings/section.ts binds it to setting keys): these
 * fields only; `required` ones must come, the others may be left out, and `nullable` ones may be
 * null (a switch turned off).
 */
export function SettingsGroup(
  fields: TProperties,
  required: readonly string[],
  nullable: readonly string[] = [],
) {
  const properties = Object.fromEntries(
    Object.entries(fields).map(([name, schema]) => {
      if (required.includes(name)) return [name, schema];
      return [name, Type.Optional(nullable.includes(name) ? Nullable(schema) : schema)];
    }),
  );
  return Type.Object(properties, { additionalProperties: false });
}
