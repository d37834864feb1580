import { describe, expect, it } from 'vitest';
import {
  PATH_ERRORS,
  RESERVED_TOP_LEVEL_AREAS,
  convertToNewAffiliationPath,
  encodeSpaces,
  formatDatePath,
  generateEditorPath,
  isCreatablePage,
  isPermalink,
  isTemplatePath,
  normalizePath,
  pathToUrl,
  splitPath,
} from '../../src/shared/page-path';

describe('isCreatablePage (SPEC §5)', () => {
  it.each([
    '/',
    '/Sandbox',
    '/Sandbox/Markdown',
    '/user/alice/memo/2026/11/22/Memo',
    '/user/alice/Notes',
    '/users',
    '/_searches',
    '/attachments-old',
    '/日本語のページ',
    '/中文页面',
    '/a b/c',
    '/a.b',
    '/a..b',
    '/a/.md/b',
    '/markdown.mdx',
    '/editor',
    '/foo/edits',
    '/apix',
    '/_apiary',
    '/trashcan',
    '/Admin',
    '/share-with-team',
    '/https',
    '/tags2',
    '/x-/y',
    '/-a/b',
    '/_rb',
  ])('%s is creatable', (path) => {
    expect(isCreatablePage(path)).toBe(true);
  });

  it.each([
    ['^', '/a^b'],
    ['$', '/a$b'],
    ['*', '/a*b'],
    ['+', '/a+b'],
    ['#', '/a#b'],
    ['%', '/a%20b'],
    ['?', '/a?b'],
  ])('refuses the character %s', (_char, path) => {
    expect(isCreatablePage(path)).toBe(false);
  });

  it.each([
    ['starts with /-/', '/-/foo'],
    ['starts with /_r/', '/_r/foo'],
    ['is /_api', '/_api'],
    ['starts with /_api/', '/_api/v3/page'],
    ['is /_apix', '/_apix'],
    ['starts with /_apix/', '/_apix/foo'],
    ['is an http address', 'http://example.com'],
    ['is an https address', 'https://example.com/a'],
    ['is an http address after a slash', '/http://example.com'],
    ['has two consecutive slashes', '/a//b'],
    ['has three consecutive slashes', '/a///b'],
    ['has a slash with spaces around it', '/a / b'],
    ['has a slash with tabs around it', '/a\t/\tb'],
    ['ends with /edit', '/foo/edit'],
    ['ends with .md', '/foo.md'],
    ['ends with .md in a subpage', '/a/README.md'],
    ['is exactly ..', '..'],
    ['has a .. segment', '/a/../b'],
    ['ends with a .. segment', '/a/..'],
    ['starts with a .. segment', '/../a'],
    ['has a segment starting with .. (GROWI)', '/..a'],
    ['has a backslash (GROWI)', '/a\\b'],
    ['has < (GROWI)', '/a<b'],
    ['has > (GROWI)', '/a>b'],
    ['is /_search, the search route', '/_search'],
    ['is under /_search', '/_search/x'],
    ['is under /attachment, the file route', '/attachment/abc'],
    ['is /user', '/user'],
    ['is a user home root', '/user/alice'],
    ['is 130 levels deep', '/a'.repeat(130)],
  ])('refuses a path that %s', (_reason, path) => {
    expect(isCreatablePage(path)).toBe(false);
  });

  it.each(RESERVED_TOP_LEVEL_AREAS.map((area) => [area]))(
    'refuses the reserved area /%s and below',
    (area) => {
      expect(isCreatablePage(`/${area}`)).toBe(false);
      expect(isCreatablePage(`/${area}/child`)).toBe(false);
      expect(isCreatablePage(`/${area}x`)).toBe(true);
    },
  );

  it('lists exactly the reserved areas of SPEC §2', () => {
    expect([...RESERVED_TOP_LEVEL_AREAS].sort()).toEqual(
      [
        'installer',
        'register',
        'login',
        'logout',
        'admin',
        'me',
        'files',
        'trash',
        'paste',
        'comments',
        'tags',
        'share',
      ].sort(),
    );
  });

  it('refuses /edit itself, which ends with /edit', () => {
    expect(isCreatablePage('/edit')).toBe(false);
  });

  it('accepts 129 levels', () => {
    expect(isCreatablePage('/a'.repeat(129))).toBe(true);
  });
});

/**
 * GROWI's own rule as the oracle: the patterns of `isCreatablePage` in @growi/core
 * (packages/core/src/utils/page-path-utils/index.ts), written out here as test data. Quire must
 * agree on every path below except the deliberate differences listed in docs/API.md.
 */
const GROWI_NOT_CREATABLE: RegExp[] = [
  /\^|\$|\*|\+|#|<|>|%|\?/,
  /^\/-\/.*/,
  /^\/_r\/.*/,
  /^\/_apix?(\/.*)?/,
  /^\/?https?:\/\/.+$/,
  /\/{2,}/,
  /\s+\/\s+/,
  /.+\/edit$/,
  /.+\.md$/,
  /^(\.\.)$/,
  /(\/\.\.)\/?/,
  /\\/,
  /^\/(_search|_private-legacy-pages|_news)(\/.*|$)/,
  /^\/(installer|register|login|logout|admin|me|files|trash|paste|comments|tags|share|attachment)(\/.*|$)/,
  /^\/user(?:\/[^/]+)?$/,
];
const growiIsCreatable = (path: string) => !GROWI_NOT_CREATABLE.some((p) => p.test(path));
/** SPEC §5 says "ends with /edit": Quire refuses `/edit` itself, which GROWI allows. */
const DELIBERATE_DIFFERENCES = new Set(['/edit']);

describe('isCreatablePage agrees with GROWI', () => {
  const heads = ['', '/user', '/user/bob', '/Team', '/_search', '/attachment', '/share', '/-', '/_r'];
  const tails = [
    '',
    '/edit',
    '/a.md',
    '/..',
    '/..x',
    '/x..',
    '/a<b',
    '/a>b',
    '/a\\b',
    '/a b',
    '/a / b',
    '/a//b',
    '/%',
    '/é',
    '/http://x',
    '/_api',
    '/_apix/y',
    '/Memo',
    '/日本',
  ];
  const paths = heads.flatMap((h) => tails.map((t) => h + t)).filter((p) => p !== '');

  it.each(paths)('%s', (path) => {
    const expected = DELIBERATE_DIFFERENCES.has(path) ? false : growiIsCreatable(path);
    expect(isCreatablePage(path)).toBe(expected);
  });
});

describe('generateEditorPath', () => {
  it('joins parts into an editor URL', () => {
    expect(generateEditorPath('/foo', 'bar')).toBe('/foo/bar#edit');
  });

  it('encodes spaces as %20 and ideographic spaces as %E3%80%80', () => {
    expect(generateEditorPath('/a b')).toBe('/a%20b#edit');
    expect(generateEditorPath('/a\u3000b')).toBe('/a%E3%80%80b#edit');
  });

  it("fails with 'Invalid characters on path' when the joined path is not creatable", () => {
    expect(() => generateEditorPath('/foo', 'b?r')).toThrow(PATH_ERRORS.invalidCharacters);
    expect(() => generateEditorPath('/foo/', 'bar')).toThrow('Invalid characters on path');
  });

  it("fails with 'Invalid path format' when the path cannot be parsed", () => {
    expect(() => generateEditorPath('/\uD800')).toThrow('Invalid path format');
  });
});

describe('encodeSpaces', () => {
  it('encodes both kinds of spaces and nothing else', () => {
    expect(encodeSpaces('/a b\u3000c/d')).toBe('/a%20b%E3%80%80c/d');
  });
});

describe('convertToNewAffiliationPath', () => {
  it("fails with 'Please input the new page path' when the new path is null", () => {
    expect(() => convertToNewAffiliationPath('/a', null, '/a/b')).toThrow('Please input the new page path');
  });

  it('replaces the old prefix case-insensitively', () => {
    expect(convertToNewAffiliationPath('/Docs', '/Manual', '/docs/intro')).toBe('/Manual/intro');
    expect(convertToNewAffiliationPath('/a.b', '/c', '/a.b/x')).toBe('/c/x');
    expect(convertToNewAffiliationPath('/a.b', '/c', '/aXb/x')).toBe('/aXb/x');
  });
});

describe('splitPath', () => {
  it('splits the root', () => {
    expect(splitPath('/')).toEqual({ isRoot: true, isFormerRoot: false, former: '', latter: '/' });
  });

  it('splits a top-level page with the root as its former part', () => {
    expect(splitPath('/foo')).toEqual({ isRoot: false, isFormerRoot: true, former: '/', latter: 'foo' });
  });

  it('splits a deep page at its last segment', () => {
    expect(splitPath('/a/b/c')).toMatchObject({ former: '/a/b', latter: 'c' });
  });

  it('keeps a trailing date together when asked', () => {
    expect(splitPath('/memo/2026/11/22', true)).toMatchObject({ former: '/memo', latter: '2026/11/22' });
    expect(splitPath('/memo/2026/11', true)).toMatchObject({ former: '/memo', latter: '2026/11' });
    expect(splitPath('/memo/2026', true)).toMatchObject({ former: '/memo', latter: '2026' });
    expect(splitPath('/2026/11/22', true)).toMatchObject({
      isFormerRoot: true,
      former: '/',
      latter: '2026/11/22',
    });
    expect(splitPath('/memo/12345/01', true)).toMatchObject({ former: '/memo/12345', latter: '01' });
    expect(splitPath('/memo/2026/11/22')).toMatchObject({ former: '/memo/2026/11', latter: '22' });
  });
});

describe('small helpers', () => {
  it('recognizes template paths', () => {
    expect(isTemplatePath('/a/_template')).toBe(true);
    expect(isTemplatePath('/a/__template')).toBe(true);
    expect(isTemplatePath('/a/___template')).toBe(false);
    expect(isTemplatePath('/a/template')).toBe(false);
  });

  it('recognizes permalinks', () => {
    expect(isPermalink('/6b025e1c1af7c2640e13ba11')).toBe(true);
    expect(isPermalink('/6b025e1c1af7c2640e13ba1')).toBe(false);
    expect(isPermalink('/a/6b025e1c1af7c2640e13ba11')).toBe(false);
  });

  it('normalizes slashes', () => {
    expect(normalizePath('foo')).toBe('/foo');
    expect(normalizePath('/foo/')).toBe('/foo');
    expect(normalizePath('/')).toBe('/');
  });

  it('encodes paths for URLs segment by segment', () => {
    expect(pathToUrl('/a b/日本')).toBe('/a%20b/%E6%97%A5%E6%9C%AC');
  });

  it('formats today’s date path as yyyy/MM/dd', () => {
    expect(formatDatePath(new Date(2026, 0, 5))).toBe('2026/01/05');
  });
});
