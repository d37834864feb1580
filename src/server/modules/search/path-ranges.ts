// Pages by path in sorted order, so prefix:/path is a binary search for a range instead of a string
// test on every candidate (reading 100k scattered path strings costs more than the search itself).
// Built on the first prefix query after a load or build, then kept sorted on every change.

interface Entry {
  path: string;
  docId: number;
}

export class PathRanges {
  private sorted: Entry[] | null = null;

  constructor(private readonly allPaths: () => Iterable<[number, string]>) {}

  private entries(): Entry[] {
    if (!this.sorted) {
      this.sorted = [...this.allPaths()].map(([docId, path]) => ({ path, docId }));
      this.sorted.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.docId - b.docId));
    }
    return this.sorted;
  }

  /** The first position whose entry is not before (path, docId). */
  private lowerBound(list: Entry[], path: string, docId = -1): number {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const e = list[mid] as Entry;
      if (e.path < path || (e.path === path && e.docId < docId)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  added(docId: number, path: string): void {
    if (!this.sorted) return;
    this.sorted.splice(this.lowerBound(this.sorted, path, docId), 0, { path, docId });
  }

  removed(docId: number, path: string): void {
    if (!this.sorted) return;
    const at = this.lowerBound(this.sorted, path, docId);
    if (this.sorted[at]?.docId === docId) this.sorted.splice(at, 1);
  }

  /** Sets marks[docId] = value for every page at or under the prefix. */
  mark(prefix: string, marks: Uint8Array, value: number): void {
    const list = this.entries();
    if (prefix === '/') {
      for (const e of list) marks[e.docId] = value;
      return;
    }
    // Exactly the prefix, then everything starting with "prefix/" ('0' is the character after '/').
    for (let i = this.lowerBound(list, prefix); i < list.length && list[i]?.path === prefix; i++) {
      marks[(list[i] as Entry).docId] = value;
    }
    const end = this.lowerBound(list, `${prefix}0`);
    for (let i = this.lowerBound(list, `${prefix}/`); i < end; i++) marks[(list[i] as Entry).docId] = value;
  }
}
