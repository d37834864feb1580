// Snippets and highlighted paths for results: the page text is HTML-escaped and the only markup
// added is <em> around the searched words, so a client may insert it as HTML. Snippets show the text
// a reader sees, not the Markdown that formats it.
import { markdownToText } from './markdown-text';
import { CJK_CHAR } from './tokenizer';

const SNIPPET_LENGTH = 160;
/** Text kept before the first match, so the snippet shows the word in context. */
const LEAD = 40;

const HTML_SPECIAL = /[&<>"']/;
const HTML_SPECIALS = /[&<>"']/g;
const HTML_ENTITY: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** One pass, and none for text with nothing to escape (most of it): snippets are made on every search. */
export function escapeHtml(text: string): string {
  return HTML_SPECIAL.test(text) ? text.replace(HTML_SPECIALS, (ch) => HTML_ENTITY[ch] ?? ch) : text;
}

const LETTER = /[\p{L}\p{N}\p{M}_]/u;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const isLetter = (ch: string | undefined) => ch !== undefined && LETTER.test(ch);

/** A phrase's words, split where the phrase check splits them (anything but letters). */
const wordsOf = (phrase: string) => phrase.split(/[^\p{L}\p{N}\p{M}]+/u).filter(Boolean);

/** How many characters may stand between two words of a phrase in a snippet. */
const GAP = 64;

/**
 * A phrase's words with a short lazy gap between them; spansWords then checks the gaps hold no
 * letters. A class of non-letters in the pattern took 0.5 ms to compile, on every search.
 */
const phrasePart = (words: string[]) => words.map(escapeRegExp).join(`[^]{1,${GAP}}?`);

/** Whether `text` is the words (as the pattern matched them) with only non-letters between. */
function spansWords(text: string, words: string[]): boolean {
  let at = 0;
  for (const [i, word] of words.entries()) {
    if (i > 0) {
      const gapStart = at;
      while (at < text.length && !isLetter(text[at])) at++;
      if (at === gapStart) return false;
    }
    if (text.slice(at, at + word.length).toLowerCase() !== word) return false;
    at += word.length;
  }
  return at === text.length;
}

const alternatives = (parts: string[]) => [...new Set(parts)].sort((a, b) => b.length - a.length).join('|');

/**
 * Finds the searched words and phrases in a text, case-insensitively: a word at the start of a
 * word, with the rest of the longer form it begins (CJK, which has no word starts, anywhere), a
 * phrase with anything but letters between its words. Word starts and ends are checked by hand:
 * Unicode classes (or empty groups) around the words in the pattern made it 8–15 times slower (V8
 * can no longer scan for the words' letters), which was a third of a search at 100k pages.
 */
export class WordsMatcher {
  private readonly pattern: RegExp;
  /** The group holding the words to extend to whole words, if any. */
  private readonly wordGroup: number;
  /** Whether group 1 holds the phrases and CJK words (found as they are, gaps checked by hand). */
  private readonly hasPhrases: boolean;
  /** Phrases (and CJK words) as lowercase words: what a match of the first group must span. */
  private readonly phrases: string[][];

  constructor(words: string[], phrases: string[]) {
    const trimmed = words.map((w) => w.trim()).filter(Boolean);
    const latin = alternatives(trimmed.filter((w) => !CJK_CHAR.test(w)).map(escapeRegExp));
    // Longest first so "handbook" wins over "hand"; phrases and CJK words are found as they are.
    this.phrases = [
      ...phrases.map(wordsOf).filter((w) => w.length > 0),
      ...trimmed.filter((w) => CJK_CHAR.test(w)).map((w) => [w]),
    ].map((ws) => ws.map((w) => w.toLowerCase()));
    const asIs = alternatives(this.phrases.map(phrasePart));
    const groups = [asIs, latin].filter(Boolean).map((part) => `(${part})`);
    this.hasPhrases = asIs !== '';
    this.wordGroup = latin ? groups.length : 0;
    this.pattern = new RegExp(groups.join('|') || '(?!)', 'giu');
  }

  /** Start and end of each match, in order, never overlapping. */
  *matches(text: string): Generator<[number, number]> {
    const pattern = new RegExp(this.pattern); // its own lastIndex: callers may interleave texts
    let match: RegExpExecArray | null;
    while ((match = pattern.exec(text)) !== null) {
      const start = match.index;
      const found = match[0];
      let end = start + found.length;
      if (end === start) {
        pattern.lastIndex++;
        continue;
      }
      if (this.hasPhrases && match[1] !== undefined) {
        if (!this.phrases.some((words) => spansWords(found, words))) {
          pattern.lastIndex = start + 1; // letters between the words: look further on
          continue;
        }
      } else if (this.wordGroup > 0 && match[this.wordGroup] !== undefined) {
        if (isLetter(text[start - 1])) continue; // inside a word: not what was searched
        while (isLetter(text[end])) end++;
        pattern.lastIndex = end;
      }
      yield [start, end];
    }
  }

  /** Where the first match starts, or 0. */
  first(text: string): number {
    for (const [start] of this.matches(text)) return start;
    return 0;
  }
}

/** The matcher for a query's words and phrases, or null when it has none. */
export function wordsPattern(words: string[], phrases: string[] = []): WordsMatcher | null {
  return words.some((w) => w.trim()) || phrases.some((p) => wordsOf(p).length > 0)
    ? new WordsMatcher(words, phrases)
    : null;
}

/** The text, escaped, with every match wrapped in <em>. */
export function highlight(text: string, pattern: WordsMatcher | null): string {
  if (!pattern) return escapeHtml(text);
  let out = '';
  let last = 0;
  for (const [start, end] of pattern.matches(text)) {
    out += `${escapeHtml(text.slice(last, start))}<em>${escapeHtml(text.slice(start, end))}</em>`;
    last = end;
  }
  return out + escapeHtml(text.slice(last));
}

/** How far a cut may move to reach a space, so the snippet starts and ends with whole words. */
const WORD_REACH = 20;

/** Where the snippet starts: `at`, or just after a space a little later (never past the match). */
function startAtWord(text: string, at: number, match: number): number {
  if (at === 0) return 0;
  const space = text.slice(at, Math.min(match, at + WORD_REACH)).search(/\s/);
  return space === -1 ? at : at + space + 1;
}

/** Where `count` characters (code points: an emoji is never cut in half) from `from` end. */
function afterChars(text: string, from: number, count: number): number {
  let at = from;
  for (let n = 0; n < count && at < text.length; n++) {
    const unit = text.charCodeAt(at);
    at += unit >= 0xd800 && unit <= 0xdbff && at + 1 < text.length ? 2 : 1;
  }
  return at;
}

/** The text from `from`, cut at a space near SNIPPET_LENGTH characters when it runs on. */
function cutAtWord(text: string, from: number): { kept: string; more: boolean } {
  const limit = afterChars(text, from, SNIPPET_LENGTH);
  if (limit >= text.length) return { kept: text.slice(from), more: false };
  const window = text.slice(from, afterChars(text, limit, 1));
  const space = window.lastIndexOf(' ');
  const kept = space >= window.length - WORD_REACH ? window.slice(0, space) : text.slice(from, limit);
  return { kept: kept.trimEnd(), more: true };
}

/**
 * About SNIPPET_LENGTH characters of the body's text around the first match (or its start),
 * highlighted, starting and ending at whole words. Only a window of the body is read: from the
 * start of the line a little before the first match, so marks at the start of a line are
 * recognised, to well past the snippet's end.
 */
export function snippetOf(body: string, pattern: WordsMatcher | null): string {
  let from = 0;
  let first = 0;
  if (pattern) {
    first = pattern.first(body);
    const back = Math.max(0, first - LEAD * 4);
    const lineStart = body.lastIndexOf('\n', back) + 1;
    // A very long line is cut where it must be; its start-of-line marks are far away anyway.
    from = back - lineStart > SNIPPET_LENGTH ? back : lineStart;
  }
  const end = first + SNIPPET_LENGTH * 4;
  const text = markdownToText(body.slice(from, end));
  let start = 0;
  if (pattern) {
    const match = pattern.first(text);
    start = startAtWord(text, Math.max(0, match - LEAD), match);
  }
  const { kept, more } = cutAtWord(text, start);
  return `${from > 0 || start > 0 ? '…' : ''}${highlight(kept, pattern)}${more || end < body.length ? '…' : ''}`;
}
