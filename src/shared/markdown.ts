// The Markdown pipeline of page bodies, shared by the renderer (page view, editor preview) and tests:
// GFM, raw HTML parsed then sanitized with SPEC §5's allowlist, heading anchors; code highlighting
// is given by the caller (`markdown-highlight.ts`), since highlight.js weighs more than the rest.
import type { Element, ElementContent, Root, RootContent } from 'hast';
import type { Options as MarkdownOptions } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import remarkFrontmatter from 'remark-frontmatter';
import remarkMath from 'remark-math';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize from 'rehype-sanitize';
import rehypeSlug from 'rehype-slug';
import rehypeAutolinkHeadings from 'rehype-autolink-headings';
import { sanitizeSchema } from './sanitize-schema';
import { renderHooks } from './macros/extensions';
import { remarkWikiLinks } from './remark-wiki-links';
import { remarkGuardedInlineMath } from './remark-inline-math';

type PluginList = NonNullable<MarkdownOptions['rehypePlugins']>;

function isTaskCheckbox(node: RootContent | ElementContent): node is Element {
  return node.type === 'element' && node.tagName === 'input' && node.properties.type === 'checkbox';
}

function checkboxSpan(input: Element): Element {
  const checked = input.properties.checked === true;
  return {
    type: 'element',
    tagName: 'span',
    properties: { className: checked ? ['task-list-checkbox', 'checked'] : ['task-list-checkbox'] },
    children: [],
  };
}

function replaceCheckboxes(parent: Root | Element): void {
  parent.children.forEach((child, index) => {
    if (child.type !== 'element') return;
    if (isTaskCheckbox(child)) parent.children[index] = checkboxSpan(child);
    else replaceCheckboxes(child);
  });
}

/**
 * GFM task lists come out of remark as `<input type=checkbox>`, which the allowlist rejects. This
 * runs before rehype-raw, so it only sees the checkboxes remark generated (user-written HTML is still
 * an unparsed `raw` node) and turns them into spans drawn by CSS; a raw `<input>` is still stripped.
 */
export function rehypeTaskListCheckboxes() {
  return (tree: Root): void => replaceCheckboxes(tree);
}

const CLOBBER_PREFIX = 'user-content-';

function singlePrefix(parent: Root | Element): void {
  for (const child of parent.children) {
    if (child.type !== 'element') continue;
    const id = child.properties.id;
    if (typeof id === 'string' && id.startsWith(CLOBBER_PREFIX + CLOBBER_PREFIX)) {
      child.properties.id = id.slice(CLOBBER_PREFIX.length);
    }
    singlePrefix(child);
  }
}

/**
 * Footnotes (issue 30): remark already gives their ids and links the `user-content-` prefix; the
 * sanitizer prefixes every id once more, so `#user-content-fn-1` led nowhere. After sanitizing, an
 * id prefixed twice keeps one prefix — still never an id of the app's own.
 */
export function rehypeSingleClobberPrefix() {
  return (tree: Root): void => singlePrefix(tree);
}

type RemarkList = NonNullable<MarkdownOptions['remarkPlugins']>;

/**
 * GFM, front matter (parsed, so it is not shown), math (`$…$`, `$$…$$`: marked here, drawn by
 * KaTeX after the sanitizer), `[[wiki links]]`, plugins loaded on demand (`late`: emoji), then the
 * extensions of the render hook (GROWI's directives, issue 18; renderer extensions of plugins), in
 * their order. They run on the Markdown tree; their output goes through the sanitizer below like
 * everything else.
 */
function remarkPluginList(late: RemarkList = []): RemarkList {
  return renderHooks.runSync('markdown:remarkPlugins', [
    remarkGfm,
    [remarkFrontmatter, ['yaml', 'toml']],
    // `$$…$$`, and `$…$` under the guard that leaves prices, macros and code spans alone.
    [remarkMath, { singleDollarTextMath: true }],
    remarkGuardedInlineMath,
    remarkWikiLinks,
    ...late,
  ]);
}

/**
 * `extraRehype`: renderer extensions' rehype plugins, placed before the sanitizer. `after`: plugins
 * for sanitized trees that only add markup of their own (code highlighting).
 */
function rehypePluginList(extraRehype: PluginList = [], after: PluginList = []): PluginList {
  return [
    rehypeTaskListCheckboxes,
    rehypeRaw,
    ...extraRehype,
    [rehypeSanitize, sanitizeSchema],
    rehypeSingleClobberPrefix,
    // Everything below runs on sanitized trees and only adds markup of its own.
    rehypeSlug,
    [
      rehypeAutolinkHeadings,
      {
        behavior: 'append',
        properties: { className: ['heading-anchor'], ariaHidden: 'true', tabIndex: -1 },
        content: { type: 'text', value: '#' },
      },
    ],
    ...after,
  ];
}

export interface MarkdownPipeline {
  remarkPlugins: NonNullable<MarkdownOptions['remarkPlugins']>;
  rehypePlugins: PluginList;
}

/**
 * The pipeline with the render hook as it is now, these renderer extensions, `after` (KaTeX, code
 * highlighting) and `lateRemark` (emoji), the last two loaded on demand by the web app.
 */
export function buildMarkdownOptions(
  extraRehype: PluginList = [],
  after: PluginList = [],
  lateRemark: RemarkList = [],
): MarkdownPipeline {
  return { remarkPlugins: remarkPluginList(lateRemark), rehypePlugins: rehypePluginList(extraRehype, after) };
}

/** A one-dollar formula as the guard keeps it, roughly (a false "yes" only fetches KaTeX). */
const INLINE_MATH = /\$[^\s$`]([^$\n`]*[^\s$`\\])?\$(?!\d)/;

/** Whether a body has math (`$…$`, `$$…$$` or a `$$` block): KaTeX is fetched only then. */
export function hasMath(markdown: string): boolean {
  return markdown.includes('$$') || INLINE_MATH.test(markdown);
}

/** Whether a body has emoji shortcodes (`:smile:`): the emoji table is fetched only then. */
export function hasEmojiShortcode(markdown: string): boolean {
  return /:[a-z0-9_+-]+:/.test(markdown);
}

export type { RemarkList };

/** Whether a body has fenced code naming its language: the only code highlighting colours. */
export function hasHighlightableCode(markdown: string): boolean {
  return /^ {0,3}(```|~~~)[ \t]*[^\s`~]/m.test(markdown);
}

export type { PluginList };
