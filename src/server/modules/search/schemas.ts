// JSON schemas of the search routes' inputs.

/** Longer queries are not searches but pasted documents; 1,000 characters covers any real one. */
export const MAX_QUERY_LENGTH = 1000;
export const MAX_LIMIT = 100;

const common = {
  q: { type: 'string', minLength: 1, maxLength: MAX_QUERY_LENGTH },
  offset: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
  limit: { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: 20 },
} as const;

export const legacySearchQuerystring = {
  type: 'object',
  required: ['q'],
  properties: common,
} as const;

export const searchQuerystring = {
  type: 'object',
  required: ['q'],
  properties: {
    ...common,
    sort: { type: 'string', enum: ['relevance', 'updatedAt'], default: 'relevance' },
    order: { type: 'string', enum: ['desc', 'asc'], default: 'desc' },
  },
} as const;

export const indicesBody = {
  type: 'object',
  required: ['operation'],
  properties: { operation: { type: 'string', enum: ['rebuild'] } },
} as const;

export interface SearchQuerystring {
  q: string;
  offset: number;
  limit: number;
  sort: 'relevance' | 'updatedAt';
  order: 'desc' | 'asc';
}
