import { describe, expect, it } from 'vitest';
import { highlight, snippetOf, wordsPattern } from '../../src/server/modules/search/snippets';
import { docOrder, newestFirst, TopK } from '../../src/server/modules/search/ranking';
import { tokenize } from '../../src/server/modules/search/tokenizer';
import { pageWindow } from '../../src/renderer/src/features/search/Pagination';

describe('tokenize', () => {
  it('folds case and width, and splits CJK runs into characters and bigrams', () => {
    expect(tokenize('Ｗｉｋｉ Page')).toEqual(['wiki', 'page']);
    expect(tokenize('東京都')).toEqual(['東', '東京', '京', '京都', '都']);
    expect(tokenize('東京都', true)).toEqual(['東京', '京都']);
    expect(tokenize('APIの使い方')).toEqual(['api', 'の', 'の使', '使', '使い', 'い', 'い方', '方']);
  });
});

describe('snippets', () => {
  it('escape everything and add only <em>, longest word first', () => {
    expect(highlight('<b>hand</b> handbook', wordsPattern(['hand', 'handbook']))).toBe(
      '&lt;b&gt;<em>hand</em>&lt;/b&gt; <em>handbook</em>',
    );
  });

  it('start shortly before the first match and mark cut ends with …', () => {
    const body = `${'lorem '.repeat(100)}needle ${'ipsum '.repeat(100)}`;
    const snippet = snippetOf(body, wordsPattern(['needle']));
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet).toContain('<em>needle</em>');
    expect(snippet.length).toBeLessThan(200);
  });

  it('show the text a reader sees, not the Markdown around it', () => {
    const body = [
      '# Release **plan**',
      '',
      '| Version | Date |',
      '|---|:---:|',
      '| 1.0 | 2024-05-01 |',
      '',
      '```js',
      'const answer = 42;',
      '```',
      '- [x] ship the [release notes](/notes) with `npm run dist`',
      '> ![diagram](/attachment/abc) <b>bold</b> ~~old~~ *new* C# 2 * 3',
    ].join('\n');
    const snippet = snippetOf(body, wordsPattern(['release']));
    expect(snippet).toBe(
      '<em>Release</em> plan Version Date 1.0 2024-05-01 const answer = 42; ship the <em>release</em> ' +
        'notes with npm run dist diagram bold old new C# 2 * 3',
    );
  });

  it('show each run of spaces, tabs and blank lines as one space, and no space at the ends', () => {
    const body = '  \n\tfirst   line\t\twith  tabs  \n\n\n   indented line\u00a0\u00a0end \r\n   \n';
    expect(snippetOf(body, wordsPattern(['line']))).toBe(
      'first <em>line</em> with tabs indented <em>line</em> end',
    );
    expect(highlight('a < b & "c"', null)).toBe('a &lt; b &amp; &quot;c&quot;');
  });

  it('show wiki links by their labels and drop macros, footnote marks and comments', () => {
    const body =
      'See [[Ops/Deploy|the deploy page]] and [[Runbook]] $lsx(/Ops, depth=1) here[^1] <!-- todo -->';
    expect(snippetOf(body, wordsPattern(['deploy']))).toBe('See the <em>deploy</em> page and Runbook here');
  });

  it('leave diagram sources out and read inline math without its dollars', () => {
    const body = ['Plan $a^2+b^2$ here.', '```mermaid', 'graph TD; A-->B;', '```', 'After the diagram.'].join(
      '\n',
    );
    expect(snippetOf(body, wordsPattern(['plan']))).toBe('<em>Plan</em> a^2+b^2 here. After the diagram.');
  });

  it('start and end at whole words', () => {
    const body = `${'alpha beta gamma '.repeat(10)}needle ${'delta epsilon zeta '.repeat(20)}`;
    const snippet = snippetOf(body, wordsPattern(['needle']));
    const text = snippet.replace(/^…|…$/g, '').replace(/<\/?em>/g, '');
    const words = new Set(['alpha', 'beta', 'gamma', 'needle', 'delta', 'epsilon', 'zeta']);
    expect(text.split(' ').every((word) => words.has(word))).toBe(true);
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
  });

  it('highlight the whole word a half-typed word begins, and phrases across marks', () => {
    expect(highlight('deployment redeploy', wordsPattern(['deplo']))).toBe('<em>deployment</em> redeploy');
    expect(highlight('the deployment, plan', wordsPattern([], ['deployment plan']))).toBe(
      'the <em>deployment, plan</em>',
    );
  });

  it('highlight a phrase only where nothing but marks stand between its words, in any case', () => {
    const phrase = wordsPattern([], ['deployment plan']);
    expect(highlight('deployment x plan, then Deployment — Plan', phrase)).toBe(
      'deployment x plan, then <em>Deployment — Plan</em>',
    );
    expect(highlight('deploymentx plan', phrase)).toBe('deploymentx plan');
    expect(highlight('deployment plan 東京', wordsPattern(['東京'], ['deployment plan']))).toBe(
      '<em>deployment plan</em> <em>東京</em>',
    );
  });

  it('find a match deep inside one very long line', () => {
    const body = `${'word '.repeat(5000)}needle ${'word '.repeat(100)}`;
    const snippet = snippetOf(body, wordsPattern(['needle']));
    expect(snippet).toContain('<em>needle</em>');
    expect(snippet.startsWith('…')).toBe(true);
  });

  it('never cut an emoji in half', () => {
    const snippet = snippetOf('😀'.repeat(300), null);
    expect([...snippet.replace('…', '')].every((ch) => ch === '😀')).toBe(true);
  });
});

describe('TopK', () => {
  it('keeps the k smallest in order, whatever the arrival order', () => {
    const lead = Float64Array.from({ length: 10 }, (_, n) => n);
    const top = new TopK(3, { compare: (a, b) => a - b, lead, sign: -1 });
    for (const n of [9, 4, 7, 1, 8, 2, 6]) top.offer(n);
    expect(top.ids).toEqual([1, 2, 4]);
  });

  it('ranks exact ties the same whether the hits are scanned from the first or the last', () => {
    const scores = new Float32Array([0, 2, 1, 1, 1, 1]);
    const updatedAt = new Float64Array([0, 5, 5, 5, 5, 9]);
    const order = docOrder({ scores, updatedAt }, 'relevance', 'desc');
    const ranked = (ids: number[]) => {
      const top = new TopK(3, order);
      for (const id of ids) top.offer(id);
      return top.ids;
    };
    // 1 scores best; 5 ties on score and is newer; 2, 3, 4 tie on both: the later document first.
    expect(ranked([1, 2, 3, 4, 5])).toEqual([1, 5, 4]);
    expect(ranked([5, 4, 3, 2, 1])).toEqual([1, 5, 4]);
    expect(newestFirst('updatedAt', 'asc')).toBe(false);
  });

  it('keeps what a full sort puts first, in every order, among many ties', () => {
    // Few distinct scores and times: most hits tie with the worst kept one on the lead key.
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const size = 2_000;
    const scores = Float32Array.from({ length: size }, () => Math.floor(next() * 4));
    const updatedAt = Float64Array.from({ length: size }, () => Math.floor(next() * 50));
    const hits = Array.from({ length: size - 1 }, (_, i) => i + 1);
    for (const by of ['relevance', 'updatedAt'] as const) {
      for (const direction of ['asc', 'desc'] as const) {
        const order = docOrder({ scores, updatedAt }, by, direction);
        const top = new TopK(20, order);
        for (const id of hits) top.offer(id);
        expect(top.ids).toEqual([...hits].sort(order.compare).slice(0, 20));
      }
    }
  });
});

describe('pagination window (SPEC §9: 5 pages centred on the active one)', () => {
  it('centres, and clamps at both ends', () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
  });
});
