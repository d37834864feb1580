// What a link of an imported note names, resolved the way the tool that wrote it resolves it:
// - Obsidian's `[[name]]` (and its Markdown links by name): case-insensitive; the path from the
//   vault's root first, then from the note's own folder, then the shortest path ending in the name;
//   aliases from front matter when no file has the name.
// - Wiki.js's site-absolute `/path` and `/<locale>/path`: case-sensitive, from the import's root.
// - Outline: relative paths for its uploads, `/doc/<title-slug>-<urlId>` for its documents.
// - Quire's export and plain folders: relative paths (`../b.md`, `img/a.png`).
import path from 'node:path';
import { encodeLinkSegment } from './markdown-file';
import { commonFolder, joinPath, LOCALE_FOLDER, withoutExtension } from './import-plan';

export type LinkTarget = { kind: 'page'; path: string; file: string } | { kind: 'asset'; file: string };

const MARKDOWN = /\.(md|markdown)$/i;

const segmentCount = (file: string) => file.split('/').length;

export class LinkResolver {
  /** Lowercased file paths (pages also without their extension). */
  private readonly byFile = new Map<string, LinkTarget>();
  /** File paths as written (pages also without their extension), for case-sensitive links. */
  private readonly byExactFile = new Map<string, LinkTarget>();
  /** Lowercased base names (pages also without their extension): every file of that name. */
  private readonly byName = new Map<string, { file: string; target: LinkTarget }[]>();
  /** The folder wrapping every file (`wiki-docs/` in a zip of a clone), where `/` links start. */
  private readonly siteRoot: string;
  /** Pages by the slug Outline makes of a document's title (its file name), for `/doc/…` links. */
  private readonly byOutlineSlug = new Map<string, LinkTarget>();

  constructor(
    pages: { file: string; path: string }[],
    assets: string[],
    private readonly parentPath: string,
  ) {
    this.siteRoot = commonFolder([...pages.map((page) => page.file), ...assets]);
    for (const page of pages) {
      const target: LinkTarget = { kind: 'page', path: page.path, file: page.file };
      this.add(page.file, target);
      const slug = outlineSlug(withoutExtension(page.file.split('/').pop() ?? ''));
      if (slug && !this.byOutlineSlug.has(slug)) this.byOutlineSlug.set(slug, target);
    }
    for (const file of assets) this.add(file, { kind: 'asset', file });
  }

  private add(file: string, target: LinkTarget): void {
    const keys = target.kind === 'page' ? [file, withoutExtension(file)] : [file];
    // `a/index.md` is the page of folder `a` (import-plan.ts): `/a` names it too.
    if (target.kind === 'page' && /(^|\/)index\.(md|markdown)$/i.test(file)) {
      keys.push(file.replace(/\/?index\.(md|markdown)$/i, ''));
    }
    for (const key of keys) {
      if (!this.byFile.has(key.toLowerCase())) this.byFile.set(key.toLowerCase(), target);
      if (!this.byExactFile.has(key)) this.byExactFile.set(key, target);
    }
    const base = (file.split('/').pop() ?? file).toLowerCase();
    for (const name of target.kind === 'page' ? [withoutExtension(base), base] : [base]) {
      const list = this.byName.get(name) ?? [];
      list.push({ file, target });
      this.byName.set(name, list);
    }
  }

  /** An alias (Obsidian front matter) answers `[[alias]]` when no file has that name. */
  addAlias(alias: string, page: { file: string; path: string }): void {
    const key = alias.trim().toLowerCase();
    if (key && !this.byName.has(key)) {
      this.byName.set(key, [{ file: '', target: { kind: 'page', path: page.path, file: page.file } }]);
    }
  }

  private fileKey(key: string): LinkTarget | null {
    return this.byFile.get(key) ?? this.byFile.get(`${key}.md`) ?? null;
  }

  /** `[[name]]` from `fromFile`, as Obsidian finds it; null when no file answers. */
  wiki(name: string, fromFile: string): LinkTarget | null {
    const key = name.trim().replace(/^\/+/, '').toLowerCase();
    if (!key) return null;
    const fromRoot = this.fileKey(`${this.siteRoot.toLowerCase()}${key}`) ?? this.fileKey(key);
    if (fromRoot) return fromRoot;
    const folder = path.posix.dirname(fromFile).toLowerCase();
    const fromFolder = folder === '.' ? null : this.fileKey(`${folder}/${key}`);
    if (fromFolder) return fromFolder;
    const candidates = (this.byName.get(key.split('/').pop() ?? key) ?? []).filter(({ file }) => {
      const lower = `/${file.toLowerCase()}`;
      return file === '' || lower.endsWith(`/${key}`) || withoutExtension(lower).endsWith(`/${key}`);
    });
    candidates.sort((a, b) => segmentCount(a.file) - segmentCount(b.file) || a.file.localeCompare(b.file));
    return candidates[0]?.target ?? null;
  }

  /**
   * A relative Markdown link from `fromFile`; when no file is there, by name as Obsidian writes its
   * Markdown links (`Note.md`, `shot.png`, `Folder/Note.md` from anywhere). Null when it leaves the
   * import or names nothing.
   */
  relative(fromFile: string, destination: string): LinkTarget | null {
    const decoded = decodedLink(destination);
    const joined = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), decoded));
    if (joined.startsWith('..')) return null;
    const here = this.byFile.get(joined.toLowerCase());
    if (here) return here;
    return decoded.startsWith('.') ? null : this.wiki(decoded, fromFile);
  }

  /**
   * A site-absolute link (Wiki.js: `/auth/ldap`, `/assets/x.png`, `/en/install`), case-sensitive:
   * from the import's root, then within the linking note's locale folder, then without a locale.
   */
  absolute(fromFile: string, destination: string): LinkTarget | null {
    const key = decodedLink(destination).replace(/^\/+/, '').replace(/\/+$/, '');
    const root = this.siteRoot;
    const exact = (k: string) =>
      this.byExactFile.get(`${root}${k}`) ?? this.byExactFile.get(`${root}${k}.md`) ?? null;
    const found = exact(key);
    if (found) return found;
    const [locale = '', ...inFolder] = fromFile.slice(root.length).split('/');
    if (inFolder.length > 0 && LOCALE_FOLDER.test(locale)) {
      const inLocale = exact(`${locale}/${key}`);
      if (inLocale) return inLocale;
    }
    const outline = /^doc\/(.+)-[A-Za-z0-9]{10}$/.exec(key);
    if (outline) return this.byOutlineSlug.get(outline[1] ?? '') ?? null;
    const [first = '', ...rest] = key.split('/');
    return rest.length > 0 && LOCALE_FOLDER.test(first) ? exact(rest.join('/')) : null;
  }

  /** Where an unanswered `[[name]]` points: where such a page would be under the import. */
  dangling(name: string): string {
    return joinPath(this.parentPath, name.trim().replace(MARKDOWN, '').split('/').filter(Boolean));
  }
}

/** A title as Outline puts it in a document's URL: lower case, runs of other characters as `-`. */
const outlineSlug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');

/** Percent-decoded, or as written when it is not valid percent-encoding. */
export function decodedLink(destination: string): string {
  try {
    return decodeURIComponent(destination);
  } catch {
    return destination;
  }
}

/** A page path as a link destination: each segment percent-encoded, `/` kept. */
export function pathHref(pagePath: string, hash = ''): string {
  const encoded = pagePath.split('/').map(encodeLinkSegment).join('/');
  return `${encoded || '/'}${hash ? `#${encodeURIComponent(hash)}` : ''}`;
}
