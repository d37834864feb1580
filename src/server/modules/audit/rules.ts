// Which requests the audit log records, as GROWI's activity log does: by route, with what they were
// done to. Targets are read before the handler runs (a deleted user or group is gone after) and
// never carry a password or a secret: only names, paths and ids.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { AuditAction } from '../../../shared/audit-types';

export type Body = Record<string, unknown>;
export const bodyOf = (request: FastifyRequest): Body => (request.body as Body | null) ?? {};
export const paramOf = (request: FastifyRequest, name: string) =>
  (request.params as Record<string, string>)[name] ?? '';
export const str = (value: unknown) => (typeof value === 'string' ? value : '');

export interface AuditRule {
  /** The action for this response, or null to record nothing (e.g. a failed admin change). */
  action(status: number, request: FastifyRequest, location: string): AuditAction | null;
  target?(ctx: AppContext, request: FastifyRequest): string | null;
}

/** Recorded when the request succeeded. */
export const onSuccess =
  (action: AuditAction): AuditRule['action'] =>
  (status) =>
    status < 400 ? action : null;

export const username = (ctx: AppContext, id: string) => ctx.users.findById(id)?.username ?? id;
export const pagePath = (ctx: AppContext, id: string) => ctx.pages.facts(id)?.path ?? id;
export const groupName = (ctx: AppContext, id: string) => {
  try {
    return ctx.userGroups.get(id).name;
  } catch {
    return id;
  }
};

export const loginName = (request: FastifyRequest) => {
  const body = bodyOf(request);
  const form = (body.loginForm as Body | undefined) ?? body;
  return str(form.username) || null;
};

/**
 * External sign-ins end in a redirect: to /login with an error, or into the wiki. The target is
 * the provider's id (`github`, `saml` …), the same in every language, as settings sections are.
 */
export const externalSignIn: AuditRule = {
  action: (_status, _request, location) =>
    location.startsWith('/login?externalAccountLoginError') ? 'USER_LOGIN_FAILURE' : 'USER_LOGIN',
  target: (_ctx, request) => request.routeOptions.url?.split('/')[2] || null,
};

export const userAction = (action: AuditAction): AuditRule => ({
  action: onSuccess(action),
  target: (ctx, request) => username(ctx, paramOf(request, 'id')),
});

/** A module's rules: exact routes (`METHOD /route/pattern`) and whole families of admin settings. */
export interface AuditRules {
  routes?: Record<string, AuditRule>;
  /** Every route under the prefix; the route's last part names the section changed. */
  families?: [method: string, prefix: string, action: AuditAction][];
}

export type AuditRuleLookup = (method: string, url: string | undefined) => AuditRule | undefined;

/** One lookup over every module's rules (their manifests' `audit`). */
export function auditRuleLookup(all: readonly (AuditRules | undefined)[]): AuditRuleLookup {
  const exact = new Map<string, AuditRule>();
  const families: NonNullable<AuditRules['families']> = [];
  for (const rules of all) {
    for (const [route, rule] of Object.entries(rules?.routes ?? {})) exact.set(route, rule);
    families.push(...(rules?.families ?? []));
  }
  return (method, url) => {
    if (!url) return undefined;
    const rule = exact.get(`${method} ${url}`);
    if (rule) return rule;
    const family = families.find(([m, prefix]) => m === method && url.startsWith(prefix));
    if (!family) return undefined;
    return {
      action: onSuccess(family[2]),
      target: () => url.slice(family[1].length).replace(/^\//, '') || null,
    };
  };
}
