// Snippets reach the page as text nodes and <mark>, never as HTML, even if a snippet were wrong.
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { Highlighted } from '../../src/renderer/src/features/search/Highlighted';

describe('Highlighted', () => {
  it('turns <em> into <mark> and decodes the escaped text', () => {
    expect(renderToStaticMarkup(<Highlighted html="a &lt;b&gt; &amp; <em>x</em> y" />)).toBe(
      '<span>a &lt;b&gt; &amp; <mark>x</mark> y</span>',
    );
  });

  it('shows raw markup in a snippet as text', () => {
    const html = renderToStaticMarkup(<Highlighted html={'<img src=x onerror="alert(1)"><em>hit</em>'} />);
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img');
  });
});
