// GROWI 7's scoped access tokens (issue 28): which scopes exist, what a token's scopes grant, and
// which scope each API route needs. Scopes read `{read|write}:{category}[:{sub}[:{item}]]`, with
// `*` for a whole category; a write scope grants the read scope of the same thing, as in GROWI.

const ADMIN = [
  'top',
  'app',
  'security',
  'markdown',
  'customize',
  'import_data',
  'export_data',
  'external_notification',
  'legacy_slack_integration',
  'user_management',
  'user_group_management',
  'audit_log',
  'plugin',
  'full_text_search',
].map((name) => `admin:${name}`);
const USER_SETTINGS = [
  'info',
  'external_account',
  'password',
  'api:api_token',
  'api:access_token',
  'in_app_notification',
  'other',
].map((name) => `user_settings:${name}`);
const FEATURES = [
  'page',
  'share_link',
  'bookmark',
  'attachment',
  'in_app_notification',
  'user',
  'user_group',
].map((name) => `features:${name}`);

/** Every scope subject (without the action), leaves only. */
export const SCOPE_SUBJECTS: readonly string[] = [...ADMIN, ...USER_SETTINGS, ...FEATURES];
export const SCOPE_ACTIONS = ['read', 'write'] as const;
/** The wildcard scopes a form offers: a whole category for reading or writing. */
export const SCOPE_GROUPS = ['features', 'user_settings', 'admin'] as const;

/** A scope GROWI's clients may send: a leaf, or a wildcard over a category or sub-category. */
export function isValidScope(scope: string): boolean {
  const [action, ...rest] = scope.split(':');
  if (!SCOPE_ACTIONS.includes(action as 'read')) return false;
  const subject = rest.join(':');
  if (subject === '*') return true;
  if (subject.endsWith(':*')) {
    const prefix = subject.slice(0, -1);
    return SCOPE_SUBJECTS.some((s) => s.startsWith(prefix));
  }
  return SCOPE_SUBJECTS.includes(subject);
}

/** The leaf scopes a token's scopes grant: wildcards expanded, each write granting its read. */
export function grantedScopes(scopes: readonly string[]): Set<string> {
  const granted = new Set<string>();
  for (const scope of scopes) {
    if (!isValidScope(scope)) continue;
    const [action, ...rest] = scope.split(':');
    const subject = rest.join(':');
    const prefix = subject === '*' ? '' : subject.endsWith(':*') ? subject.slice(0, -1) : null;
    const leaves = prefix === null ? [subject] : SCOPE_SUBJECTS.filter((s) => s.startsWith(prefix));
    for (const leaf of leaves) {
      granted.add(`${action}:${leaf}`);
      if (action === 'write') granted.add(`read:${leaf}`);
    }
  }
  return granted;
}

/**
 * What each family of routes needs, by the path after `/_api/v3` or `/_api` (first match wins).
 * A route outside every family is refused to scoped tokens (API tokens keep full access).
 */
const ROUTE_SUBJECTS: [RegExp, string][] = [
  [/^\/personal-setting\/access-token/, 'user_settings:api:access_token'],
  [/^\/personal-setting\/api-token/, 'user_settings:api:api_token'],
  [/^\/personal-setting\/password|^\/personal-setting\/is-password-set/, 'user_settings:password'],
  [
    /^\/personal-setting\/(external-accounts|(associate|disassociate)-ldap)/,
    'user_settings:external_account',
  ],
  [/^\/personal-setting\/in-app-notification-settings/, 'user_settings:in_app_notification'],
  [/^\/personal-setting/, 'user_settings:info'],
  [
    /^\/(page|pages|page-listing|revisions|tags\.|pages\.|comments\.|search$|search\?|subscriptions)/,
    'features:page',
  ],
  [/^\/search\/(indices|connection)/, 'admin:full_text_search'],
  [/^\/search/, 'features:page'],
  [/^\/share-links/, 'features:share_link'],
  [/^\/bookmarks/, 'features:bookmark'],
  [/^\/(attachment|attachments\.)/, 'features:attachment'],
  [/^\/in-app-notification/, 'features:in_app_notification'],
  [/^\/users\/(usernames|list|[^/]+\/recent)/, 'features:user'],
  [/^\/users/, 'admin:user_management'],
  [/^\/user-group-relations/, 'features:user_group'],
  [/^\/user-groups/, 'admin:user_group_management'],
  [/^\/admin-home/, 'admin:top'],
  [/^\/app-settings/, 'admin:app'],
  [/^\/security-setting/, 'admin:security'],
  [/^\/markdown-setting/, 'admin:markdown'],
  [/^\/customize-setting/, 'admin:customize'],
  [/^\/export/, 'admin:export_data'],
  [/^\/import/, 'admin:import_data'],
  [/^\/notification-setting/, 'admin:external_notification'],
  [/^\/slack-integration-legacy-setting/, 'admin:legacy_slack_integration'],
  [/^\/plugins/, 'admin:plugin'],
  [/^\/activity/, 'admin:audit_log'],
  // What every client asks first, signed in or not: any token will do.
  [/^\/(healthcheck|app-config|csrf-token)/, ''],
];

/** The scope a request needs ('' any token; null: no scoped token may make it). */
export function requiredScope(method: string, url: string): string | null {
  const path = (url.split('?')[0] ?? '').replace(/^\/_api(\/v3)?/, '');
  const found = ROUTE_SUBJECTS.find(([pattern]) => pattern.test(path));
  if (!found) return null;
  if (found[1] === '') return '';
  const action = method === 'GET' || method === 'HEAD' ? 'read' : 'write';
  return `${action}:${found[1]}`;
}
