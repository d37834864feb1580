// Page path rules (SPEC §2 reserved areas, §5 validation). Pure functions shared by server and renderer.

/** Top-level areas owned by the application: never page paths (SPEC §2). */
export const RESERVED_TOP_LEVEL_AREAS = [
  'installer',
  'register',
  'login',
  'logout',
  'admin',
  'me',
  'files',
  'trash',
  'paste',
  'comments',
  'tags',
  'share',
] as const;

export const PATH_ERRORS = {
  invalidCharacters: 'Invalid characters on path',
  invalidFormat: 'Invalid path format',
  newPathRequired: 'Please input the new page path',
} as const;

const reservedAreaPattern = new RegExp(`^/(${RESERVED_TOP_LEVEL_AREAS.join('|')})(/|$)`);

/**
 * Further areas GROWI's `isCreatablePage` (@growi/core page-path-utils) refuses: routes of the
 * application itself (`/attachment/{id}` and `/_search` are Quire's too, so a page there could never
 * be opened) and the user area's fixed pages, `/user` and each user's home root `/user/{name}`.
 * `/forgot-password` is Quire's "forgot password" screen (GROWI's route too, issue 14).
 */
const APP_ROUTE_AREAS = [
  'attachment',
  '_search',
  '_private-legacy-pages',
  '_news',
  'forgot-password',
] as const;
const appRoutePattern = new RegExp(`^/(${APP_ROUTE_AREAS.join('|')})(/|$)`);

/** GROWI refuses paths 130 or more segments deep (its regular expression, counted instead). */
const MAX_SEGMENTS = 129;

/**
 * Each pattern makes a path not creatable: one per bullet of SPEC §5, then GROWI's own additions
 * (documented in docs/API.md, with the one place where Quire is stricter: `/edit` alone, which SPEC's
 * "ends with /edit" refuses and GROWI allows).
 */
const NOT_CREATABLE: readonly RegExp[] = [
  /[\^$*+#%?<>]/, // forbidden characters (SPEC), plus GROWI's < and >
  /^\/-\//, // /-/ prefix
  /^\/_r\//, // /_r/ prefix
  /^\/_apix?(\/|$)/, // API namespaces
  /^\/?https?:\/\//, // an http(s) address
  /\/{2,}/, // two or more consecutive slashes
  /\s+\/\s+/, // a slash with whitespace around it
  /\/edit$/, // ends with /edit
  /\.md$/, // ends with .md
  /^\.\.$/, // exactly ..
  /(^|\/)\.\.(\/|$)/, // a .. segment
  /\/\.\./, // GROWI: any segment starting with .. (growi#3582)
  /\\/, // GROWI: a backslash (growi#7241; it also breaks Markdown export on Windows)
  reservedAreaPattern,
  appRoutePattern,
  /^\/user(\/[^/]+)?$/, // GROWI: /user and a user's home root
];

export function isCreatablePage(path: string): boolean {
  if (NOT_CREATABLE.some((pattern) => pattern.test(path))) return false;
  let slashes = 0;
  for (let i = 0; i < path.length; i++) if (path.charCodeAt(i) === 47) slashes++;
  return slashes <= MAX_SEGMENTS;
}

/** `/trash` and everything below it: pages deleted to the trash. */
export function isTrashPath(path: string): boolean {
  return path === '/trash' || path.startsWith('/trash/');
}

export function isTopPage(path: string): boolean {
  return path === '/';
}

/** GROWI's `isMovablePage`: not the top page, not `/user` nor a user's home page. */
export function isMovablePath(path: string): boolean {
  return !isTopPage(path) && path !== '/user' && !/^\/user\/[^/]+$/.test(path);
}

export function isReservedArea(path: string): boolean {
  return reservedAreaPattern.test(path);
}

/** `/foo/_template` (children) or `/foo/__template` (descendants). */
export function isTemplatePath(path: string): boolean {
  return /\/_{1,2}template$/.test(path);
}

/** Permalinks are the 24-hex page id right under the root, as in GROWI. */
export function isPermalink(path: string): boolean {
  return /^\/[\da-f]{24}$/.test(path);
}

export function isUserPage(path: string): boolean {
  return /^\/user\/[^/]+(\/|$)/.test(path);
}

export function userPageRoot(username: string): string {
  return `/user/${username}`;
}

/** Leading slash added, trailing slashes removed (except for the root). */
export function normalizePath(path: string): string {
  let normalized = path.startsWith('/') ? path : `/${path}`;
  while (normalized.length > 1 && normalized.endsWith('/')) normalized = normalized.slice(0, -1);
  return normalized;
}

/** Spaces become %20 and ideographic spaces %E3%80%80 so paths survive in URLs (SPEC §5). */
export function encodeSpaces(path: string): string {
  return path.replace(/ /g, '%20').replace(/\u3000/g, '%E3%80%80');
}

/** Encodes a page path for use as a URL path: every segment is percent-encoded, slashes kept. */
export function pathToUrl(path: string): string {
  return path
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
}

/** Joins path parts into an editor URL (`/a/b#edit`); throws with SPEC's messages. */
export function generateEditorPath(...paths: string[]): string {
  const joined = paths.join('/');
  if (!isCreatablePage(joined)) throw new Error(PATH_ERRORS.invalidCharacters);
  let pathname: string;
  try {
    encodeURI(joined); // throws on text that is not well-formed (a lone surrogate)
    pathname = new URL(joined, 'https://quire.invalid').pathname;
  } catch {
    throw new Error(PATH_ERRORS.invalidFormat);
  }
  return `${encodeSpaces(pathname)}#edit`;
}

/**
 * Rewrites `childPath` from the old prefix to the new one (moving a subtree).
 * The old prefix is matched case-insensitively (SPEC §5).
 */
export function convertToNewAffiliationPath(
  oldPath: string,
  newPath: string | null | undefined,
  childPath: string,
): string {
  if (newPath == null) throw new Error(PATH_ERRORS.newPathRequired);
  const escaped = oldPath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return childPath.replace(new RegExp(`^${escaped}`, 'i'), newPath);
}

export interface SplitPath {
  isRoot: boolean;
  isFormerRoot: boolean;
  former: string;
  latter: string;
}

/**
 * Splits a path into its parent part and its last name. With `evalDatePath`, a trailing
 * date (yyyy, yyyy/MM or yyyy/MM/dd) is kept together as the latter part.
 */
export function splitPath(path: string, evalDatePath = false): SplitPath {
  if (isTopPage(path)) return { isRoot: true, isFormerRoot: false, former: '', latter: '/' };
  const trimmed = normalizePath(path);
  const pattern = evalDatePath ? /^(.*?)\/(\d{4}(?:\/\d{2}(?:\/\d{2})?)?|[^/]+)$/ : /^(.*)\/([^/]+)$/;
  const match = pattern.exec(trimmed);
  const former = match?.[1] ?? '';
  const latter = match?.[2] ?? trimmed.slice(1);
  return { isRoot: false, isFormerRoot: former === '', former: former === '' ? '/' : former, latter };
}

/** yyyy/MM/dd for today's memo (SPEC §9). */
export function formatDatePath(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}/${pad(date.getMonth() + 1)}/${pad(date.getDate())}`;
}
