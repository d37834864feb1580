// Snippets already written, so a search asked again (the same words, by anyone) reads no bodies
// and converts no Markdown for the pages it showed before (issue 32: snippets were a third of a
// search's time in the 200-user soak). An entry holds for the page's facts object it was written
// for: the index gives a page a new one whenever it re-reads the page, so a changed body never
// meets an old snippet.
import type { PageFacts } from './facts-table';

/** About 300 bytes each: under a megabyte in all. */
const MAX_ENTRIES = 2_000;

interface Entry {
  facts: PageFacts;
  snippet: string;
}

export class SnippetCache {
  private readonly entries = new Map<string, Entry>();

  /** The key of a query's words and phrases (what a snippet highlights). */
  static queryKey(terms: readonly string[], phrases: readonly string[]): string {
    return JSON.stringify([terms, phrases]);
  }

  get(facts: PageFacts, queryKey: string): string | undefined {
    const key = `${facts.pageId}\n${queryKey}`;
    const entry = this.entries.get(key);
    if (entry?.facts !== facts) return undefined;
    // Most recently used last: Map iteration order is insertion order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.snippet;
  }

  set(facts: PageFacts, queryKey: string, snippet: string): void {
    const key = `${facts.pageId}\n${queryKey}`;
    this.entries.delete(key);
    this.entries.set(key, { facts, snippet });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
  }
}
