// Markdown of comments: the page pipeline (same GFM, same sanitizer), plus SPEC §3's
// isEnabledLinebreaksInComments, which turns every single line break into <br>.
import type { Options as MarkdownOptions } from 'react-markdown';
import { buildMarkdownOptions, type PluginList, type RemarkList } from './markdown';

interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
}

/** Splits text nodes at newlines into text and `break` nodes (what remark-breaks does). */
export function splitLineBreaks(node: MdNode): void {
  if (!node.children) return;
  node.children = node.children.flatMap((child): MdNode[] => {
    if (child.type === 'text' && child.value?.includes('\n')) {
      return child.value
        .split(/\r?\n/)
        .flatMap((part, i): MdNode[] => [
          ...(i > 0 ? [{ type: 'break' }] : []),
          { type: 'text', value: part },
        ]);
    }
    splitLineBreaks(child);
    return [child];
  });
}

export function remarkLineBreaks() {
  return (tree: MdNode): void => splitLineBreaks(tree);
}

/** `after`, `lateRemark`: what the web app loaded on demand (KaTeX, highlighting, emoji). */
export function commentMarkdownOptions(
  lineBreaks: boolean,
  after: PluginList = [],
  lateRemark: RemarkList = [],
): Pick<MarkdownOptions, 'remarkPlugins' | 'rehypePlugins'> {
  const { remarkPlugins, rehypePlugins } = buildMarkdownOptions([], after, lateRemark);
  return {
    remarkPlugins: lineBreaks ? [...remarkPlugins, remarkLineBreaks] : remarkPlugins,
    rehypePlugins,
  };
}
