// The index's words in sorted order, so that a query word also finds the longer words that begin
// with it ("deplo" and "deploy" find "deployment"): FlexSearch finds whole terms only, so the word
// is widened to the indexed words it begins. The sorted array is built from the term maps when
// first needed, and packed (a loaded map's words are bytes, so the vocabulary's words are its own:
// packed-words.ts); words of pages added since wait in a small sorted side array, merged in when
// it grows, so a save never re-sorts the whole vocabulary.
import { lowerBound, MAX_WORD_LENGTH, PackedWords } from './packed-words';
import { CJK_CLASS } from './tokenizer';

/** CJK terms are characters and bigrams (see tokenizer.ts): substrings already, never widened. */
const CJK_START = new RegExp(`^[${CJK_CLASS}]`, 'u');
/** New words wait in the side array until there are this many, then join the main one. */
const RECENT_LIMIT = 4096;
/** Words noted before the vocabulary is next read; beyond this it is rebuilt from the maps instead. */
const NOTED_LIMIT = 200_000;

export const isWidenable = (term: string) => !CJK_START.test(term);

/** The first position in `sorted` whose word is not below `word`. */
const lowerBoundIn = (sorted: readonly string[], word: string) =>
  lowerBound(sorted.length, (i) => sorted[i] as string, word);

/** The main list or the side array, as longerForms reads them. */
interface WordList {
  length: number;
  at(i: number): string;
  lowerBound(word: string): number;
  lengthOf(i: number): number;
}

const packedList = (words: PackedWords): WordList => ({
  length: words.length,
  at: (i) => words.at(i),
  lowerBound: (word) => words.lowerBound(word),
  lengthOf: (i) => words.lengths[i] as number,
});

const arrayList = (words: readonly string[]): WordList => ({
  length: words.length,
  at: (i) => words[i] as string,
  lowerBound: (word) => lowerBoundIn(words, word),
  lengthOf: (i) => Math.min((words[i] as string).length, MAX_WORD_LENGTH + 1),
});

export class Vocabulary {
  private sorted: PackedWords | null = null;
  private recent: string[] = [];
  /** Terms of pages added since the last read (only once built; until then the maps say it all). */
  private noted: string[] = [];

  /** `terms` lists every indexed term (duplicates allowed): FlexSearch's term maps. */
  constructor(private readonly terms: () => Iterable<string>) {}

  /** Where the indexer puts the terms of a page it adds, or null while nothing needs them. */
  get sink(): string[] | null {
    if (this.sorted === null) return null;
    if (this.noted.length > NOTED_LIMIT) {
      this.sorted = null; // cheaper to rebuild once than to merge a bulk import word by word
      this.recent = [];
      this.noted = [];
      return null;
    }
    return this.noted;
  }

  /** Builds the sorted words now (after a load or a build), so no search waits for it. */
  warm(): void {
    this.current();
  }

  /**
   * Up to `limit` indexed words longer than `prefix` that begin with it, the shortest first (the
   * nearest to what was typed), then in alphabetical order.
   */
  longerForms(prefix: string, limit: number): string[] {
    const ranges = this.current().map((list) => {
      const from = list.lowerBound(prefix);
      const to = list.lowerBound(`${prefix}\uffff`);
      return { list, from: from < to && list.at(from) === prefix ? from + 1 : from, to };
    });
    // Without sorting a range of thousands (a short prefix): count the words of each length, then
    // take every word shorter than the length where the limit is reached and enough of that length.
    const byLength = new Int32Array(MAX_WORD_LENGTH + 2);
    for (const { list, from, to } of ranges) for (let i = from; i < to; i++) byLength[list.lengthOf(i)]! += 1;
    let cutLength = 0;
    let below = 0;
    while (cutLength < byLength.length - 1 && below + byLength[cutLength]! < limit)
      below += byLength[cutLength++]!;
    let atCut = limit - below;
    const found: string[] = [];
    for (const { list, from, to } of ranges) {
      for (let i = from; i < to; i++) {
        const length = list.lengthOf(i);
        if (length < cutLength) found.push(list.at(i));
        else if (length === cutLength && atCut > 0) {
          found.push(list.at(i));
          atCut--;
        }
      }
    }
    return found.sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
  }

  private current(): WordList[] {
    if (this.sorted === null) {
      const unique = new Set<string>();
      for (const term of this.terms()) if (isWidenable(term)) unique.add(term);
      this.sorted = PackedWords.of([...unique].sort());
      this.noted = [];
    }
    if (this.noted.length > 0) this.takeNoted();
    return [packedList(this.sorted), arrayList(this.recent)];
  }

  private takeNoted(): void {
    const sorted = this.sorted!;
    for (const term of new Set(this.noted)) {
      if (!isWidenable(term)) continue;
      if (sorted.has(term)) continue;
      const at = lowerBoundIn(this.recent, term);
      if (this.recent[at] !== term) this.recent.splice(at, 0, term);
    }
    this.noted = [];
    if (this.recent.length > RECENT_LIMIT) {
      this.sorted = sorted.merged(this.recent);
      this.recent = [];
    }
  }
}
