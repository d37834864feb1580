// `[[Page]]` and `[[Page|label]]` as links to wiki paths (issue 15), in text only (never in code or
// inside another link). `[[/a/b]]` is that path; `[[./x]]` and `[[../x]]` are relative to the page
// (the web app resolves them against the page's path); a bare `[[Name]]` is `/Name`.
// `![[Page]]` and `![[Page#heading]]` embed that page (or its section) in this one (issue 29, as
// Obsidian shows them): the link inside an element classed `quire-embed`, which the page view
// swaps for the page's body as the reader may see it. Anywhere else it stays a plain link.
interface MdNode {
  type: string;
  value?: string;
  url?: string;
  children?: MdNode[];
  data?: { hName: string; hProperties: { className: string[] } };
}

const WIKI_LINK = /(!?)\[\[([^[\]|\n]+?)(?:\|([^[\]\n]+?))?\]\]/g;
export const EMBED_CLASS = 'quire-embed';

export function wikiLinkUrl(target: string): string {
  const path = target.trim();
  if (path.startsWith('/') || path.startsWith('./') || path.startsWith('../')) return path;
  return `/${path}`;
}

function linkOf(target: string, label: string | undefined): MdNode {
  return {
    type: 'link',
    url: wikiLinkUrl(target),
    children: [{ type: 'text', value: (label ?? target).trim() }],
  };
}

function embedOf(link: MdNode): MdNode {
  return {
    type: 'quireEmbed',
    children: [link],
    data: { hName: 'span', hProperties: { className: [EMBED_CLASS] } },
  };
}

function split(text: string): MdNode[] | null {
  const parts: MdNode[] = [];
  let last = 0;
  for (const match of text.matchAll(WIKI_LINK)) {
    const [whole, bang, target = '', label] = match;
    const at = match.index;
    if (at > last) parts.push({ type: 'text', value: text.slice(last, at) });
    const link = linkOf(target, label);
    parts.push(bang ? embedOf(link) : link);
    last = at + whole.length;
  }
  if (parts.length === 0) return null;
  if (last < text.length) parts.push({ type: 'text', value: text.slice(last) });
  return parts;
}

/** A paragraph holding one embed and nothing but white space: the embed as a block. */
function loneEmbed(paragraph: MdNode): MdNode | null {
  const content = (paragraph.children ?? []).filter((c) => !(c.type === 'text' && !c.value?.trim()));
  const only = content.length === 1 ? content[0] : undefined;
  if (only?.type !== 'quireEmbed' || !only.data) return null;
  only.data.hName = 'div';
  return only;
}

function walk(node: MdNode): void {
  if (!node.children || node.type === 'link' || node.type === 'linkReference') return;
  node.children = node.children.flatMap((child) => {
    if (child.type === 'text' && child.value?.includes('[[')) return split(child.value) ?? [child];
    walk(child);
    if (child.type === 'paragraph') return [loneEmbed(child) ?? child];
    return [child];
  });
}

export function remarkWikiLinks() {
  return (tree: MdNode): void => walk(tree);
}
