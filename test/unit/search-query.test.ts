import { describe, expect, it } from 'vitest';
import {
  emptySearchQuery,
  hasPositiveWords,
  isEmptySearchQuery,
  parseSearchQuery,
  withPrefix,
} from '../../src/shared/search-query';

const q = (overrides: Partial<ReturnType<typeof emptySearchQuery>>) => ({
  ...emptySearchQuery(),
  ...overrides,
});

describe('parseSearchQuery (SPEC §2 syntax)', () => {
  it('treats spaces as AND between words', () => {
    expect(parseSearchQuery('alpha  beta\tgamma')).toEqual(q({ terms: ['alpha', 'beta', 'gamma'] }));
  });

  it('excludes words with a leading minus', () => {
    expect(parseSearchQuery('alpha -beta')).toEqual(q({ terms: ['alpha'], excludedTerms: ['beta'] }));
  });

  it('keeps quoted text as one phrase, and excludes -"phrases"', () => {
    expect(parseSearchQuery('"release notes" -"draft only" x')).toEqual(
      q({ terms: ['x'], phrases: ['release notes'], excludedPhrases: ['draft only'] }),
    );
  });

  it('collapses whitespace inside a phrase and runs an unterminated quote to the end', () => {
    expect(parseSearchQuery('"a   b')).toEqual(q({ phrases: ['a b'] }));
  });

  it('reads prefix: and -prefix: as normalized paths', () => {
    expect(parseSearchQuery('prefix:/Team/ -prefix:Team/Old foo')).toEqual(
      q({ terms: ['foo'], prefixes: ['/Team'], excludedPrefixes: ['/Team/Old'] }),
    );
    expect(parseSearchQuery('prefix:"/Team Docs/a b"').prefixes).toEqual(['/Team Docs/a b']);
    expect(parseSearchQuery('prefix:/').prefixes).toEqual(['/']);
  });

  it('reads tag: and -tag:, case-insensitively for the key', () => {
    expect(parseSearchQuery('TAG:howto -tag:draft')).toEqual(q({ tags: ['howto'], excludedTags: ['draft'] }));
  });

  it('treats unknown key:value forms and URLs as plain words', () => {
    expect(parseSearchQuery('foo:bar https://x.test/a').terms).toEqual(['foo:bar', 'https://x.test/a']);
  });

  it('ignores a lone minus, empty quotes and empty filters (kept as words), and drops duplicates', () => {
    expect(parseSearchQuery('- "" prefix: tag: a a')).toEqual(q({ terms: ['prefix:', 'tag:', 'a'] }));
  });

  it('keeps CJK text without spaces as one word', () => {
    expect(parseSearchQuery('東京都 -大阪')).toEqual(q({ terms: ['東京都'], excludedTerms: ['大阪'] }));
  });
});

describe('query helpers', () => {
  it('isEmptySearchQuery is true only for blank input', () => {
    expect(isEmptySearchQuery(parseSearchQuery('   '))).toBe(true);
    expect(isEmptySearchQuery(parseSearchQuery('-x'))).toBe(false);
  });

  it('hasPositiveWords needs a word or a phrase', () => {
    expect(hasPositiveWords(parseSearchQuery('prefix:/a -b'))).toBe(false);
    expect(hasPositiveWords(parseSearchQuery('"b c"'))).toBe(true);
  });

  it('withPrefix adds the "This tree" scope once, quoting paths with spaces', () => {
    expect(withPrefix('foo', '/Team/')).toBe('foo prefix:/Team');
    expect(withPrefix('foo prefix:/Team', '/Team')).toBe('foo prefix:/Team');
    expect(withPrefix('foo', '/My Docs')).toBe('foo prefix:"/My Docs"');
    expect(parseSearchQuery(withPrefix('foo', '/My Docs')).prefixes).toEqual(['/My Docs']);
  });
});
