// The Markdown pipeline with code highlighting (rehype-highlight, i.e. highlight.js): loaded on
// demand by the web app — only for bodies with fenced code naming a language — because it weighs
// more than the rest of the pipeline together.
import rehypeHighlight from 'rehype-highlight';
import { buildMarkdownOptions, type MarkdownPipeline, type PluginList } from './markdown';
import { rehypeMath } from './markdown-math';
import { remarkEmoji } from './markdown-emoji';

export { rehypeHighlight };

/** The whole pipeline, everything loaded on demand included (tests; callers that need it at once). */
export function highlightedMarkdownOptions(extraRehype: PluginList = []): MarkdownPipeline {
  return buildMarkdownOptions(extraRehype, [rehypeMath, rehypeHighlight], [remarkEmoji]);
}

/** Props for react-markdown's `<Markdown>`; its default urlTransform stays on as a second guard. */
export const markdownOptions: MarkdownPipeline = highlightedMarkdownOptions();
