// One page as a Markdown file: YAML front matter (title, tags, created, updated, author) and the
// body. The shape other wikis read (Obsidian, Wiki.js, Hugo): `---`, YAML, `---`, then Markdown.
import path from 'node:path';
import { stringify } from 'yaml';
import { splitFrontMatter } from './import-front-matter';
import type { Page } from '../../../shared/api-types';

export interface FrontMatter {
  title: string;
  tags: string[];
  created: string;
  updated: string;
  author: string | null;
}

export function frontMatterOf(page: Page, tags: string[]): FrontMatter {
  return {
    title: titleOf(page.path),
    tags,
    created: page.createdAt,
    updated: page.updatedAt,
    author: page.creator?.username ?? null,
  };
}

/**
 * The file: Quire's front matter, then the body. A body that has front matter of its own (fields
 * an import kept: a Wiki.js `title` and `description`, Obsidian's `cssclasses`) gives one block of
 * both, its own `title` first; an import reads them back into the same body.
 */
export function markdownFile(frontMatter: FrontMatter, body: string): string {
  const own = splitFrontMatter(body);
  // Tags, dates and author are Quire's own facts: a body's copy of them does not win.
  const { tags, created, updated, author } = frontMatter;
  const fields = own ? { ...frontMatter, ...own.fields, tags, created, updated, author } : frontMatter;
  return `---\n${stringify(fields)}---\n\n${own ? own.rest : body}`;
}

/** The last segment of a path (`/a/b` → `b`); the top page is "Top". */
export function titleOf(pagePath: string): string {
  return pagePath.split('/').filter(Boolean).pop() ?? 'Top';
}

/** Characters Windows and macOS refuse in file names become `_`. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\\:*?"<>|\u0000-\u001f]/g;

/** Where a page's file goes in an export: `/a/b` → `a/b.md`; the top page → `index.md`. */
export function fileOfPage(pagePath: string): string {
  const segments = pagePath
    .split('/')
    .filter(Boolean)
    .map((s) => (s === '.' || s === '..' ? '_' : s.replace(UNSAFE, '_')));
  return segments.length === 0 ? 'index.md' : `${segments.join('/')}.md`;
}

/** The folder that holds a page's children and attachments: `a/b.md` → `a/b`. */
export function folderOfPage(file: string): string {
  return file === 'index.md' ? '' : file.slice(0, -'.md'.length);
}

/**
 * One path segment as a link destination: percent-encoded, parentheses too (`Demos (1968).ogg`):
 * a bare `)` ends a Markdown link's destination for most readers.
 */
export function encodeLinkSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/[()]/g, (c) => (c === '(' ? '%28' : '%29'));
}

const ATTACHMENT_URL = /(?:https?:\/\/[^\s()<>"']+?)?\/(?:attachment|download)\/([0-9a-f]{24})\b/g;

/**
 * Rewrites links to this wiki's attachments (`/attachment/{id}`, `/download/{id}`, with or
 * without the server's address) into paths relative to the page's file, for the ids in `files`.
 */
export function rewriteAttachmentLinks(body: string, pageFile: string, files: Map<string, string>): string {
  const from = path.posix.dirname(pageFile);
  return body.replace(ATTACHMENT_URL, (match, id: string) => {
    const target = files.get(id);
    if (!target) return match;
    const relative = path.posix.relative(from, target);
    return relative.split('/').map(encodeLinkSegment).join('/');
  });
}
