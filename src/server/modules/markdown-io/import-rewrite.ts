// An imported note's links pointed at what they became, everywhere but in code and math (the
// parser decides which characters those are: import-markdown-tree.ts):
// - Obsidian: `[[Note]]`, `[[Note|shown]]`, `[[Note#Heading]]`, `[[Note#^block]]`, `[[#Heading]]`
//   (this note), `![[picture.png|200]]`, `![[Note]]` and `![[Note#Heading]]` (embeds, as Quire
//   writes them: `![[/path#heading|Note]]`), `\|` inside tables; block ids.
// - Markdown links and pictures, relative or by name, with a fragment, balanced parentheses.
// - Wiki.js: site-absolute `/path`, pictures with a size (`![x](/a.png =500x)`) and attributes
//   (`{.radius-7}`, dropped, as after headings), `<img src="/a.png">` and `<a href="/path">`.
import { blockIdEdits, fragmentFor, type HeadingAnchors } from './import-anchors';
import { readNote } from './import-markdown-tree';
import { decodedLink, pathHref, type LinkResolver, type LinkTarget } from './import-links';

export interface RewriteContext {
  fromFile: string;
  resolver: LinkResolver;
  /** The URL an asset gets once attached. */
  assetUrl: (file: string) => string;
  /** The headings of an imported note, by file (for `#heading` links). */
  anchorsOf: (file: string) => HeadingAnchors | undefined;
}

export interface RewriteResult {
  body: string;
  /** Asset files the body links, in order. */
  assets: string[];
  unresolved: number;
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

const IMAGE = /\.(png|jpe?g|gif|webp|svg|bmp|avif|ico|tiff?)$/i;
const SIZE = /^\s*(\d+)(?:x(\d+))?\s*$/;
/** `[[target|shown]]`, `|` escaped as `\|` inside tables; CommonMark leaves the backslash. */
const WIKILINK = /(!?)\[\[([^[\]\n]+?)\]\]/g;
/**
 * `[label](destination "title")` with balanced parentheses in the destination, a Wiki.js size
 * (` =500x`, ` =x250`, ` =100x80`) and Wiki.js/markdown-it attributes after it (`{.class #id}`).
 */
const MD_LINK =
  /(!?)\[((?:[^[\]\n\\]|\\.|\[[^[\]\n]*\])*)\]\(\s*(<[^>\n]+>|(?:[^()\s]|\([^()\s]*\))+)(?:\s+=(\d*)x(\d*))?(\s+"[^"\n]*")?\s*\)(\{(?:\s*(?:[.#][\w-]+|[\w-]+=\S+))+\s*\})?/g;
/** `<img src>` and `<a href>` in HTML (Wiki.js's HTML pages, pictures sized by hand). */
const HTML_URL = /(<(?:img\b[^>]*?\bsrc|a\b[^>]*?\bhref)\s*=\s*)(["'])([^"'\n]*)\2/gi;
/** Wiki.js/markdown-it attributes at the end of a heading: `## Install {.tabset}`. */
const HEADING_ATTRIBUTES = /^(#{1,6}[ \t].*?)[ \t]*\{(?:\s*(?:[.#][\w-]+|[\w-]+=\S+))+\s*\}[ \t]*$/gm;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

const escapeLabel = (label: string) => label.replace(/([[\]])/g, '\\$1');
const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

function imageTag(url: string, alt: string, width?: string, height?: string): string {
  const size = `${width ? ` width="${width}"` : ''}${height ? ` height="${height}"` : ''}`;
  return `<img src="${escapeAttribute(url)}" alt="${escapeAttribute(alt)}"${size}>`;
}

export function rewriteLinks(body: string, context: RewriteContext): RewriteResult {
  const { fromFile, resolver, assetUrl, anchorsOf } = context;
  const { masked } = readNote(body);
  const result: RewriteResult = { body: '', assets: [], unresolved: 0 };
  const edits: Edit[] = [];
  const taken = (start: number, end: number) => edits.some((e) => start < e.end && end > e.start);
  const useAsset = (file: string) => {
    result.assets.push(file);
    return assetUrl(file);
  };
  const hrefOf = (target: Extract<LinkTarget, { kind: 'page' }>, fragment: string) =>
    pathHref(target.path, fragmentFor(anchorsOf(target.file), fragment));
  /** A Markdown link's new destination, or null when it names nothing imported. */
  const hrefOfDestination = (dest: string): string | null => {
    const hashAt = dest.indexOf('#');
    const file = hashAt === -1 ? dest : dest.slice(0, hashAt);
    const fragment = hashAt === -1 ? '' : decodedLink(dest.slice(hashAt + 1));
    if (!file) return fragment ? `#${encodeURIComponent(fragmentFor(anchorsOf(fromFile), fragment))}` : null;
    const found = file.startsWith('/')
      ? resolver.absolute(fromFile, file)
      : resolver.relative(fromFile, file);
    if (found?.kind === 'asset') return useAsset(found.file);
    // A link that already names the page's new path (Quire's own export, imported at `/`) stays
    // byte for byte as written.
    if (found && file.startsWith('/') && decodedLink(file) === found.path) return dest;
    return found ? hrefOf(found, fragment) : null;
  };

  for (const match of masked.matchAll(WIKILINK)) {
    const [whole, bang = ''] = match;
    const inner = body.slice(match.index + bang.length + 2, match.index + whole.length - 2);
    const [target = '', ...shownParts] = inner.split(/\\?\|/);
    const shown = shownParts.join('|').trim();
    const hashAt = target.indexOf('#');
    const name = (hashAt === -1 ? target : target.slice(0, hashAt)).trim();
    const fragment = hashAt === -1 ? '' : target.slice(hashAt + 1).trim();
    const size = SIZE.exec(shown);
    let text: string;
    if (!name) {
      // `[[#Heading]]`, `[[#^block]]`: a place in this note.
      const label = shown || fragment.split('#').filter(Boolean).pop() || fragment;
      text = `[${escapeLabel(label)}](#${encodeURIComponent(fragmentFor(anchorsOf(fromFile), fragment))})`;
    } else {
      // `[[/a/b]]`: an absolute path, percent-encoded when Quire wrote it (its own export).
      const absolute = name.startsWith('/') ? decodedLink(name) : null;
      const found =
        (absolute !== null ? resolver.absolute(fromFile, absolute) : null) ??
        resolver.wiki(absolute ?? name, fromFile);
      // Already naming the page where it lands (Quire's export, imported at `/`), or a path of the
      // wiki outside the import: left as written.
      if (absolute !== null && (found === null || (found.kind === 'page' && found.path === absolute)))
        continue;
      const label = escapeLabel(shown && !size ? shown : (name.split('/').pop() ?? name));
      if (found?.kind === 'asset') {
        const url = useAsset(found.file);
        if (!bang || !IMAGE.test(found.file)) text = `[${label}](${url})`;
        else text = size ? imageTag(url, name, size[1], size[2]) : `![${label}](${url})`;
      } else if (found && bang && !fragment.startsWith('^')) {
        // A note (or its section) embedded in another: Quire's own `![[/path#heading|label]]`, which
        // the page view draws; an embedded block stays a link to it.
        const shownName = (shown && !size ? shown : (name.split('/').pop() ?? name)).replace(
          /[[\]|\n]/g,
          ' ',
        );
        text = `![[${hrefOf(found, fragment)}|${shownName.trim()}]]`;
      } else if (found) {
        text = `[${label}](${hrefOf(found, fragment)})`;
      } else {
        result.unresolved += 1;
        text = `[${label}](${pathHref(resolver.dangling(name), fragment)})`;
      }
    }
    edits.push({ start: match.index, end: match.index + whole.length, text });
  }

  for (const match of masked.matchAll(MD_LINK)) {
    const [whole, bang = '', labelMasked = '', rawDest = '', width, height, title = '', attributes] = match;
    const start = match.index;
    if (taken(start, start + whole.length)) continue;
    const label = body.slice(start + bang.length + 1, start + bang.length + 1 + labelMasked.length);
    const dest = rawDest.startsWith('<') ? rawDest.slice(1, -1) : rawDest;
    if (SCHEME.test(dest)) continue;
    let href = hrefOfDestination(dest);
    const sized = width !== undefined || height !== undefined;
    if (href === null || href === dest) {
      if (!sized && !attributes) continue;
      href = dest; // unchanged, but a size or attributes the page view would show as text go
    }
    const text =
      bang && sized
        ? imageTag(href, label, width || undefined, height || undefined)
        : `${bang}[${label}](${href}${title})`;
    edits.push({ start, end: start + whole.length, text });
  }

  for (const match of masked.matchAll(HTML_URL)) {
    const [whole, before = '', quote = '', url = ''] = match;
    if (SCHEME.test(url) || !url || taken(match.index, match.index + whole.length)) continue;
    const href = hrefOfDestination(url);
    if (href !== null && href !== url)
      edits.push({
        start: match.index,
        end: match.index + whole.length,
        text: `${before}${quote}${href}${quote}`,
      });
  }

  for (const match of masked.matchAll(HEADING_ATTRIBUTES)) {
    const [whole, heading = ''] = match;
    const start = match.index + heading.length;
    if (!taken(start, match.index + whole.length))
      edits.push({ start, end: match.index + whole.length, text: '' });
  }

  for (const edit of blockIdEdits(masked)) if (!taken(edit.start, edit.end)) edits.push(edit);
  edits.sort((a, b) => a.start - b.start);
  let last = 0;
  for (const edit of edits) {
    result.body += body.slice(last, edit.start) + edit.text;
    last = edit.end;
  }
  result.body += body.slice(last);
  return result;
}
