// Snippets already written, so a search asked again (the same words, by anyone) reads no bodies
// and converts no Markdown for the pages it showed before (issue 32: snippets were a third of a
// search's time in the 200-user soak). An entry is for one document id of one index: the index
// gives a page a new id whenever it re-reads the page, so a changed body never meets an old
// snippet, and the service starts a new cache with each new index (whose ids start again).

/** About 300 bytes each: under a megabyte in all. */
const MAX_ENTRIES = 2_000;

/**
 * The snippet as a string of its own. As written, it is pieces of the text it was cut from (V8
 * keeps a slice or a concatenation as a view of its parts), so each entry held 2-3 KB, not 300
 * bytes. Searches for new words turn the cache over, and its entries were most of what outlived
 * a young collection: at 100k pages 0.8 MB was promoted per scavenge, 0.3 MB with copies, and the
 * pause went from about 2 ms to 1.5 (issue 32). A round trip through bytes always makes a new
 * string; about 1.5 µs for a snippet, and only when one is kept.
 */
const ownCopy = (snippet: string) => Buffer.from(snippet, 'utf8').toString('utf8');

export class SnippetCache {
  private readonly entries = new Map<string, string>();

  /** The key of a query's words and phrases (what a snippet highlights). */
  static queryKey(terms: readonly string[], phrases: readonly string[]): string {
    return JSON.stringify([terms, phrases]);
  }

  get(docId: number, queryKey: string): string | undefined {
    const key = `${docId}\n${queryKey}`;
    const snippet = this.entries.get(key);
    if (snippet === undefined) return undefined;
    // Most recently used last: Map iteration order is insertion order.
    this.entries.delete(key);
    this.entries.set(key, snippet);
    return snippet;
  }

  set(docId: number, queryKey: string, snippet: string): void {
    const key = `${docId}\n${queryKey}`;
    this.entries.delete(key);
    this.entries.set(key, ownCopy(snippet));
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
  }
}
