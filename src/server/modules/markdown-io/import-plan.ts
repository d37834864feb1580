// Which file becomes which page: folders are paths (`a/b.md` under `/docs` → `/docs/a/b`, `a/b/`
// holds its children, `index.md` is its folder's page), every other file may become an attachment.
// Names SPEC §5 refuses are renamed and reported, never dropped; two files that would be one page
// are told apart with ` (2)`. Hidden files and folders (`.obsidian/`, `.git/`, `.DS_Store`) and
// macOS's `__MACOSX/` are left out. Pure: no disk, no database.
import { isCreatablePage } from '../../../shared/page-path';
import { MARKDOWN_EXTENSIONS, type MarkdownImportRenamed } from '../../../shared/markdown-io-types';

export interface PlannedPage {
  file: string;
  path: string;
}

export interface ImportPlan {
  pages: PlannedPage[];
  /** Files that are not Markdown: attachments of the page that links them first. */
  assets: string[];
  renamed: MarkdownImportRenamed[];
  /** Pages whose path differs from an earlier page's only in letter case: file → the earlier file. */
  caseClashes: Map<string, string>;
  /** Files of locale folders other than the chosen one, left out. */
  otherLocales: string[];
}

export function isMarkdownFile(file: string): boolean {
  const lower = file.toLowerCase();
  return MARKDOWN_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

function isIgnored(file: string): boolean {
  return file.split('/').some((segment) => segment.startsWith('.') || segment === '__MACOSX');
}

export function withoutExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/** The path segments a Markdown file asks for, relative to the import's parent. */
function segmentsOf(file: string): string[] {
  const parts = file.split('/');
  const last = withoutExtension(parts.pop() ?? '');
  return last.toLowerCase() === 'index' ? parts : [...parts, last];
}

export function joinPath(parent: string, segments: string[]): string {
  if (segments.length === 0) return parent;
  return `${parent === '/' ? '' : parent}/${segments.join('/')}`;
}

/** One segment made acceptable: SPEC §5's forbidden characters become `_`, no control characters. */
function cleanSegment(segment: string): string {
  const cleaned = segment
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(/[\^$*+#%?<>\\]/g, '_')
    .trim();
  return cleaned.replace(/^\.\./, '_.') || '_';
}

/**
 * A creatable path for the segments, as close to what was asked as SPEC §5 allows: cleaned
 * segments, then `_` after a last segment that is `edit` or ends in `.md`, then after a first
 * segment that is a reserved area (`/admin`, `/user/x`…), then the segments joined flat.
 */
export function creatablePath(parent: string, segments: string[]): string {
  const cleaned = segments.map(cleanSegment);
  const last = cleaned.length - 1;
  if (last >= 0 && (/^edit$/i.test(cleaned[last]!) || /\.md$/i.test(cleaned[last]!))) cleaned[last] += '_';
  let candidate = joinPath(parent, cleaned);
  if (isCreatablePage(candidate)) return candidate;
  if (parent === '/' && cleaned.length > 0) {
    cleaned[0] += '_';
    candidate = joinPath(parent, cleaned);
    if (isCreatablePage(candidate)) return candidate;
  }
  return joinPath(parent, [cleaned.join('_') || '_']);
}

function numbered(path: string, n: number): string {
  return path === '/' ? `/(${n})` : `${path} (${n})`;
}

/**
 * The one folder every file is in (`vault/` when a zip or a chosen folder wraps everything), or ''.
 * Site-absolute links and locale folders are read from there.
 */
export function commonFolder(files: readonly string[]): string {
  const first = files[0]?.split('/')[0];
  if (first === undefined || !files.every((f) => f.startsWith(`${first}/`))) return '';
  return `${first}/`;
}

/** A top-level folder Wiki.js keeps a locale's pages in: `en`, `fr`, `zh-cn`, `pt-BR`. */
export const LOCALE_FOLDER = /^[a-z]{2}(-[a-z]{2,4})?$/i;

/** The locale folders (`en`, `fr`) holding Markdown, at the top or inside the one wrapping folder. */
export function localeFolders(files: readonly string[]): string[] {
  const base = commonFolder(files);
  const found = new Set<string>();
  for (const file of files) {
    const [folder = '', ...rest] = file.slice(base.length).split('/');
    if (rest.length > 0 && LOCALE_FOLDER.test(folder) && isMarkdownFile(file)) found.add(folder);
  }
  return [...found].sort();
}

/**
 * With a `locale` chosen: the file as it would be were that locale's folder the import's root, or
 * null for a file of another locale's folder. Files outside locale folders stay as they are.
 */
function inLocale(file: string, base: string, locale: string): string | null {
  const [folder = '', ...rest] = file.slice(base.length).split('/');
  if (rest.length === 0 || !LOCALE_FOLDER.test(folder)) return file;
  return folder.toLowerCase() === locale.toLowerCase() ? `${base}${rest.join('/')}` : null;
}

/**
 * `htmlPages`: `.html` files that are pages (Wiki.js's HTML editor: import-wikijs.ts). `locale`:
 * import only that locale's folder (Wiki.js: `en/`), at the parent path; other locales' folders are
 * left out (`otherLocales`).
 */
export function planImport(
  files: string[],
  parentPath: string,
  htmlPages = new Set<string>(),
  locale = '',
): ImportPlan {
  const plan: ImportPlan = { pages: [], assets: [], renamed: [], caseClashes: new Map(), otherLocales: [] };
  const base = commonFolder(files);
  const taken = new Set<string>();
  const byLowerPath = new Map<string, string>(); // lowercased path → the first file
  const sorted = files.filter((f) => !isIgnored(f)).sort();
  for (const file of sorted) {
    if (!isMarkdownFile(file) && !htmlPages.has(file)) {
      plan.assets.push(file);
      continue;
    }
    const placed = locale ? inLocale(file, base, locale) : file;
    if (placed === null) {
      plan.otherLocales.push(file);
      continue;
    }
    const segments = segmentsOf(placed);
    const wanted = joinPath(parentPath, segments);
    let path = creatablePath(parentPath, segments);
    for (let n = 2; taken.has(path); n++) path = numbered(creatablePath(parentPath, segments), n);
    taken.add(path);
    const first = byLowerPath.get(path.toLowerCase());
    if (first === undefined) byLowerPath.set(path.toLowerCase(), file);
    else plan.caseClashes.set(file, first);
    plan.pages.push({ file, path });
    if (path !== wanted) plan.renamed.push({ file, wanted, path });
  }
  return plan;
}
