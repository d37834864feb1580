// The search syntax of SPEC §2 (GROWI's): space is AND, `-word` excludes, `"a phrase"` matches the
// words in that order, and `prefix:/path`, `-prefix:/path`, `tag:name`, `-tag:name` filter.
// Pure and isomorphic: the server searches with it and the web app builds scoped queries with it.

export interface SearchQuery {
  terms: string[];
  excludedTerms: string[];
  phrases: string[];
  excludedPhrases: string[];
  prefixes: string[];
  excludedPrefixes: string[];
  tags: string[];
  excludedTags: string[];
}

type Field = keyof SearchQuery;

/** Where a `key:value` token goes, plain and negated. */
const FILTERS: Record<string, [Field, Field]> = {
  prefix: ['prefixes', 'excludedPrefixes'],
  tag: ['tags', 'excludedTags'],
};

export function emptySearchQuery(): SearchQuery {
  return {
    terms: [],
    excludedTerms: [],
    phrases: [],
    excludedPhrases: [],
    prefixes: [],
    excludedPrefixes: [],
    tags: [],
    excludedTags: [],
  };
}

/** A prefix filter as a page path: leading slash, no trailing slash (except the root itself). */
export function normalizePrefix(value: string): string {
  const withSlash = value.startsWith('/') ? value : `/${value}`;
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, '') || '/' : withSlash;
}

/** Splits on whitespace, keeping `"quoted text"` (also after `-` or `key:`) as one token. */
function tokenize(input: string): string[] {
  const tokens: string[] = [];
  let current = '';
  let quoted = false;
  for (const ch of input) {
    if (ch === '"') {
      quoted = !quoted;
      current += ch;
    } else if (!quoted && /\s/.test(ch)) {
      if (current) tokens.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  if (current) tokens.push(current);
  return tokens;
}

/** `"a b"` → `a b`; an unterminated quote runs to the end of the input. */
function unquote(value: string): { text: string; quoted: boolean } {
  if (!value.startsWith('"')) return { text: value, quoted: false };
  const end = value.endsWith('"') && value.length > 1 ? value.length - 1 : value.length;
  return { text: value.slice(1, end).replace(/"/g, '').trim().replace(/\s+/g, ' '), quoted: true };
}

function pushUnique(list: string[], value: string): void {
  if (value && !list.includes(value)) list.push(value);
}

export function parseSearchQuery(input: string): SearchQuery {
  const query = emptySearchQuery();
  for (const token of tokenize(input)) {
    const negated = token.startsWith('-') && token.length > 1;
    const body = negated ? token.slice(1) : token;
    const filter = /^([a-z]+):(.+)$/i.exec(body);
    const fields = filter ? FILTERS[(filter[1] ?? '').toLowerCase()] : undefined;
    if (filter && fields) {
      const value = unquote(filter[2] ?? '').text;
      const normalized = fields[0] === 'prefixes' ? normalizePrefix(value) : value;
      if (value) pushUnique(query[negated ? fields[1] : fields[0]], normalized);
      continue;
    }
    const { text, quoted } = unquote(body);
    if (!text || text === '-') continue;
    // A quoted single word is still a phrase: it must match as written, not as a stemmed term.
    if (quoted) pushUnique(negated ? query.excludedPhrases : query.phrases, text);
    else pushUnique(negated ? query.excludedTerms : query.terms, text);
  }
  return query;
}

/** True when the query asks for nothing (no word, phrase or filter). */
export function isEmptySearchQuery(query: SearchQuery): boolean {
  return Object.values(query).every((list: string[]) => list.length === 0);
}

/** True when the query has a positive word or phrase to match, not only filters or exclusions. */
export function hasPositiveWords(query: SearchQuery): boolean {
  return query.terms.length > 0 || query.phrases.length > 0;
}

/** The query with `prefix:<path>` added ("This tree" scope), unless it already has that prefix. */
export function withPrefix(input: string, path: string): string {
  const prefix = normalizePrefix(path);
  if (parseSearchQuery(input).prefixes.includes(prefix)) return input.trim();
  const token = /\s|"/.test(prefix) ? `prefix:"${prefix.replace(/"/g, '')}"` : `prefix:${prefix}`;
  return `${input.trim()} ${token}`.trim();
}
