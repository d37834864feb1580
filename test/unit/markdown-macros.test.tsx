// GROWI's directives in the shared pipeline: macros as their own text in a classed element,
// callouts, CSV/TSV tables and `lang:file` fences — all through the SPEC §5 sanitizer.
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import Markdown from 'react-markdown';
import { markdownOptions } from '../../src/shared/markdown-highlight';
import { parseDelimited } from '../../src/shared/macros/remark-code-blocks';

const render = (body: string): string =>
  renderToStaticMarkup(<Markdown {...markdownOptions}>{body}</Markdown>);

describe('macros', () => {
  it('turns a lone $lsx into a block holding its source, and inline macros into spans', () => {
    expect(render('$lsx(/a, depth=2)\n')).toBe(
      '<div class="quire-macro quire-macro-lsx">$lsx(/a, depth=2)</div>',
    );
    expect(render('see $ref(a.png) and $refimg(b.png)\n')).toBe(
      '<p>see <span class="quire-macro quire-macro-ref">$ref(a.png)</span> and ' +
        '<span class="quire-macro quire-macro-refimg">$refimg(b.png)</span></p>',
    );
  });

  it('leaves unknown names, code and unclosed macros alone', () => {
    expect(render('$foo(1) `$lsx()` $lsx(\n')).toBe('<p>$foo(1) <code>$lsx()</code> $lsx(</p>');
    expect(render('```\n$lsx()\n```\n')).not.toContain('quire-macro');
  });

  it('keeps hostile arguments as inert text', () => {
    const html = render('$lsx(/a, filter="<img src=x onerror=alert(1)>")\n$lsx(<script>alert(1)</script>)\n');
    // The HTML splits the text, so there is no macro at all; the sanitizer handles the HTML.
    expect(html).not.toMatch(/<script|onerror|quire-macro/);
    expect(render('$lsx(/a, filter="x\' onclick=\'alert(1)")\n')).toBe(
      '<div class="quire-macro quire-macro-lsx">$lsx(/a, filter=&quot;x&#x27; onclick=&#x27;alert(1)&quot;)</div>',
    );
  });
});

describe('callouts', () => {
  it('renders GROWI kinds with Markdown inside and an own title', () => {
    const html = render(':::note\nSome **bold** text\n\n- item\n:::\n\n:::warning[Careful now]\nHot\n:::\n');
    expect(html).toBe(
      '<div class="callout callout-note"><div class="callout-title callout-title-note"></div>' +
        '<div class="callout-body"><p>Some <strong>bold</strong> text</p><ul>\n<li>item</li>\n</ul></div></div>\n' +
        '<div class="callout callout-warning"><div class="callout-title callout-title-warning">Careful now</div>' +
        '<div class="callout-body"><p>Hot</p></div></div>',
    );
  });

  it('nests, runs an unclosed callout to the end, and ignores unknown kinds and code', () => {
    expect(render(':::tip\nouter\n\n:::caution\ninner\n:::\n\n:::\n')).toContain(
      '<div class="callout-body"><p>outer</p><div class="callout callout-caution">',
    );
    expect(render(':::important\nno end\n')).toContain('<div class="callout-body"><p>no end</p></div>');
    expect(render(':::spoiler\nx\n:::\n')).toBe('<p>:::spoiler\nx\n:::</p>');
    expect(render('```\n:::note\n:::\n```\n')).not.toContain('callout');
  });

  it('renders Obsidian and GitHub callouts (a quote opening with [!kind]) as the nearest kind', () => {
    expect(render('> [!tip] Own title\n> Some **bold** text\n')).toBe(
      '<div class="callout callout-tip"><div class="callout-title callout-title-tip">Own title</div>' +
        '<div class="callout-body"><p>Some <strong>bold</strong> text</p></div></div>',
    );
    expect(render('> [!NOTE]\n> Plain\n')).toBe(
      '<div class="callout callout-note"><div class="callout-title callout-title-note"></div>' +
        '<div class="callout-body"><p>Plain</p></div></div>',
    );
    expect(render('> [!bug]- Folded\n> Fix it\n')).toContain('callout callout-danger');
    expect(render('> Just a quote [!tip]\n')).toBe('<blockquote>\n<p>Just a quote [!tip]</p>\n</blockquote>');
  });

  it('keeps a hostile title as text', () => {
    const html = render(':::note[<img src=x onerror=alert(1)>]\nx\n:::\n');
    expect(html).not.toMatch(/onerror|callout/);
    expect(render(':::note["><b onclick=x>]\nx\n:::\n')).not.toMatch(/onclick/);
  });
});

describe('code blocks', () => {
  it('renders csv and tsv as tables, with the first row as header for -h', () => {
    expect(render('```csv-h\nname,age\n"Doe, J",42\n```\n')).toBe(
      '<table><thead><tr><th>name</th><th>age</th></tr></thead><tbody><tr><td>Doe, J</td><td>42</td></tr></tbody></table>',
    );
    const plain = render('```tsv\na\tb\n```\n');
    expect(plain).toContain('<thead><tr><th></th><th></th></tr></thead>');
    expect(plain).toContain('<td>a</td><td>b</td>');
    expect(render('```csv\n<script>alert(1)</script>,x\n```\n')).toContain(
      '<td>&lt;script&gt;alert(1)&lt;/script&gt;</td>',
    );
  });

  it('shows the file name of lang:file fences above highlighted code', () => {
    const html = render('```js:src/app.js\nconst x = 1;\n```\n');
    expect(html).toMatch(
      /^<div class="code-block-with-file-name"><div class="code-file-name">src\/app.js<\/div><pre><code class="hljs language-js">/,
    );
    expect(render('```:notes.txt\nplain\n```\n')).toContain(
      '<div class="code-file-name">notes.txt</div><pre><code>plain',
    );
    expect(render('```js:<img src=x onerror=alert(1)>\nx\n```\n')).not.toMatch(/<img|onerror="/);
  });

  it('parses quoted fields, escaped quotes and CRLF', () => {
    expect(parseDelimited('a,"b ""q""",c\r\n1,,3', ',')).toEqual([
      ['a', 'b "q"', 'c'],
      ['1', '', '3'],
    ]);
  });
});

describe('page embeds', () => {
  it('marks ![[page]] as an embed holding its link: a block when alone, inline in text', () => {
    expect(render('![[/a/Note#set-up|Note]]\n')).toBe(
      '<div class="quire-embed"><a href="/a/Note#set-up">Note</a></div>',
    );
    expect(render('see ![[Other]] here and [[Plain]]\n')).toBe(
      '<p>see <span class="quire-embed"><a href="/Other">Other</a></span> here and <a href="/Plain">Plain</a></p>',
    );
    expect(render('`![[code]]`\n')).toBe('<p><code>![[code]]</code></p>');
  });
});
