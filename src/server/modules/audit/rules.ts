// Which requests the audit log records, as GROWI's activity log does: by route, with what they were
// done to. Targets are read before the handler runs (a deleted user or group is gone after) and
// never carry a password or a secret: only names, paths and ids.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { AuditAction } from '../../../shared/audit-types';

type Body = Record<string, unknown>;
const bodyOf = (request: FastifyRequest): Body => (request.body as Body | null) ?? {};
const paramOf = (request: FastifyRequest, name: string) =>
  (request.params as Record<string, string>)[name] ?? '';
const str = (value: unknown) => (typeof value === 'string' ? value : '');

export interface AuditRule {
  /** The action for this response, or null to record nothing (e.g. a failed admin change). */
  action(status: number, request: FastifyRequest, location: string): AuditAction | null;
  target?(ctx: AppContext, request: FastifyRequest): string | null;
}

/** Recorded when the request succeeded. */
const onSuccess =
  (action: AuditAction): AuditRule['action'] =>
  (status) =>
    status < 400 ? action : null;

const username = (ctx: AppContext, id: string) => ctx.users.findById(id)?.username ?? id;
const pagePath = (ctx: AppContext, id: string) => ctx.pages.facts(id)?.path ?? id;
const groupName = (ctx: AppContext, id: string) => {
  try {
    return ctx.userGroups.get(id).name;
  } catch {
    return id;
  }
};

const loginName = (request: FastifyRequest) => {
  const body = bodyOf(request);
  const form = (body.loginForm as Body | undefined) ?? body;
  return str(form.username) || null;
};

/**
 * External sign-ins end in a redirect: to /login with an error, or into the wiki. The target is
 * the provider's id (`github`, `saml` …), the same in every language, as settings sections are.
 */
const externalSignIn: AuditRule = {
  action: (_status, _request, location) =>
    location.startsWith('/login?externalAccountLoginError') ? 'USER_LOGIN_FAILURE' : 'USER_LOGIN',
  target: (_ctx, request) => request.routeOptions.url?.split('/')[2] || null,
};

const userAction = (action: AuditAction): AuditRule => ({
  action: onSuccess(action),
  target: (ctx, request) => username(ctx, paramOf(request, 'id')),
});

/** Exact routes (method and Fastify route pattern). */
export const AUDIT_RULES: Record<string, AuditRule> = {
  'POST /_api/v3/login': {
    action: (status) => (status < 400 ? 'USER_LOGIN' : status === 400 ? null : 'USER_LOGIN_FAILURE'),
    target: (_ctx, request) => loginName(request),
  },
  'POST /_api/v3/logout': { action: onSuccess('USER_LOGOUT') },
  'POST /_api/v3/register': {
    action: onSuccess('USER_REGISTRATION'),
    target: (_ctx, request) => str((bodyOf(request).registerForm as Body | undefined)?.username) || null,
  },
  'PUT /_api/v3/personal-setting/password': { action: onSuccess('USER_PASSWORD_UPDATE') },
  'PUT /_api/v3/forgot-password': { action: onSuccess('USER_PASSWORD_RESET') },
  'GET /passport/oidc/callback': externalSignIn,
  'GET /passport/github/callback': externalSignIn,
  'GET /passport/google/callback': externalSignIn,
  'POST /passport/saml/callback': externalSignIn,

  'POST /_api/v3/users/invite': {
    action: onSuccess('ADMIN_USERS_INVITE'),
    target: (_ctx, request) => ((bodyOf(request).shapedEmailList as string[] | undefined) ?? []).join(', '),
  },
  'PUT /_api/v3/users/:id/activate': userAction('ADMIN_USER_ACTIVATE'),
  'PUT /_api/v3/users/:id/deactivate': userAction('ADMIN_USER_DEACTIVATE'),
  'DELETE /_api/v3/users/:id/remove': userAction('ADMIN_USER_REMOVE'),
  'PUT /_api/v3/users/:id/grant-admin': userAction('ADMIN_USER_GRANT_ADMIN'),
  'PUT /_api/v3/users/:id/revoke-admin': userAction('ADMIN_USER_REVOKE_ADMIN'),
  'PUT /_api/v3/users/:id/grant-read-only': userAction('ADMIN_USER_GRANT_READ_ONLY'),
  'PUT /_api/v3/users/:id/revoke-read-only': userAction('ADMIN_USER_REVOKE_READ_ONLY'),
  'PUT /_api/v3/users/reset-password': {
    action: onSuccess('ADMIN_USER_PASSWORD_RESET'),
    target: (ctx, request) => username(ctx, str(bodyOf(request).id)),
  },
  'DELETE /_api/v3/users/external-accounts/:id/remove': {
    action: onSuccess('ADMIN_EXTERNAL_ACCOUNT_REMOVE'),
    target: (_ctx, request) => paramOf(request, 'id'),
  },

  'POST /_api/v3/user-groups': {
    action: onSuccess('ADMIN_USER_GROUP_CREATE'),
    target: (_ctx, request) => str(bodyOf(request).name) || null,
  },
  'PUT /_api/v3/user-groups/:id': {
    action: onSuccess('ADMIN_USER_GROUP_UPDATE'),
    target: (ctx, request) => groupName(ctx, paramOf(request, 'id')),
  },
  'DELETE /_api/v3/user-groups/:id': {
    action: onSuccess('ADMIN_USER_GROUP_DELETE'),
    target: (ctx, request) => groupName(ctx, paramOf(request, 'id')),
  },
  'POST /_api/v3/user-groups/:id/users/:username': {
    action: onSuccess('ADMIN_USER_GROUP_ADD_USER'),
    target: (ctx, request) => `${groupName(ctx, paramOf(request, 'id'))}: ${paramOf(request, 'username')}`,
  },
  'DELETE /_api/v3/user-groups/:id/users/:username': {
    action: onSuccess('ADMIN_USER_GROUP_REMOVE_USER'),
    target: (ctx, request) => `${groupName(ctx, paramOf(request, 'id'))}: ${paramOf(request, 'username')}`,
  },

  'POST /_api/v3/pages/delete': {
    action: (status, request) =>
      status >= 400 ? null : bodyOf(request).isCompletely === true ? 'PAGE_DELETE_COMPLETELY' : 'PAGE_DELETE',
    target: (ctx, request) =>
      Object.keys((bodyOf(request).pageIdToRevisionIdMap as Body | undefined) ?? {})
        .map((id) => pagePath(ctx, id))
        .join(', '),
  },
  'DELETE /_api/v3/pages/empty-trash': { action: onSuccess('PAGE_EMPTY_TRASH') },
  'PUT /_api/v3/pages/rename': {
    action: onSuccess('PAGE_RENAME'),
    target: (ctx, request) =>
      `${pagePath(ctx, str(bodyOf(request).pageId))} → ${str(bodyOf(request).newPagePath)}`,
  },
  'POST /_api/v3/pages/duplicate': {
    action: onSuccess('PAGE_DUPLICATE'),
    target: (ctx, request) =>
      `${pagePath(ctx, str(bodyOf(request).pageId))} → ${str(bodyOf(request).pageNameInput)}`,
  },
  'PUT /_api/v3/pages/revert': {
    action: onSuccess('PAGE_REVERT'),
    target: (ctx, request) => pagePath(ctx, str(bodyOf(request).pageId)),
  },
  'POST /_api/v3/share-links': {
    action: onSuccess('SHARE_LINK_CREATE'),
    target: (ctx, request) => pagePath(ctx, str(bodyOf(request).relatedPage)),
  },
  'DELETE /_api/v3/share-links/:id': {
    action: onSuccess('SHARE_LINK_DELETE'),
    target: (_c, r) => paramOf(r, 'id'),
  },
  'DELETE /_api/v3/share-links/all': { action: onSuccess('SHARE_LINK_DELETE'), target: () => 'all' },

  'POST /_api/v3/export': {
    action: onSuccess('ADMIN_ARCHIVE_EXPORT'),
    target: (_ctx, request) => ((bodyOf(request).collections as string[] | undefined) ?? []).join(', '),
  },
  'POST /_api/v3/import': { action: onSuccess('ADMIN_ARCHIVE_IMPORT') },
  'POST /_api/v3/markdown-import': { action: onSuccess('ADMIN_MARKDOWN_IMPORT') },
  'POST /_api/v3/page-bulk-export': {
    action: onSuccess('PAGE_MARKDOWN_EXPORT'),
    target: (ctx, request) => pagePath(ctx, str(bodyOf(request).pageId)),
  },
  'POST /_api/v3/backups': { action: onSuccess('ADMIN_BACKUP') },
  'POST /_api/v3/backups/:name/restore': {
    action: onSuccess('ADMIN_BACKUP_RESTORE'),
    target: (_ctx, request) => paramOf(request, 'name'),
  },
  'POST /_api/v3/backups/restore-upload': {
    action: onSuccess('ADMIN_BACKUP_RESTORE'),
    target: () => 'upload',
  },
  'PUT /_api/v3/audit-log/settings': { action: onSuccess('ADMIN_AUDIT_LOG_SETTINGS_UPDATE') },
};

/** Whole families of admin settings: the route's last part names the section changed. */
const PREFIX_RULES: [method: string, prefix: string, action: AuditAction][] = [
  ['PUT', '/_api/v3/security-setting/', 'ADMIN_SECURITY_SETTINGS_UPDATE'],
  ['PUT', '/_api/v3/app-settings/', 'ADMIN_APP_SETTINGS_UPDATE'],
  ['PUT', '/_api/v3/customize-setting/', 'ADMIN_APP_SETTINGS_UPDATE'],
  ['PUT', '/_api/v3/markdown-setting/', 'ADMIN_APP_SETTINGS_UPDATE'],
  ['PUT', '/_api/v3/notification-setting', 'ADMIN_NOTIFICATION_SETTINGS_UPDATE'],
  ['POST', '/_api/v3/notification-setting', 'ADMIN_NOTIFICATION_SETTINGS_UPDATE'],
  ['DELETE', '/_api/v3/notification-setting', 'ADMIN_NOTIFICATION_SETTINGS_UPDATE'],
  ['PUT', '/_api/v3/slack-integration-legacy-settings', 'ADMIN_NOTIFICATION_SETTINGS_UPDATE'],
  ['PUT', '/_api/v3/sharing', 'ADMIN_SHARING_UPDATE'],
  ['PUT', '/_api/v3/plugins', 'ADMIN_PLUGIN_CHANGE'],
  ['POST', '/_api/v3/plugins', 'ADMIN_PLUGIN_CHANGE'],
  ['DELETE', '/_api/v3/plugins', 'ADMIN_PLUGIN_CHANGE'],
];

export function auditRuleFor(method: string, url: string | undefined): AuditRule | undefined {
  if (!url) return undefined;
  const exact = AUDIT_RULES[`${method} ${url}`];
  if (exact) return exact;
  const family = PREFIX_RULES.find(([m, prefix]) => m === method && url.startsWith(prefix));
  if (!family) return undefined;
  return {
    action: onSuccess(family[2]),
    target: () => url.slice(family[1].length).replace(/^\//, '') || null,
  };
}
