// The audit log (issue 15): who did what, recorded from the request lifecycle by each module's rules.
import { defineModule } from '../../module';
import { AUDIT_SETTINGS } from './setting-keys';
import { onSuccess, auditRuleLookup, type AuditRuleLookup } from './rules';
import { AuditLogService } from './service';
import { auditRecorder } from './recorder';
import auditLogRoutes from './routes';

declare module '../../context' {
  interface AppContext {
    audit: AuditLogService;
    /** Every module's audit rules (their manifests' `audit`), looked up by method and route. */
    auditRules: AuditRuleLookup;
  }
}

export default defineModule({
  name: 'audit',
  tables: ['audit_logs'],
  settings: AUDIT_SETTINGS,
  services: ({ db, settings }, { modules }) => ({
    audit: new AuditLogService(db, settings),
    auditRules: auditRuleLookup(modules.map((module) => module.audit)),
  }),
  // After sessions (it reads who is asking), for every route of the session scope.
  hooks: [{ plugin: auditRecorder, scope: 'session' }],
  routes: [{ plugin: auditLogRoutes }],
  start(ctx) {
    ctx.audit.start((err) =>
      ctx.events.emit('background:failed', {
        what: 'audit log entries kept in memory, to be written later',
        err,
      }),
    );
    return () => ctx.audit.stop();
  },
  audit: {
    routes: { 'PUT /_api/v3/audit-log/settings': { action: onSuccess('ADMIN_AUDIT_LOG_SETTINGS_UPDATE') } },
  },
});
