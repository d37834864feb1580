// A query word's longer forms ("deplo", "deploy" → "deployment"): the postings of the indexed words
// it begins (see Vocabulary), straight from FlexSearch's term maps — each is one term, so its map
// entry is exactly what FlexSearch's own search would hand over.
import { lookupIn, type TermMap } from './term-map';
import type { FieldPostings } from './page-index';
import { tokenize } from './tokenizer';
import { isWidenable, type Vocabulary } from './vocabulary';

/** Longer forms of a word count half as much as the word itself, so exact matches rank first. */
const LONGER_FORM_WEIGHT = 0.5;
/** A word is widened to at most this many longer forms, the shortest… */
const MAX_LONGER_FORMS = 32;
/**
 * …whose postings together stay within a budget: half a pass over every document id. The union of
 * many forms' postings is a scattered walk over the per-document arrays (about 15 ns a posting).
 */
const LONGER_FORM_BUDGET_PER_DOC = 0.5;
const LONGER_FORM_BUDGET_MIN = 20_000;
/** Words shorter than this match whole only: a single letter begins too much of the vocabulary. */
const MIN_WIDENED_LENGTH = 2;

/** One field's term map, with the weight and resolution its postings are scored by. */
export interface FieldMap {
  weight: number;
  resolution: number;
  map: TermMap | undefined;
}

/**
 * The postings of the shortest longer forms of `word`, up to MAX_LONGER_FORMS and the budget (a
 * form past it is left out; typing one more letter narrows the rest), at LONGER_FORM_WEIGHT.
 */
export function longerFormPostings(
  word: string,
  vocabulary: Vocabulary,
  fields: FieldMap[],
  docIdLimit: number,
): FieldPostings[] {
  const tokens = tokenize(word, true);
  const term = tokens[0];
  if (tokens.length !== 1 || term === undefined || !isWidenable(term)) return [];
  if ([...term].length < MIN_WIDENED_LENGTH) return [];
  let budget = Math.max(LONGER_FORM_BUDGET_MIN, LONGER_FORM_BUDGET_PER_DOC * docIdLimit);
  const out: FieldPostings[] = [];
  for (const form of vocabulary.longerForms(term, MAX_LONGER_FORMS)) {
    const postings = fields.flatMap(({ weight, resolution, map }) =>
      (map ? lookupIn(map, form) : []).map((buckets) => ({
        weight: weight * LONGER_FORM_WEIGHT,
        resolution,
        buckets,
      })),
    );
    let volume = 0;
    for (const { buckets } of postings) for (const ids of buckets) volume += ids?.length ?? 0;
    if (volume > budget) continue;
    budget -= volume;
    out.push(...postings);
  }
  return out;
}
