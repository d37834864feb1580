// Links of imported pages pointed at what they became: Obsidian's `[[Note]]`, `[[Note|shown]]`,
// `[[Note#Heading]]`, `![[image.png]]` and `![[Note]]` (a link: Quire does not embed pages), and
// relative Markdown links (`[x](../b.md)`, `![](img/a.png)`) as Wiki.js, Outline, Quire's own
// export and plain folders write them. Code spans and fenced blocks are left as they are.
import path from 'node:path';
import { joinPath, withoutExtension } from './import-plan';

export type LinkTarget = { kind: 'page'; path: string } | { kind: 'asset'; file: string };

/** Finds what a link names, the way Obsidian does: an exact relative path first, then by name. */
export class LinkResolver {
  private readonly byFile = new Map<string, LinkTarget>();
  private readonly byName = new Map<string, { file: string; target: LinkTarget }[]>();

  constructor(
    pages: { file: string; path: string }[],
    assets: string[],
    private readonly parentPath: string,
  ) {
    for (const page of pages) this.add(page.file, { kind: 'page', path: page.path });
    for (const file of assets) this.add(file, { kind: 'asset', file });
  }

  private add(file: string, target: LinkTarget): void {
    this.byFile.set(file.toLowerCase(), target);
    if (target.kind === 'page') this.byFile.set(withoutExtension(file).toLowerCase(), target);
    const base = file.split('/').pop()!.toLowerCase();
    const names = target.kind === 'page' ? [withoutExtension(base), base] : [base];
    for (const name of names) {
      const list = this.byName.get(name) ?? [];
      list.push({ file, target });
      this.byName.set(name, list);
    }
  }

  /** An alias (Obsidian front matter) answers `[[alias]]` when no file has that name. */
  addAlias(alias: string, pagePath: string): void {
    const key = alias.toLowerCase();
    if (!this.byName.has(key)) this.byName.set(key, [{ file: '', target: { kind: 'page', path: pagePath } }]);
  }

  /** `[[name]]`: a relative path from the vault's root, else the shortest path with that name. */
  wiki(name: string): LinkTarget | null {
    const key = name.trim().replace(/^\//, '').toLowerCase();
    const exact = this.byFile.get(key) ?? this.byFile.get(`${key}.md`);
    if (exact) return exact;
    const candidates = this.byName.get(key.split('/').pop() ?? key) ?? [];
    const matching = candidates.filter((c) => {
      const file = c.file.toLowerCase();
      return (
        file === '' || `/${file}`.endsWith(`/${key}`) || `/${withoutExtension(file)}`.endsWith(`/${key}`)
      );
    });
    matching.sort((a, b) => a.file.split('/').length - b.file.split('/').length);
    return matching[0]?.target ?? null;
  }

  /** A relative Markdown link from `fromFile`; null when it leaves the import or names nothing. */
  relative(fromFile: string, destination: string): LinkTarget | null {
    let decoded: string;
    try {
      decoded = decodeURIComponent(destination);
    } catch {
      decoded = destination;
    }
    const joined = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), decoded));
    if (joined.startsWith('..')) return null;
    return this.byFile.get(joined.toLowerCase()) ?? null;
  }

  /** Where an unanswered `[[name]]` points: where such a page would be under the import. */
  dangling(name: string): string {
    return joinPath(this.parentPath, name.trim().split('/').filter(Boolean));
  }
}

export interface RewriteResult {
  body: string;
  /** Asset files the body links, in order. */
  assets: string[];
  unresolved: number;
}

const IMAGE = /\.(png|jpe?g|gif|webp|svg|bmp|avif)$/i;
const PROTECTED = /(^|\n)(```|~~~)[^\n]*\n[\s\S]*?(\n\2[^\n]*(?=\n|$)|$)|`[^`\n]+`/g;
const WIKILINK = /(!?)\[\[([^\]|\n]+?)(?:\|([^\]\n]*))?\]\]/g;
const MD_LINK = /(!?)\[((?:[^\]\n]|\\\])*)\]\((<[^>\n]+>|[^)\s]+)((?:\s+"[^"\n]*")?)\)/g;

/** A page path as a link destination: each segment percent-encoded, `/` kept. */
export function pathHref(pagePath: string, hash = ''): string {
  const encoded = pagePath
    .split('/')
    .map((s) => encodeURIComponent(s))
    .join('/');
  return `${encoded || '/'}${hash ? `#${encodeURIComponent(hash)}` : ''}`;
}

export function rewriteLinks(
  body: string,
  fromFile: string,
  resolver: LinkResolver,
  assetUrl: (file: string) => string,
): RewriteResult {
  const result: RewriteResult = { body: '', assets: [], unresolved: 0 };
  const useAsset = (file: string) => {
    result.assets.push(file);
    return assetUrl(file);
  };
  const rewrite = (text: string) =>
    text
      .replace(WIKILINK, (_match, bang: string, target: string, shown: string | undefined) => {
        const [name = '', hash = ''] = target.split('#');
        const found = resolver.wiki(name);
        const label = (shown && !/^\d+(x\d+)?$/.test(shown) ? shown : (name.split('/').pop() ?? name)).trim();
        if (found?.kind === 'asset') {
          const url = useAsset(found.file);
          return bang && IMAGE.test(found.file) ? `![${label}](${url})` : `[${label}](${url})`;
        }
        if (found) return `[${label}](${pathHref(found.path, hash)})`;
        result.unresolved += 1;
        return `[${label}](${pathHref(resolver.dangling(name), hash)})`;
      })
      .replace(MD_LINK, (match, bang: string, text: string, rawDest: string, title: string) => {
        const dest = rawDest.startsWith('<') ? rawDest.slice(1, -1) : rawDest;
        if (/^[a-z][a-z0-9+.-]*:|^\/|^#/i.test(dest)) return match;
        const [file = '', hash = ''] = dest.split('#');
        const found = resolver.relative(fromFile, file);
        if (!found) return match;
        if (found.kind === 'asset') return `${bang}[${text}](${useAsset(found.file)}${title})`;
        return `${bang}[${text}](${pathHref(found.path, hash)}${title})`;
      });
  let last = 0;
  for (const match of body.matchAll(PROTECTED)) {
    result.body += rewrite(body.slice(last, match.index)) + match[0];
    last = match.index + match[0].length;
  }
  result.body += rewrite(body.slice(last));
  return result;
}
