// Full-text search: keeps the in-memory index current from page events, persists it, rebuilds it
// in time slices when it is missing or broken, and answers queries for one viewer. Knows nothing
// of HTTP.
import { DEFAULT_SEARCH_WORKER_MIN_PAGES } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { EventBus } from '../../lib/events';
import type { AccessContext } from '../../policies/page-access';
import type { SearchQuery } from '../../../shared/search-query';
import type { SearchIndicesStatus, SearchResponse } from '../../../shared/search-types';
import { IndexLifecycle, type SearchLog } from './index-lifecycle';
import { titleOf, type PageIndex } from './page-index';
import { PageSource } from '../pages/index-source';
import { releaseScanMemory } from './scan-memory';
import { runQuery, type SearchOrder, type SearchSort } from './query-engine';
import { highlight, snippetOf, wordsPattern } from './snippets';
import { SnippetCache } from './snippet-cache';

export interface SearchRequest {
  query: SearchQuery;
  offset: number;
  limit: number;
  sort: SearchSort;
  order: SearchOrder;
}

/** Bodies one search keeps for its snippets (a page of results is at most 100 hits). */
const KEPT_BODIES = 200;

export const searchServiceError = () =>
  new AppError(503, 'search_service_error', 'errors.search_service_error');

export class SearchService {
  private readonly source: PageSource;
  /** Each index's snippets (its document ids are its own). */
  private readonly snippets = new WeakMap<PageIndex, SnippetCache>();
  readonly lifecycle: IndexLifecycle;

  constructor(db: Db, events: EventBus, dataDir: string, workerMinPages = DEFAULT_SEARCH_WORKER_MIN_PAGES) {
    this.source = new PageSource(db.$client);
    const file = db.$client.memory ? null : db.$client.name;
    this.lifecycle = new IndexLifecycle(this.source, events, { dataDir, dbFile: file, workerMinPages }, () =>
      releaseScanMemory(db.$client),
    );
  }

  /** Loads the saved index (or starts building one) without delaying the caller. */
  start(log: SearchLog): void {
    this.lifecycle.start(log);
  }

  get reachable(): boolean {
    return this.lifecycle.connection === 'connected';
  }

  /** The readable pages matching the query, one page of them, with snippets. */
  search(access: AccessContext, request: SearchRequest): SearchResponse {
    const started = performance.now();
    if (!this.reachable) throw searchServiceError();
    const index = this.lifecycle.current();
    // Bodies the phrase check read are the snippets' too: the pages shown are among them. Kept up
    // to a bound: a -"phrase" may read thousands of suspects in slices.
    const read = new Map<string, string>();
    const readBodies = (ids: string[]) => {
      const bodies = this.source.bodiesOf(ids);
      for (const [id, body] of bodies) if (read.size < KEPT_BODIES) read.set(id, body);
      return bodies;
    };
    const { total, page } = runQuery(index, request.query, access, readBodies, {
      by: request.sort,
      order: request.order,
      offset: request.offset,
      limit: request.limit,
    });
    const { terms, phrases } = request.query;
    const pattern = wordsPattern(terms, phrases);
    // Snippets kept from an earlier search of the same words; bodies are read for the rest only.
    const queryKey = SnippetCache.queryKey(terms, phrases);
    let cache = this.snippets.get(index);
    if (!cache) this.snippets.set(index, (cache = new SnippetCache()));
    const kept = cache;
    const snippets = page.map((h) => kept.get(h.docId, queryKey));
    const missing = page
      .filter((h, i) => snippets[i] === undefined && !read.has(h.facts.pageId))
      .map((h) => h.facts.pageId);
    if (missing.length > 0) readBodies(missing);
    if (snippets.includes(undefined)) {
      page.forEach(({ docId, facts }, i) => {
        if (snippets[i] !== undefined) return;
        snippets[i] = snippetOf(read.get(facts.pageId) ?? '', pattern);
        kept.set(docId, queryKey, snippets[i]);
      });
    }
    return {
      meta: {
        total,
        hitsCount: page.length,
        took: Math.round((performance.now() - started) * 100) / 100,
      },
      data: page.map(({ facts, score }, i) => ({
        data: {
          _id: facts.pageId,
          path: facts.path,
          title: titleOf(facts.path),
          grant: facts.grant,
          tags: facts.tags,
          updatedAt: new Date(facts.updatedAt).toISOString(),
        },
        meta: {
          score: Math.round(score * 1000) / 1000,
          snippet: snippets[i] ?? '',
          highlightedPath: highlight(facts.path, pattern),
        },
      })),
    };
  }

  status(): SearchIndicesStatus {
    return this.lifecycle.status(this.source.count());
  }

  /** Starts a full rebuild (the admin's button); searches keep using the old index meanwhile. */
  rebuild(): void {
    this.lifecycle.rebuild();
  }

  /** Loads the saved index again after a failed start, or catches up on missed pages. */
  async reconnect(): Promise<SearchIndicesStatus> {
    await this.lifecycle.reconnect();
    return this.status();
  }

  /** Searches wait for the saved index to be loaded at start-up (under a second at 100k pages). */
  whenLoaded(): Promise<void> {
    return this.lifecycle.whenLoaded();
  }

  whenIdle(): Promise<void> {
    return this.lifecycle.whenIdle();
  }

  close(): Promise<void> {
    return this.lifecycle.close();
  }
}
