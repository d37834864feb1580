// Payloads of the search API (GET /_api/search, GET /_api/v3/search, /_api/v3/search/indices).

/** SPEC §4: the search service's connection; Quire's index is in process, so "unconfigured" never occurs. */
export type SearchConnectionStatus = 'connected' | 'disconnected' | 'error';
/** SPEC §4: the index is normalized (current), rebuilding, or broken (detected, rebuild pending). */
export type SearchIndexStatus = 'normalized' | 'rebuilding' | 'broken';

export interface SearchHitPage {
  _id: string;
  path: string;
  title: string;
  grant: number;
  tags: string[];
  updatedAt: string;
}

export interface SearchHit {
  data: SearchHitPage;
  meta: {
    /** Relevance (higher is better); 0 when the query has only filters. */
    score: number;
    /** HTML: escaped page text with <em> around the matches, nothing else. */
    snippet: string;
    highlightedPath: string;
  };
}

export interface SearchResponse {
  meta: { total: number; hitsCount: number; took: number };
  data: SearchHit[];
}

export interface SearchIndicesStatus {
  connection: SearchConnectionStatus;
  indexStatus: SearchIndexStatus;
  /** Pages indexed so far while rebuilding; null otherwise. */
  progress: { done: number; total: number } | null;
  documentCount: number;
  pageCount: number;
  sizeOnDisk: number;
  savedAt: string | null;
  lastError: string | null;
}
