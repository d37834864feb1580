// Front matter as the wikis people leave write it: Quire's own export and Obsidian (`tags` and
// `aliases` as lists), Wiki.js (`tags: a, b` as one string, `date` = updated, `dateCreated`),
// Hugo/Jekyll style `date`, `created`/`updated`/`modified`. Outline writes none: its dates come from
// the zip entry's comment (JSON), read by the caller.
import { parse, stringify } from 'yaml';
import { FRONT_MATTER_BLOCK } from '../../../shared/front-matter-fields';
import { normalizeTagName, TAGS_PER_PAGE_MAX } from '../../../shared/social-types';

export interface ParsedMarkdown {
  body: string;
  tags: string[];
  aliases: string[];
  createdAt: Date | null;
  updatedAt: Date | null;
  /** The author's user name (Quire's export writes it). */
  author: string | null;
  /** True when a front matter block was there but was not YAML: it stays in the body. */
  invalidFrontMatter: boolean;
  /**
   * The fields Quire has no place for (Wiki.js's `title` and `description`, Obsidian's `cssclasses`,
   * anything of the writer's own), in their order; null when there are none. They are kept as the
   * page's own front matter (the page view shows them, the export writes them again).
   */
  extra: Record<string, unknown> | null;
}

/** Keys read into Quire's own facts: tags, aliases, dates, author. */
const READ_KEYS = new Set([
  'tags',
  'tag',
  'aliases',
  'alias',
  'author',
  'updated',
  'modified',
  'dateUpdated',
  'updatedAt',
  'lastmod',
  'date',
  'created',
  'dateCreated',
  'createdAt',
]);

/** The fields left over; `title` too when it is not just the page's own name. */
function extraFields(
  fields: Record<string, unknown>,
  pageName: string | undefined,
): Record<string, unknown> | null {
  const extra = Object.entries(fields).filter(
    ([key, value]) => !READ_KEYS.has(key) && !(key === 'title' && String(value).trim() === pageName),
  );
  return extra.length > 0 ? Object.fromEntries(extra) : null;
}

type Block =
  | { kind: 'none' }
  | { kind: 'invalid' }
  | { kind: 'fields'; fields: Record<string, unknown> | null; rest: string };

/** The leading front matter block: none, not YAML (or not a mapping), or its fields (null: empty). */
function readBlock(text: string): Block {
  const match = FRONT_MATTER_BLOCK.exec(text);
  if (!match) return { kind: 'none' };
  let data: unknown;
  try {
    data = parse(match[1] ?? '', { maxAliasCount: 100 });
  } catch {
    return { kind: 'invalid' };
  }
  const after = text.slice(match[0].length);
  // An empty block leaves the body as it follows; a block with fields, without its blank line.
  if (data === null || data === undefined) return { kind: 'fields', fields: null, rest: after };
  if (typeof data !== 'object' || Array.isArray(data)) return { kind: 'invalid' };
  return { kind: 'fields', fields: data as Record<string, unknown>, rest: after.replace(/^\r?\n/, '') };
}

/** The leading front matter block of a body and the rest, or null when it has none that is YAML. */
export function splitFrontMatter(text: string): { fields: Record<string, unknown>; rest: string } | null {
  const block = readBlock(text);
  return block.kind === 'fields' && block.fields ? { fields: block.fields, rest: block.rest } : null;
}

/** A body with these fields as its front matter (none: the body as it is). */
export function withFrontMatter(extra: Record<string, unknown> | null, body: string): string {
  return extra ? `---\n${stringify(extra)}---\n\n${body}` : body;
}

function asDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function firstDate(data: Record<string, unknown>, keys: string[]): Date | null {
  for (const key of keys) {
    const date = asDate(data[key]);
    if (date) return date;
  }
  return null;
}

function stringList(value: unknown): string[] {
  if (Array.isArray(value))
    return value.filter((v) => typeof v === 'string' || typeof v === 'number').map(String);
  if (typeof value === 'string') return value.split(/[,\n]/);
  return [];
}

/** Tags as Quire takes them: `#` dropped (Obsidian), spaces made `-`, invalid ones left out. */
export function tagsOf(value: unknown): string[] {
  const byKey = new Map<string, string>();
  for (const raw of stringList(value)) {
    const name = normalizeTagName(raw.trim().replace(/^#/, '').replace(/\s+/g, '-'));
    if (name && !byKey.has(name.toLowerCase())) byKey.set(name.toLowerCase(), name);
  }
  return [...byKey.values()].slice(0, TAGS_PER_PAGE_MAX);
}

/** `pageName`: the last segment of the page's path (a `title` equal to it is not kept). */
export function parseMarkdown(text: string, pageName?: string): ParsedMarkdown {
  const none: ParsedMarkdown = {
    body: text.replace(/^\uFEFF/, ''),
    tags: [],
    aliases: [],
    createdAt: null,
    updatedAt: null,
    author: null,
    invalidFrontMatter: false,
    extra: null,
  };
  const block = readBlock(text);
  if (block.kind === 'none') return none;
  if (block.kind === 'invalid') return { ...none, invalidFrontMatter: true };
  if (!block.fields) return { ...none, body: block.rest };
  const { fields } = block;
  const updatedAt = firstDate(fields, ['updated', 'modified', 'dateUpdated', 'updatedAt', 'lastmod', 'date']);
  return {
    body: block.rest,
    tags: tagsOf(fields.tags ?? fields.tag),
    aliases: stringList(fields.aliases ?? fields.alias)
      .map((a) => a.trim())
      .filter(Boolean),
    createdAt: firstDate(fields, ['created', 'dateCreated', 'createdAt', 'date']) ?? updatedAt,
    updatedAt,
    author: typeof fields.author === 'string' ? fields.author : null,
    invalidFrontMatter: false,
    extra: extraFields(fields, pageName),
  };
}

/** Outline's zip entry comment: `{"createdAt": "…", "updatedAt": "…"}`. */
export function datesOfComment(comment: string | undefined): {
  createdAt: Date | null;
  updatedAt: Date | null;
} {
  if (!comment) return { createdAt: null, updatedAt: null };
  try {
    const data = JSON.parse(comment) as Record<string, unknown>;
    return { createdAt: asDate(data.createdAt), updatedAt: asDate(data.updatedAt) };
  } catch {
    return { createdAt: null, updatedAt: null };
  }
}
