// Records the audit log from the request lifecycle, for every module at once (GROWI's activity
// middleware): the target is read before the handler (what it changes may be gone after), the
// entry is written when the response is sent, with the outcome's action.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { AuditRule } from './rules';

declare module 'fastify' {
  interface FastifyRequest {
    audit?: { rule: AuditRule; target: string | null };
  }
}

export const auditRecorder = fp(async function auditRecorder(
  app: FastifyInstance,
  { ctx }: { ctx: AppContext },
) {
  app.addHook('preHandler', async (request) => {
    const rule = ctx.auditRules(request.method, request.routeOptions.url);
    if (!rule || !ctx.audit.isEnabled()) return;
    let target: string | null = null;
    try {
      target = rule.target?.(ctx, request) ?? null;
    } catch {
      // A target that cannot be read leaves the entry without one; the request goes on.
    }
    request.audit = { rule, target };
  });

  // A request refused before its handler (validation, permission) has no target yet: a failed
  // sign-in still counts, so the rule is looked up again.
  app.addHook('onResponse', async (request, reply) => {
    const rule = request.audit?.rule ?? ctx.auditRules(request.method, request.routeOptions.url);
    if (!rule) return;
    const location = String(reply.getHeader('location') ?? '');
    const action = rule.action(reply.statusCode, request, location);
    // Switching the log off is itself the last thing it records.
    if (!action || (!ctx.audit.isEnabled() && action !== 'ADMIN_AUDIT_LOG_SETTINGS_UPDATE')) return;
    // After a sign-in the session names the user; before it, the request does.
    const userId = request.user?.id ?? request.session?.userId ?? null;
    const user = userId ? ctx.users.findById(userId) : undefined;
    ctx.audit.record(
      {
        action,
        userId: user?.id ?? null,
        username: user?.username ?? null,
        target: request.audit?.target ?? (request.audit ? null : safeTarget(rule, ctx, request)),
        ip: request.ip,
      },
      true,
    );
  });
});

function safeTarget(
  rule: AuditRule,
  ctx: AppContext,
  request: Parameters<NonNullable<AuditRule['target']>>[1],
) {
  try {
    return rule.target?.(ctx, request) ?? null;
  } catch {
    return null;
  }
}
