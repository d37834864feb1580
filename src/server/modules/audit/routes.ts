// HTTP for the audit log (admins only): GROWI's `GET /_api/v3/activity` with its `searchFilter`,
// and the log's settings (on/off, days kept).
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../../lib/contract-route';
import { auditLog, auditLogSettings, auditLogSettingsUpdate } from '../../../shared/contracts/admin';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/app-error';
import { requireAdmin } from '../../lib/guards';
import { AUDIT_ACTIONS, type AuditSearchFilter } from '../../../shared/audit-types';
import { toUserSummary } from '../users/service';

const DATE = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/;

function parseFilter(raw: string | undefined): AuditSearchFilter {
  if (!raw) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw badRequest('invalid', 'errors.syntax_invalid', { field: 'searchFilter' });
  }
  const f = value as AuditSearchFilter;
  const ok =
    typeof value === 'object' &&
    value !== null &&
    (f.usernames === undefined ||
      (Array.isArray(f.usernames) &&
        f.usernames.length <= 50 &&
        f.usernames.every((u) => typeof u === 'string'))) &&
    (f.actions === undefined ||
      (Array.isArray(f.actions) &&
        f.actions.every((a) => (AUDIT_ACTIONS as readonly string[]).includes(a)))) &&
    (f.dates === undefined ||
      (typeof f.dates === 'object' &&
        [f.dates.startDate, f.dates.endDate].every(
          (d) => d === undefined || (typeof d === 'string' && DATE.test(d)),
        )));
  if (!ok) throw badRequest('invalid', 'errors.syntax_invalid', { field: 'searchFilter' });
  return f;
}

export default async function auditLogRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  contractRoute(app, auditLog, async (request) => {
    requireAdmin(request);
    const { limit, offset, searchFilter } = request.query;
    const result = ctx.audit.search(parseFilter(searchFilter), limit, offset);
    // GROWI's entries carry the user (null once the account is gone); the log keeps the id.
    const docs = result.serializedPaginationResult.docs.map((entry) => {
      const user = entry.user ? ctx.users.findById(entry.user) : undefined;
      return { ...entry, user: user ? toUserSummary(user) : null };
    });
    return { serializedPaginationResult: { ...result.serializedPaginationResult, docs } };
  });

  contractRoute(app, auditLogSettings, async (request) => {
    requireAdmin(request);
    return { auditLogSettings: ctx.audit.settingsView() };
  });

  contractRoute(app, auditLogSettingsUpdate, async (request) => {
    requireAdmin(request);
    return { auditLogSettings: ctx.audit.update(request.body) };
  });
}
