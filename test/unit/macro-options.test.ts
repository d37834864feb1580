// SPEC §5 "Option parsing accepts N, N:M and N+M", with GROWI's meaning, and the `$lsx` arguments.
import { describe, expect, it } from 'vitest';
import {
  MacroOptionError,
  parseDepthOption,
  parseNumOption,
  parseRange,
} from '../../src/shared/macros/options';
import { findMacros, parseMacroArgs } from '../../src/shared/macros/args';
import {
  buildLsxTree,
  normalizeMacroPath,
  readLsxMacro,
  resolveMacroPath,
} from '../../src/shared/macros/lsx';

describe('parseRange', () => {
  it.each([
    ['1', { start: 1, end: 1 }],
    ['5', { start: 1, end: 5 }],
    ['2:1', { start: 2, end: 1 }],
    ['2:', { start: 2, end: -1 }],
    ['3:0', { start: 3, end: -1 }],
    ['10:-3', { start: 10, end: -3 }],
    ['5+2', { start: 5, end: 7 }],
    ['5+', { start: 5, end: 5 }],
    [' 4:6 ', { start: 4, end: 6 }],
  ])('%s', (text, range) => expect(parseRange(text)).toEqual(range));

  it.each(['', 'aaa', '5++2', '5:+2', '1:2:3', '1.5', '+3', '1e3', '1234567890'])('rejects %j', (text) =>
    expect(parseRange(text)).toBeNull(),
  );
});

describe('num', () => {
  it.each([
    ['10', { offset: 0, limit: 10 }],
    ['0', { offset: 0, limit: 0 }],
    ['1:10', { offset: 0, limit: 10 }],
    ['2:2', { offset: 1, limit: 1 }],
    ['3:', { offset: 2 }],
    ['3:-1', { offset: 2 }],
    // The issue: "N+M = M pages from N".
    ['5+2', { offset: 4, limit: 2 }],
    ['1+3', { offset: 0, limit: 3 }],
    ['5+0', { offset: 4, limit: 0 }],
  ])('%s', (text, window) => expect(parseNumOption(text)).toEqual(window));

  it.each([
    ['abc', 'invalid_range'],
    ['-1:10', 'range_start'],
    ['0:5', 'range_start'],
    ['3:2', 'range_end'],
    ['5++2', 'invalid_range'],
    ['0+3', 'range_start'],
  ])('refuses %s (%s)', (text, key) => {
    expect(() => parseNumOption(text)).toThrowError(MacroOptionError);
    try {
      parseNumOption(text);
    } catch (error) {
      expect((error as MacroOptionError).key).toBe(key);
      expect((error as MacroOptionError).params).toEqual({ option: 'num', value: text });
    }
  });
});

describe('depth', () => {
  it('reads N, N:M, N: and N+M', () => {
    expect(parseDepthOption('2')).toEqual({ start: 1, end: 2 });
    expect(parseDepthOption('2:3')).toEqual({ start: 2, end: 3 });
    expect(parseDepthOption('2:')).toEqual({ start: 2, end: -1 });
    expect(parseDepthOption('2+1')).toEqual({ start: 2, end: 3 });
  });
  it('refuses a start below 1, an end before the start and non-ranges', () => {
    for (const text of ['0', '0:2', '3:1', 'deep', '-2'])
      expect(() => parseDepthOption(text)).toThrow(MacroOptionError);
  });
});

describe('macro arguments', () => {
  it('reads paths, pairs, quoted values and flags', () => {
    expect(parseMacroArgs('/a/b, depth=2, sort="updatedAt", reverse, filter=\'x, y\'')).toEqual([
      { key: '/a/b', value: '' },
      { key: 'depth', value: '2' },
      { key: 'sort', value: 'updatedAt' },
      { key: 'reverse', value: '' },
      { key: 'filter', value: 'x, y' },
    ]);
    expect(parseMacroArgs('')).toEqual([]);
    expect(parseMacroArgs('x'.repeat(2000))).toBeNull();
  });

  it('finds only the named macros, with quoted parentheses kept', () => {
    const text = 'see $lsx(/a, filter=")") and $nope(1) and $ref(file.png) $lsx(';
    expect(findMacros(text, ['lsx', 'ref'])).toEqual([
      { name: 'lsx', args: '/a, filter=")"', index: 4, length: 20 },
      { name: 'ref', args: 'file.png', index: 42, length: 14 },
    ]);
  });

  it('turns $lsx arguments into a list request, relative to the page', () => {
    const macro = readLsxMacro(parseMacroArgs('child, num=2:3, depth=1, reverse, colour=red') ?? [], '/team');
    expect(macro).toEqual({
      prefix: '/team/child',
      options: { depth: { start: 1, end: 1 }, sort: 'path', reverse: true },
      query: { depth: '1', reverse: '' },
      num: { offset: 1, limit: 2 },
    });
    expect(readLsxMacro([], '/team').prefix).toBe('/team');
    expect(readLsxMacro(parseMacroArgs('prefix=/x') ?? [], '/team').prefix).toBe('/x');
    expect(() => readLsxMacro(parseMacroArgs('sort=name') ?? [], '/')).toThrow(MacroOptionError);
    expect(() => readLsxMacro(parseMacroArgs('filter=') ?? [], '/')).toThrow(MacroOptionError);
    expect(() => readLsxMacro(parseMacroArgs(`filter=${'a'.repeat(201)}`) ?? [], '/')).toThrow(
      MacroOptionError,
    );
  });

  it('resolves and normalizes paths', () => {
    expect(resolveMacroPath('../sib', '/a/b')).toBe('/a/sib');
    expect(resolveMacroPath('../../..', '/a')).toBe('/');
    expect(resolveMacroPath('/abs/', '/a')).toBe('/abs');
    expect(normalizeMacroPath('/a/')).toBe('/a');
    expect(normalizeMacroPath('/')).toBe('/');
    expect(normalizeMacroPath('a')).toBeNull();
    expect(normalizeMacroPath('/a//b')).toBeNull();
  });
});

describe('the $lsx tree', () => {
  it('nests listed pages under bare ancestors, below the prefix and its depth start', () => {
    const tree = buildLsxTree('/t', [
      { _id: '1', path: '/t/a' },
      { _id: '2', path: '/t/b/c' },
      { _id: '3', path: '/t/a/d' },
    ]);
    expect(tree).toEqual([
      { path: '/t/a', pageId: '1', children: [{ path: '/t/a/d', pageId: '3', children: [] }] },
      { path: '/t/b', children: [{ path: '/t/b/c', pageId: '2', children: [] }] },
    ]);
    expect(buildLsxTree('/t', [{ _id: '2', path: '/t/b/c' }], { start: 2, end: 2 })).toEqual([
      { path: '/t/b/c', pageId: '2', children: [] },
    ]);
  });
});
