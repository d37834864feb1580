// Turns text into index terms, the same way for pages and for queries. Latin-script words are
// whole lower-cased words (NFKC-folded, so full-width ＡＢＣ is abc). Japanese and Chinese have no
// spaces between words, so a run of CJK characters becomes its single characters and its
// character bigrams: 東京都庁 → 東 京 都 庁 東京 京都 都庁. A query word is tokenized alike and every
// token must match (AND), so 京都 finds 東京都庁 through its bigram and 京 alone finds it by the
// unigram — without a dictionary, for any CJK language.

/**
 * Han (with 々), kana (with the prolonged sound mark ー) and Hangul: scripts written without spaces,
 * as a character class body, for every part of search that must tell them apart.
 */
export const CJK_CLASS = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}々〆ー';
const CJK_RUN = new RegExp(`[${CJK_CLASS}]+`, 'gu');
/** A CJK character anywhere in a text. */
export const CJK_CHAR = new RegExp(`[${CJK_CLASS}]`, 'u');
const WORD = /[\p{L}\p{N}\p{M}_]+/gu;
/** Longer "words" are base64 blobs or hashes: not worth a slot in the index. */
const MAX_WORD_LENGTH = 48;

/** Case- and width-folded text, the form both tokens and phrase checks compare. */
export function foldText(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/** Link targets `](…)`: a phrase reads a link's text, never its address. */
const LINK_TARGET = /\]\([^)\s]*(?:\s+"[^"]*")?\)/g;
const NOT_A_LETTER = /[^\p{L}\p{N}\p{M}]+/gu;

/**
 * Text as a phrase compares it: folded, link targets dropped, and every run of spaces, punctuation
 * and Markdown marks one space — so "deployment plan" matches `*deployment* plan`,
 * `[deployment](/ops) plan` and a line break between the words.
 */
export function phraseForm(text: string): string {
  return phraseFormOfFolded(foldText(text));
}

/** phraseForm of text already folded (foldText). */
export function phraseFormOfFolded(folded: string): string {
  return folded.replace(LINK_TARGET, ' ').replace(NOT_A_LETTER, ' ');
}

function pushCjkRun(run: string, out: Set<string>, forQuery: boolean): void {
  const chars = [...run];
  // A query's run of 2+ characters needs only its bigrams: each implies its two characters.
  const unigrams = !forQuery || chars.length === 1;
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i] ?? '';
    if (unigrams) out.add(ch);
    if (i + 1 < chars.length) out.add(ch + (chars[i + 1] ?? ''));
  }
}

function pushWord(word: string, out: Set<string>, forQuery: boolean): void {
  let last = 0;
  for (const match of word.matchAll(CJK_RUN)) {
    const before = word.slice(last, match.index);
    if (before && before.length <= MAX_WORD_LENGTH) out.add(before);
    pushCjkRun(match[0], out, forQuery);
    last = match.index + match[0].length;
  }
  const rest = word.slice(last);
  if (rest && rest.length <= MAX_WORD_LENGTH) out.add(rest);
}

/** The distinct index terms of a text (`forQuery`: the fewest terms that still imply a match). */
export function tokenize(text: string, forQuery = false): string[] {
  const out = new Set<string>();
  for (const match of foldText(text).matchAll(WORD)) pushWord(match[0], out, forQuery);
  return [...out];
}
