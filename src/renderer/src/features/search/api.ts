// Calls of the search API used by the web app.
import type { SearchIndicesStatus, SearchResponse } from '../../../../shared/search-types';
import { api } from '../../api/client';

export type SearchSort = 'relevance' | 'updatedAt';
export type SearchOrder = 'desc' | 'asc';

export interface SearchParams {
  q: string;
  offset?: number;
  limit?: number;
  sort?: SearchSort;
  order?: SearchOrder;
}

export function searchPages({ q, offset = 0, limit = 20, sort = 'relevance', order = 'desc' }: SearchParams) {
  const query = new URLSearchParams({ q, offset: String(offset), limit: String(limit), sort, order });
  return api.get<SearchResponse>(`/_api/v3/search?${query.toString()}`);
}

export const getSearchIndices = () => api.get<SearchIndicesStatus>('/_api/v3/search/indices');

export const rebuildSearchIndex = () =>
  api.put<SearchIndicesStatus>('/_api/v3/search/indices', { operation: 'rebuild' });
