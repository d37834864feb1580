// `$lsx(...)`: GROWI's list of the pages below a path. The isomorphic half: reading the macro's
// arguments into a request (renderer) and checking that request (server), plus the tree the
// renderer draws from the flat answer.
import { MacroOptionError, parseDepthOption, parseNumOption, type OffsetLimit, type Range } from './options';
import type { MacroArg } from './args';

export const LSX_SORTS = ['path', 'createdAt', 'updatedAt'] as const;
export type LsxSort = (typeof LSX_SORTS)[number];

/** The longest filter or except text; they are plain text, never run as regular expressions. */
export const MAX_FILTER_LENGTH = 200;
/** Pages per answer: the first screen, and each "load more". */
export const LSX_PAGE_SIZE = 50;
export const LSX_MAX_LIMIT = 500;

/** The list options the route takes (GROWI's `options[...]` of `GET /_api/lsx`). */
export interface LsxListOptions {
  depth?: Range;
  filter?: string;
  except?: string;
  sort: LsxSort;
  reverse: boolean;
}

/** A `$lsx` macro read from its arguments: which list, and which slice of it (`num`). */
export interface LsxMacro {
  prefix: string;
  options: LsxListOptions;
  /** The raw option texts, sent to the route as they were written. */
  query: Record<string, string>;
  num: OffsetLimit | null;
}

const KNOWN = ['prefix', 'num', 'depth', 'sort', 'reverse', 'filter', 'except'];

/** `/a/b` + `c` → `/a/b/c`; `..` and `.` segments resolved; no trailing slash. */
export function resolveMacroPath(target: string, basePath: string): string {
  const absolute = target.startsWith('/');
  const segments = absolute ? [] : basePath.split('/').filter(Boolean);
  for (const segment of target.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`;
}

export function checkFilter(option: 'filter' | 'except', value: string): string {
  if (value === '') throw new MacroOptionError('filter_required', { option });
  if (value.length > MAX_FILTER_LENGTH)
    throw new MacroOptionError('filter_too_long', { option, max: MAX_FILTER_LENGTH });
  return value;
}

export function checkSort(value: string): LsxSort {
  const sort = LSX_SORTS.find((candidate) => candidate === value);
  if (!sort) throw new MacroOptionError('invalid_sort', { value });
  return sort;
}

/** The route's options from their texts (query parameters or macro arguments); throws on a bad one. */
export function readListOptions(texts: Record<string, string | undefined>): LsxListOptions {
  const options: LsxListOptions = { sort: 'path', reverse: false };
  if (texts.depth !== undefined) options.depth = parseDepthOption(texts.depth);
  if (texts.filter !== undefined) options.filter = checkFilter('filter', texts.filter);
  if (texts.except !== undefined) options.except = checkFilter('except', texts.except);
  if (texts.sort !== undefined) options.sort = checkSort(texts.sort);
  // A bare `reverse` is a flag; `reverse=false` turns it off.
  if (texts.reverse !== undefined) options.reverse = texts.reverse === '' || texts.reverse === 'true';
  return options;
}

/**
 * The macro from its arguments on the page at `pagePath`. The first bare word is the path
 * (`$lsx(/a)`, GROWI's "prefix"); relative paths resolve against the page. Throws
 * MacroOptionError on a bad option; unknown options are ignored, as GROWI's sanitizer drops them.
 */
export function readLsxMacro(args: readonly MacroArg[], pagePath: string): LsxMacro {
  const query: Record<string, string> = {};
  let prefix: string | undefined;
  args.forEach((arg, index) => {
    if (index === 0 && arg.value === '' && !KNOWN.includes(arg.key)) prefix = arg.key;
    else if (KNOWN.includes(arg.key)) query[arg.key] = arg.value;
  });
  if (query.prefix !== undefined && query.prefix !== '') prefix = query.prefix;
  const { num, prefix: _prefix, ...listTexts } = query;
  const options = readListOptions(listTexts);
  return {
    prefix: resolveMacroPath(prefix ?? pagePath, pagePath),
    options,
    query: listTexts,
    num: num === undefined ? null : parseNumOption(num),
  };
}

/** Depth of a path: `/` 0, `/a` 1, `/a/b` 2. */
export function depthOfPath(path: string): number {
  return path === '/' ? 0 : path.split('/').length - 1;
}

export interface LsxNode {
  path: string;
  /** The listed page at this path; absent for an ancestor that is only there to hold the tree. */
  pageId?: string;
  children: LsxNode[];
}

/**
 * The listed pages as a tree below `prefix`, in the order given: an ancestor that is not listed
 * (not written, not readable, or outside `depth`) still groups its children, as a bare path.
 */
export function buildLsxTree(
  prefix: string,
  pages: readonly { _id: string; path: string }[],
  depth?: Range,
): LsxNode[] {
  const top: LsxNode[] = [];
  const byPath = new Map<string, LsxNode>();
  const minDepth = depthOfPath(prefix) + (depth?.start ?? 1);
  const nodeFor = (path: string): LsxNode | null => {
    if (depthOfPath(path) < minDepth) return null;
    const known = byPath.get(path);
    if (known) return known;
    const node: LsxNode = { path, children: [] };
    byPath.set(path, node);
    const parentPath = path.slice(0, path.lastIndexOf('/')) || '/';
    const parent = nodeFor(parentPath);
    (parent ? parent.children : top).push(node);
    return node;
  };
  for (const page of pages) {
    const node = nodeFor(page.path);
    if (node) node.pageId = page._id;
  }
  return top;
}

/** An absolute page path without a trailing slash, or null (relative, empty segment, control chars). */
export function normalizeMacroPath(path: string): string | null {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const hasControl = [...trimmed].some((char) => char.charCodeAt(0) < 0x20);
  if (!trimmed.startsWith('/') || trimmed.includes('//') || hasControl) return null;
  return trimmed === '' ? '/' : trimmed;
}
