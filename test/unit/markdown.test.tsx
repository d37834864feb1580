// The shared Markdown pipeline: GFM renders, and hostile HTML is neutralized (SPEC §5 filter).
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import Markdown from 'react-markdown';
import { markdownOptions } from '../../src/shared/markdown-highlight';
import { ALLOWED_TAGS } from '../../src/shared/sanitize-schema';

/** React's server renderer hoists `<link rel=preload as=image>` for images: not part of our output. */
const render = (body: string): string =>
  renderToStaticMarkup(<Markdown {...markdownOptions}>{body}</Markdown>).replace(
    /<link rel="preload" as="image"[^>]*\/>/g,
    '',
  );

/** No event handler attribute and no script-bearing URL anywhere in the output. */
function expectInert(html: string): void {
  expect(html).not.toMatch(
    /<(script|style|form|input|object|embed|svg|math|iframe[^>]*srcdoc|link|meta|base)\b/i,
  );
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/(href|src)="\s*(javascript|data|vbscript):/i);
  expect(html).not.toMatch(/srcdoc/i);
}

describe('markdown rendering', () => {
  it('renders GFM tables', () => {
    const html = render('| a | b |\n|---|---|\n| 1 | 2 |\n');
    expect(html).toContain('<table>');
    expect(html).toContain('<th>a</th>');
    expect(html).toContain('<td>2</td>');
  });

  it('highlights fenced code blocks', () => {
    const html = render('```js\nconst x = 1;\n```\n');
    expect(html).toMatch(/<pre><code class="hljs language-js">/);
    expect(html).toContain('<span class="hljs-keyword">const</span>');
  });

  it('gives headings ids and anchor links', () => {
    const html = render('## Hello World\n');
    expect(html).toContain('<h2 id="hello-world">Hello World<a');
    expect(html).toContain('href="#hello-world"');
    expect(html).toContain('class="heading-anchor"');
  });

  it('draws task-list checkboxes as spans, never inputs', () => {
    const html = render('- [x] done\n- [ ] todo\n');
    expect(html).toContain('<span class="task-list-checkbox checked"></span>');
    expect(html).toContain('<span class="task-list-checkbox"></span>');
    expect(html).not.toContain('<input');
  });

  it('keeps strikethrough, autolinks and angle-bracket links', () => {
    const html = render('~~gone~~ https://example.com <mailto:a@example.com>\n');
    expect(html).toContain('<del>gone</del>');
    expect(html).toContain('href="https://example.com"');
    expect(html).toContain('href="mailto:a@example.com"');
  });
});

describe('markdown sanitizing', () => {
  it('strips <script> but keeps its text as inert text', () => {
    const html = render('<script>window.__pwned=1</script>\n\nafter');
    expectInert(html);
    expect(html).toContain('window.__pwned=1');
  });

  const hostile: Record<string, string> = {
    'img onerror': '<img src=x onerror="window.__pwned=1">',
    onclick: '<div onclick="window.__pwned=1">click</div>',
    'javascript link (markdown)': '[x](javascript:window.__pwned=1)',
    'javascript link (mixed case)': '<a href="JaVaScRiPt:window.__pwned=1">x</a>',
    'javascript link (entity-encoded)': '<a href="&#106;avascript:alert(1)">x</a>',
    'javascript link (whitespace)': '<a href=" javascript:alert(1)">x</a>',
    'vbscript link': '<a href="vbscript:msgbox(1)">x</a>',
    'data URL link': '<a href="data:text/html,<script>alert(1)</script>">x</a>',
    'data URL image': '![x](data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=)',
    'iframe srcdoc': '<iframe srcdoc="<script>parent.__pwned=1</script>"></iframe>',
    'iframe javascript src': '<iframe src="javascript:alert(1)"></iframe>',
    'svg onload': '<svg onload="window.__pwned=1"><circle r="1"/></svg>',
    form: '<form action="https://evil.example"><button>go</button></form>',
    input: '<input type="checkbox" checked onfocus="window.__pwned=1" autofocus>',
    object: '<object data="https://evil.example/x.swf"></object>',
    embed: '<embed src="https://evil.example/x.swf">',
    style: '<style>body{display:none}</style>',
    'link and meta':
      '<link rel="stylesheet" href="https://evil.example/x.css"><meta http-equiv="refresh" content="0;url=https://evil.example">',
    math: '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
    base: '<base href="https://evil.example/">',
    'details ontoggle': '<details open ontoggle="window.__pwned=1"><summary>s</summary></details>',
    'nested script': '<div><p><scr<script>ipt>alert(1)</script></p></div>',
  };
  for (const [name, body] of Object.entries(hostile)) {
    it(`neutralizes ${name}`, () => expectInert(render(body)));
  }

  it('keeps the body of disallowed tags', () => {
    const html = render('<form><b>kept</b></form>\n\n<object>inside</object>');
    expect(html).toContain('<b>kept</b>');
    expect(html).toContain('inside');
  });

  it('prefixes user-written ids so they cannot clobber the app', () => {
    expect(render('<span id="root">x</span>')).toContain('id="user-content-root"');
  });

  it('keeps allowed tags and attributes', () => {
    const body = [
      '<div class="note" style="color: red" title="t">',
      '<img src="https://example.com/a.png" alt="A" width="10" height="20">',
      '<a href="https://example.com" class="c">link</a>',
      '<iframe src="https://example.com/embed" width="300" height="200"></iframe>',
      '<details><summary>more</summary><mark>m</mark> <kbd>K</kbd> <abbr title="x">ab</abbr></details>',
      '<ruby>漢<rp>(</rp><rt>kan</rt><rp>)</rp></ruby> <u>u</u> <small>s</small> <time>t</time> x<sup>2</sup>',
      '</div>',
    ].join('');
    const html = render(body);
    expect(html).toContain('<div class="note" style="color:red" title="t">');
    expect(html).toContain('<img src="https://example.com/a.png" alt="A" width="10" height="20"/>');
    expect(html).toContain('<a href="https://example.com" class="c">link</a>');
    expect(html).toContain('<iframe src="https://example.com/embed" width="300" height="200"></iframe>');
    for (const tag of [
      'details',
      'summary',
      'mark',
      'kbd',
      'abbr',
      'ruby',
      'rt',
      'rp',
      'u',
      'small',
      'time',
      'sup',
    ]) {
      expect(html).toContain(`<${tag}`);
    }
  });

  it('drops attributes outside the allowlist', () => {
    const html = render('<a href="/x" target="_blank" rel="opener" data-x="1">x</a>');
    expect(html).toBe('<p><a href="/x">x</a></p>');
  });

  it('has exactly the tags of SPEC §5', () => {
    const spec =
      'a, abbr, b, bdi, bdo, blockquote, br, caption, cite, code, col, colgroup, data, dd, del, details, ' +
      'dfn, div, dl, dt, em, figcaption, figure, h1, h2, h3, h4, h5, h6, h7, h8, hr, i, iframe, img, ins, ' +
      'kbd, li, mark, ol, p, pre, q, rb, rp, rt, ruby, s, samp, small, span, strike, strong, sub, summary, ' +
      'sup, table, tbody, td, tfoot, th, thead, time, tr, tt, u, ul, var, wbr, -';
    expect([...ALLOWED_TAGS].sort()).toEqual(spec.split(', ').sort());
  });
});
