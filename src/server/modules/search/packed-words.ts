// Sorted words packed into one buffer of UTF-8 bytes: the vocabulary's main list (vocabulary.ts).
// As an array of strings, 150k words at 100k pages took 5 MiB (a string header and a slot each);
// packed they take their bytes, an end offset and a length each, about 2 MiB. Words are made as
// strings only when compared or chosen.

/** The tokenizer's longest word (longer ones are never indexed); lengths are kept to this. */
export const MAX_WORD_LENGTH = 48;

/** The first of `count` sorted words (read by `at`) that is not below `word`. */
export function lowerBound(count: number, at: (i: number) => string, word: string): number {
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (at(mid) < word) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class PackedWords {
  private constructor(
    private readonly bytes: Buffer,
    /** Where each word's bytes end (the previous word's end is where they start). */
    private readonly ends: Int32Array,
    /** Each word's length in UTF-16 units, at most MAX_WORD_LENGTH + 1. */
    readonly lengths: Uint8Array,
  ) {}

  /** Words in JavaScript's string order (`sort()`), each once. */
  static of(sorted: readonly string[]): PackedWords {
    let byteLength = 0;
    for (const word of sorted) byteLength += Buffer.byteLength(word, 'utf8');
    const bytes = Buffer.allocUnsafeSlow(byteLength);
    const ends = new Int32Array(sorted.length);
    const lengths = new Uint8Array(sorted.length);
    let at = 0;
    sorted.forEach((word, i) => {
      at += bytes.write(word, at, 'utf8');
      ends[i] = at;
      lengths[i] = Math.min(word.length, MAX_WORD_LENGTH + 1);
    });
    return new PackedWords(bytes, ends, lengths);
  }

  get length(): number {
    return this.ends.length;
  }

  at(i: number): string {
    return this.bytes.toString('utf8', i === 0 ? 0 : this.ends[i - 1], this.ends[i]);
  }

  /** The first position whose word is not below `word` (in string order). */
  lowerBound(word: string): number {
    return lowerBound(this.length, (i) => this.at(i), word);
  }

  has(word: string): boolean {
    const at = this.lowerBound(word);
    return at < this.length && this.at(at) === word;
  }

  /** These words with `more` (sorted, none of them here) merged in: runs of bytes copied as they are. */
  merged(more: readonly string[]): PackedWords {
    const added = PackedWords.of(more);
    const count = this.length + added.length;
    const bytes = Buffer.allocUnsafeSlow(this.bytes.length + added.bytes.length);
    const ends = new Int32Array(count);
    const lengths = new Uint8Array(count);
    let byteAt = 0;
    let out = 0;
    let from = 0;
    const copyRun = (source: PackedWords, start: number, end: number) => {
      if (start >= end) return;
      const byteStart = start === 0 ? 0 : (source.ends[start - 1] as number);
      const shift = byteAt - byteStart;
      for (let i = start; i < end; i++) {
        ends[out] = (source.ends[i] as number) + shift;
        lengths[out++] = source.lengths[i] as number;
      }
      byteAt += source.bytes.copy(bytes, byteAt, byteStart, source.ends[end - 1]);
    };
    more.forEach((word, j) => {
      const to = this.lowerBound(word);
      copyRun(this, from, to);
      copyRun(added, j, j + 1);
      from = to;
    });
    copyRun(this, from, this.length);
    return new PackedWords(bytes, ends, lengths);
  }
}
