// `[[Page]]` and `[[Page|label]]` as links to wiki paths (issue 15), in text only (never in code or
// inside another link). `[[/a/b]]` is that path; `[[./x]]` and `[[../x]]` are relative to the page
// (the web app resolves them against the page's path); a bare `[[Name]]` is `/Name`.
interface MdNode {
  type: string;
  value?: string;
  url?: string;
  children?: MdNode[];
}

const WIKI_LINK = /\[\[([^[\]|\n]+?)(?:\|([^[\]\n]+?))?\]\]/g;

export function wikiLinkUrl(target: string): string {
  const path = target.trim();
  if (path.startsWith('/') || path.startsWith('./') || path.startsWith('../')) return path;
  return `/${path}`;
}

function split(text: string): MdNode[] | null {
  const parts: MdNode[] = [];
  let last = 0;
  for (const match of text.matchAll(WIKI_LINK)) {
    const target = match[1]!;
    const at = match.index;
    if (at > last) parts.push({ type: 'text', value: text.slice(last, at) });
    parts.push({
      type: 'link',
      url: wikiLinkUrl(target),
      children: [{ type: 'text', value: (match[2] ?? target).trim() }],
    });
    last = at + match[0].length;
  }
  if (parts.length === 0) return null;
  if (last < text.length) parts.push({ type: 'text', value: text.slice(last) });
  return parts;
}

function walk(node: MdNode): void {
  if (!node.children || node.type === 'link' || node.type === 'linkReference') return;
  node.children = node.children.flatMap((child) => {
    if (child.type === 'text' && child.value?.includes('[[')) return split(child.value) ?? [child];
    walk(child);
    return [child];
  });
}

export function remarkWikiLinks() {
  return (tree: MdNode): void => walk(tree);
}
