// What a Markdown parser says about an imported note, for the link rewriting: which characters are
// code or math (left alone: a ```` fence holding a ``` fence, a fence inside a callout, a code span
// inside a link's label), and the text of each heading in order (for anchors). The parser is the
// one the page view uses (remark with GFM, math and front matter), so code is what the reader sees
// as code — a regular expression could not tell.
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkFrontmatter from 'remark-frontmatter';
import { toString } from 'mdast-util-to-string';
import type { Heading, Nodes, Root } from 'mdast';

// Only `$$…$$` is math here: `$5 and [[Price list]] $10` keeps its link (the page view guards
// one-dollar math the same way).
const parser = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkMath, { singleDollarTextMath: false })
  .use(remarkFrontmatter, ['yaml', 'toml']);

/** Nodes whose characters are never links: code, math and front matter. */
const VERBATIM = new Set(['code', 'inlineCode', 'math', 'inlineMath', 'yaml', 'toml']);

/** Stands in for a verbatim character: no link syntax matches it, and offsets stay the same. */
export const MASK = '\u001a';

export interface NoteTree {
  /** The body with every verbatim character (but line breaks) replaced by MASK. */
  masked: string;
  /** Each heading's text as written (wiki links still raw), in order. */
  headings: string[];
}

function visit(node: Nodes, each: (node: Nodes) => void): void {
  each(node);
  if ('children' in node) for (const child of node.children) visit(child, each);
}

export function readNote(body: string): NoteTree {
  const tree = parser.parse(body) as Root;
  const chars = body.split('');
  const headings: string[] = [];
  visit(tree, (node) => {
    if (node.type === 'heading') headings.push(toString(node as Heading));
    if (!VERBATIM.has(node.type)) return;
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start === undefined || end === undefined) return;
    for (let i = start; i < end; i++) if (chars[i] !== '\n') chars[i] = MASK;
  });
  return { masked: chars.join(''), headings };
}
