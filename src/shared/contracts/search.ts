// Search (SPEC §4): GROWI's older `GET /_api/search`, Quire's `GET /_api/v3/search` (sort and
// order), and the admin's index routes.
import { Type } from '@sinclair/typebox';
import { DateTime, defineContract, Enum, Id, Nullable, Ok } from './define';

/** Longer queries are not searches but pasted documents; 1,000 characters covers any real one. */
export const MAX_QUERY_LENGTH = 1000;
export const MAX_LIMIT = 100;

const SearchQuery = {
  q: Type.String({ minLength: 1, maxLength: MAX_QUERY_LENGTH }),
  offset: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
  limit: Type.Integer({ minimum: 1, maximum: MAX_LIMIT, default: 20 }),
};

export const SearchHitSchema = Type.Object({
  data: Type.Object({
    _id: Id,
    path: Type.String(),
    title: Type.String(),
    grant: Type.Integer({ minimum: 1, maximum: 5 }),
    tags: Type.Array(Type.String()),
    updatedAt: DateTime,
  }),
  meta: Type.Object({
    /** Relevance (higher is better); 0 when the query has only filters. */
    score: Type.Number(),
    /** HTML: escaped page text with <em> around the matches, nothing else. */
    snippet: Type.String(),
    highlightedPath: Type.String(),
  }),
});

const SearchResult = {
  meta: Type.Object({
    total: Type.Integer({ minimum: 0 }),
    hitsCount: Type.Integer({ minimum: 0 }),
    took: Type.Number({ minimum: 0 }),
  }),
  data: Type.Array(SearchHitSchema),
};

export const search = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/search',
  querystring: Type.Object({
    ...SearchQuery,
    sort: Enum(['relevance', 'updatedAt'] as const, 'string', 'relevance'),
    order: Enum(['desc', 'asc'] as const, 'string', 'desc'),
  }),
  response: { 200: Type.Object(SearchResult) },
});

/** GROWI's older search call: the same results wrapped in `{ ok: true, … }`. */
export const legacySearch = defineContract({
  api: 'v1',
  method: 'GET',
  path: '/search',
  querystring: Type.Object(SearchQuery),
  response: { 200: Type.Object({ ok: Ok, ...SearchResult }) },
});

/** SPEC §4: the index's connection and state (Quire's index is in process). */
export const SearchIndicesStatusSchema = Type.Object({
  connection: Enum(['connected', 'disconnected', 'error'] as const, 'string'),
  indexStatus: Enum(['normalized', 'rebuilding', 'broken'] as const, 'string'),
  /** Pages indexed so far while rebuilding; null otherwise. */
  progress: Nullable(
    Type.Object({ done: Type.Integer({ minimum: 0 }), total: Type.Integer({ minimum: 0 }) }),
  ),
  documentCount: Type.Integer({ minimum: 0 }),
  pageCount: Type.Integer({ minimum: 0 }),
  sizeOnDisk: Type.Integer({ minimum: 0 }),
  savedAt: Nullable(DateTime),
  lastError: Nullable(Type.String()),
});

export const searchIndices = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/search/indices',
  // GROWI's answer is `{info}` (Elasticsearch's); the screen reads the status at the top level.
  response: {
    200: Type.Composite([SearchIndicesStatusSchema, Type.Object({ info: SearchIndicesStatusSchema })]),
  },
});

/**
 * GROWI's two operations: `normalize` brings the index up to date and answers when it is,
 * `rebuild` starts a rebuild and answers at once. Both answer GROWI's message and the status.
 */
export const searchIndicesOperation = defineContract({
  api: 'v3',
  method: 'PUT',
  path: '/search/indices',
  body: Type.Object({ operation: Enum(['rebuild', 'normalize'] as const, 'string') }),
  response: {
    200: Type.Composite([SearchIndicesStatusSchema, Type.Object({ message: Type.String() })]),
  },
});

/** GROWI reconnects to Elasticsearch here; Quire reloads a failed index or catches up. */
export const searchConnection = defineContract({
  api: 'v3',
  method: 'POST',
  path: '/search/connection',
  response: { 200: SearchIndicesStatusSchema },
});
