// FlexSearch's register of the document ids it holds, as bits. FlexSearch keeps a Set of every id
// (shared by the Document and its field indexes) and asks it has/add/delete/clear/size and for
// its keys; a Set of 100k numbers is about 2.5 MiB of hash table, these bits 14 KB. Quire's ids
// are small integers from 1 (page-index.ts), so the bits are dense.

export class DocIdSet {
  private words = new Uint32Array(64);
  private count = 0;

  get size(): number {
    return this.count;
  }

  has(id: number): boolean {
    if (!isDocId(id)) return false;
    const word = id >>> 5;
    return word < this.words.length && ((this.words[word] as number) & (1 << (id & 31))) !== 0;
  }

  add(id: number): this {
    if (!isDocId(id)) throw new Error(`not a document id: ${String(id)}`);
    const word = id >>> 5;
    if (word >= this.words.length) this.grow(word);
    const bit = 1 << (id & 31);
    if (!((this.words[word] as number) & bit)) {
      this.words[word] = (this.words[word] as number) | bit;
      this.count++;
    }
    return this;
  }

  delete(id: number): boolean {
    if (!this.has(id)) return false;
    const word = id >>> 5;
    this.words[word] = (this.words[word] as number) & ~(1 << (id & 31));
    this.count--;
    return true;
  }

  clear(): void {
    this.words.fill(0);
    this.count = 0;
  }

  *keys(): IterableIterator<number> {
    for (let word = 0; word < this.words.length; word++) {
      const bits = this.words[word] as number;
      if (bits === 0) continue;
      for (let bit = 0; bit < 32; bit++) if (bits & (1 << bit)) yield word * 32 + bit;
    }
  }

  values(): IterableIterator<number> {
    return this.keys();
  }

  [Symbol.iterator](): IterableIterator<number> {
    return this.keys();
  }

  private grow(word: number): void {
    let length = this.words.length;
    while (length <= word) length *= 2;
    const grown = new Uint32Array(length);
    grown.set(this.words);
    this.words = grown;
  }
}

const isDocId = (id: number) => Number.isInteger(id) && id >= 0 && id < 2 ** 31;
