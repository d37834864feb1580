// Payloads of the search API (GET /_api/search, GET /_api/v3/search, /_api/v3/search/indices).
import type { Static } from '@sinclair/typebox';
import type { AnswerOf } from './contracts/define';
import type { SearchHitSchema, SearchIndicesStatusSchema, search } from './contracts/search';

/** SPEC §4: the search service's connection; Quire's index is in process, so "unconfigured" never occurs. */
export type SearchConnectionStatus = SearchIndicesStatus['connection'];
/** SPEC §4: the index is normalized (current), rebuilding, or broken (detected, rebuild pending). */
export type SearchIndexStatus = SearchIndicesStatus['indexStatus'];
export type SearchHit = Static<typeof SearchHitSchema>;
export type SearchHitPage = SearchHit['data'];
export type SearchResponse = AnswerOf<typeof search>;
export type SearchIndicesStatus = Static<typeof SearchIndicesStatusSchema>;
