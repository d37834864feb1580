// Front matter as the wikis people leave write it: Quire's own export and Obsidian (`tags` and
// `aliases` as lists), Wiki.js (`tags: a, b` as one string, `date` = updated, `dateCreated`),
// Hugo/Jekyll style `date`, `created`/`updated`/`modified`. Outline writes none: its dates come from
// the zip entry's comment (JSON), read by the caller.
import { parse } from 'yaml';
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
}

const BLOCK = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

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

export function parseMarkdown(text: string): ParsedMarkdown {
  const none: ParsedMarkdown = {
    body: text.replace(/^\uFEFF/, ''),
    tags: [],
    aliases: [],
    createdAt: null,
    updatedAt: null,
    author: null,
    invalidFrontMatter: false,
  };
  const match = BLOCK.exec(text);
  if (!match) return none;
  let data: unknown;
  try {
    data = parse(match[1] ?? '', { maxAliasCount: 100 });
  } catch {
    return { ...none, invalidFrontMatter: true };
  }
  if (data === null || data === undefined) return { ...none, body: text.slice(match[0].length) };
  if (typeof data !== 'object' || Array.isArray(data)) return { ...none, invalidFrontMatter: true };
  const fields = data as Record<string, unknown>;
  const updatedAt = firstDate(fields, ['updated', 'modified', 'dateUpdated', 'updatedAt', 'lastmod', 'date']);
  return {
    body: text.slice(match[0].length).replace(/^\r?\n/, ''),
    tags: tagsOf(fields.tags ?? fields.tag),
    aliases: stringList(fields.aliases ?? fields.alias)
      .map((a) => a.trim())
      .filter(Boolean),
    createdAt: firstDate(fields, ['created', 'dateCreated', 'createdAt', 'date']) ?? updatedAt,
    updatedAt,
    author: typeof fields.author === 'string' ? fields.author : null,
    invalidFrontMatter: false,
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
