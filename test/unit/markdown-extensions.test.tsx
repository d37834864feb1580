// Markdown extensions (issue 15) through the whole pipeline, sanitizer first: math by KaTeX, emoji
// shortcodes, hidden front matter, footnotes, [[wiki links]] — and what a hostile author tries in
// each of them.
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import Markdown from 'react-markdown';
import { markdownOptions } from '../../src/shared/markdown-highlight';
import { hasEmojiShortcode, hasMath } from '../../src/shared/markdown';
import { resolveAgainstPage } from '../../src/renderer/src/components/MarkdownBody';

const render = (body: string): string =>
  renderToStaticMarkup(<Markdown {...markdownOptions}>{body}</Markdown>);

describe('math', () => {
  it('draws inline and display math with KaTeX', () => {
    const html = render('Euler: $$e^{i\\pi} + 1 = 0$$\n\n$$\n\\int_0^1 x\\,dx\n$$\n');
    expect(html).toContain('class="katex"');
    expect(html).toContain('katex-display');
    expect(html).toContain('<annotation encoding="application/x-tex">e^{i\\pi} + 1 = 0</annotation>');
  });

  it('keeps hostile math inert: no links, no HTML, no styles of the author', () => {
    const html = render(
      '$$\\href{javascript:alert(1)}{x}$$ $$\\url{javascript:alert(2)}$$ $$\\htmlClass{x}{y}$$ $$<img src=x onerror=alert(3)>$$',
    );
    expect(html).not.toMatch(/href="javascript/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/<[^>]*\sonerror=/i);
    // A formula KaTeX cannot read shows as its source.
    expect(render('$$\\frac{1$$')).toContain('katex-error');
  });

  it('draws one-dollar inline math as GROWI does (issue 30)', () => {
    const html = render('Pythagoras: $a^2+b^2=c^2$, and $x$.');
    expect(html).toContain('<annotation encoding="application/x-tex">a^2+b^2=c^2</annotation>');
    expect(html).toContain('<annotation encoding="application/x-tex">x</annotation>');
  });

  it('leaves prices, macros and code spans alone', () => {
    const prices = render('It costs $5 and $10, or $20$30.');
    expect(prices).not.toContain('katex');
    expect(prices).toContain('$5 and $10');
    const macro = render('$lsx(/Team)$ and $lsx(/Docs)');
    expect(macro).not.toContain('katex');
    // The price comes first, a code span with a dollar after it: the code span wins.
    const code = render('Pay $foo(1) `$lsx()` now');
    expect(code).toContain('<code>$lsx()</code>');
    expect(code).not.toContain('katex');
    expect(render('a $ b $ c')).not.toContain('katex');
  });

  it('is only fetched for bodies with math', () => {
    expect(hasMath('costs $5 today, $lsx() too')).toBe(false);
    expect(hasMath('$$x$$')).toBe(true);
    expect(hasMath('$$\nx\n$$')).toBe(true);
    expect(hasMath('inline $a^2$ here')).toBe(true);
    expect(hasMath('$5 and $10')).toBe(false);
  });
});

describe('emoji, front matter, footnotes', () => {
  it('turns shortcodes into emoji, not in code', () => {
    expect(render('Ship it :rocket: :smile:')).toContain('Ship it 🚀 😄');
    expect(render('`:rocket:`')).toContain('<code>:rocket:</code>');
    expect(render(':not_an_emoji_name:')).toContain(':not_an_emoji_name:');
    expect(hasEmojiShortcode('a :tada: b')).toBe(true);
    expect(hasEmojiShortcode('12:30 to 13:45')).toBe(false);
  });

  it('hides front matter', () => {
    const html = render('---\ntitle: Secret plan\ntags: [a]\n---\n\n# Visible\n');
    expect(html).not.toContain('Secret plan');
    expect(html).toContain('Visible');
  });

  it('renders footnotes whose links land on their notes and back (issue 30)', () => {
    const html = render('Said so.[^1]\n\n[^1]: Source.\n');
    expect(html).toContain('Source.');
    expect(html).toMatch(/<sup><a href="#user-content-fn-1" id="user-content-fnref-1"/);
    expect(html).toContain('<li id="user-content-fn-1">');
    expect(html).toContain('href="#user-content-fnref-1"');
    expect(html).not.toContain('user-content-user-content');
    // An author's own id keeps its one prefix: it never names an element of the app.
    expect(render('<p id="user-content-app">x</p>')).toContain('id="user-content-app"');
    expect(render('<p id="app">x</p>')).toContain('id="user-content-app"');
  });
});

describe('wiki links', () => {
  it('links [[Page]] and [[Page|label]] to wiki paths, not in code', () => {
    const html = render('See [[/team/plan]], [[Roadmap|the roadmap]] and [[./child]]. `[[not a link]]`');
    expect(html).toContain('<a href="/team/plan">/team/plan</a>');
    expect(html).toContain('<a href="/Roadmap">the roadmap</a>');
    expect(html).toContain('<a href="./child">./child</a>');
    expect(html).toContain('<code>[[not a link]]</code>');
  });

  it('cannot smuggle a script URL', () => {
    const html = render('[[javascript:alert(1)]] [[/x|<img src=x onerror=alert(1)>]]');
    expect(html).not.toMatch(/href="javascript/i);
    expect(html).not.toMatch(/<[^>]*\sonerror=/i);
  });

  it('resolves relative links against the page', () => {
    expect(resolveAgainstPage('child', '/team/plan')).toBe('/team/plan/child');
    expect(resolveAgainstPage('../other', '/team/plan')).toBe('/team/other');
    expect(resolveAgainstPage('./x#top', '/')).toBe('/x#top');
    expect(resolveAgainstPage('https://example.com/a', '/team')).toBe('https://example.com/a');
    expect(resolveAgainstPage('/abs', '/team')).toBe('/abs');
    expect(resolveAgainstPage('#anchor', '/team')).toBe('#anchor');
    expect(resolveAgainstPage('child', undefined)).toBe('child');
  });
});
