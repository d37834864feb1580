// Math drawn by KaTeX (loaded on demand): it runs after the sanitizer, on the `math-inline` and
// `math-display` code that remark-math marked, so what it adds is its own trusted markup. KaTeX's
// `trust` stays off (no \href, \url, \includegraphics) and a formula it cannot read is shown as
// its source in red instead of failing the page.
import rehypeKatex from 'rehype-katex';
import type { PluginList } from './markdown';

export const rehypeMath: PluginList[number] = [
  rehypeKatex,
  { trust: false, strict: 'ignore', throwOnError: false, maxSize: 50, maxExpand: 1000 },
];
