// buildServer(config): the one factory behind the headless server, the desktop app and the tests.
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { ServerConfig } from './config';
import { createContext, type ContextExtras } from './context';
import { createLogger } from './lib/logger';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyWebsocket from '@fastify/websocket';
import errorsPlugin from './plugins/errors';
import requestLogPlugin from './plugins/request-log';
import sessionPlugin from './plugins/session';
import staticPlugin from './plugins/static';
import basicAuthPlugin from './modules/auth/basic';
import { apiAuthRoutes, logoutPageRoute } from './modules/auth/routes';
import adminHomeRoutes from './modules/admin-home/routes';
import healthRoutes from './modules/health/routes';
import staffRoutes from './modules/staffs/routes';
import installerRoutes from './modules/installer/routes';
import pageLifecycleRoutes from './modules/pages/lifecycle-routes';
import pageListingRoutes from './modules/pages/listing-routes';
import lsxRoutes from './modules/lsx/routes';
import { pluginApiRoutes, pluginFileRoutes } from './modules/plugins/routes';
import pageRoutes from './modules/pages/routes';
import revisionRoutes from './modules/revisions/routes';
import coeditRoutes from './modules/coedit/routes';
import realtimeRoutes from './modules/realtime/routes';
import { legacySearchRoutes, searchRoutes } from './modules/search/routes';
import securitySettingRoutes, { attachmentSettingRoutes } from './modules/settings/security-routes';
import userRoutes from './modules/users/routes';
import userAdminRoutes from './modules/users/admin-routes';
import userProfileRoutes from './modules/users/profile-routes';
import registrationRoutes from './modules/users/registration-routes';
import userGroupRoutes from './modules/user-groups/routes';
import commentRoutes from './modules/comments/routes';
import commentSettingRoutes from './modules/comments/setting-routes';
import likesBookmarksRoutes from './modules/likes-bookmarks/routes';
import tagRoutes from './modules/tags/routes';
import shareLinkRoutes from './modules/share-links/routes';
import notificationRoutes from './modules/notifications/routes';
import mailSettingRoutes from './modules/notifications/mail/mail-routes';
import notificationSettingRoutes from './modules/notifications/global/setting-routes';
import fileStorageRoutes from './modules/file-storage/routes';
import auditLogRoutes from './modules/audit/routes';
import markdownSettingRoutes from './modules/settings/markdown-routes';
import customizeSettingRoutes from './modules/settings/customize-routes';
import appSettingRoutes from './modules/settings/app-setting-routes';
import { auditRecorder } from './modules/audit/recorder';
import slackSettingRoutes, { updatePostRoutes } from './modules/notifications/slack/slack-routes';
import signInSettingRoutes from './modules/auth/setting-routes';
import ldapTestRoutes from './modules/auth/ldap-routes';
import externalAccountRoutes from './modules/external-accounts/routes';
import externalSignInRoutes from './modules/auth/external-routes';
import samlSettingRoutes from './modules/auth/saml-setting-routes';
import oidcSettingRoutes from './modules/auth/oidc-setting-routes';
import oauth2SettingRoutes from './modules/auth/oauth2-setting-routes';
import passwordResetRoutes from './modules/users/password-reset-routes';
import {
  attachmentApiRoutes,
  attachmentFileRoutes,
  legacyAttachmentRoutes,
} from './modules/attachments/routes';
import { archiveDownloadRoutes, archiveExportRoutes } from './modules/archive/export-routes';
import { archiveImportRoutes } from './modules/archive/import-routes';
import backupRoutes from './modules/backups/routes';
import hostGuard from './modules/sharing/host-guard';
import sharingRoutes from './modules/sharing/routes';
import siteUrlRoutes from './modules/settings/site-url-routes';
import markdownExportRoutes from './modules/markdown-io/routes';
import { attachmentRefsRoutes } from './modules/lsx/refs';
import { markdownImportRoutes } from './modules/markdown-io/import-routes';

export type QuireServer = FastifyInstance;

/** Co-editing frames: the first sync of a 10 MB page, with room for Yjs' encoding. */
const WS_MAX_PAYLOAD = 32 * 1024 * 1024;
/** Requests may carry a page body of up to 10 MB, JSON-escaped. */
const BODY_LIMIT = 24 * 1024 * 1024;

export interface BuildOptions extends ContextExtras {
  /** Closes and rebuilds this server in the running process (the restore of a backup); see runner.ts. */
  requestRestart?: () => void;
}

export async function buildServer(config: ServerConfig, options: BuildOptions = {}): Promise<QuireServer> {
  const { requestRestart, ...extras } = options;
  const ctx = createContext(config, extras);
  const app = Fastify({
    loggerInstance: createLogger(config) as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    trustProxy: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2048 },
  });
  app.decorate('ctx', ctx);
  // Before the database closes: the start-up attachment sweep finishes (a server closed right after
  // starting waits for it), and the search index applies its last changes and saves.
  let attachmentSweep: Promise<void> = Promise.resolve();
  app.addHook('onClose', async () => {
    await attachmentSweep;
    await ctx.archiveExport.whenIdle();
    await ctx.archiveImport.whenIdle();
    await ctx.backups.close();
    await ctx.sharing.close();
    await ctx.search.close();
    await ctx.notifications.close();
    ctx.audit.stop();
    ctx.likes.flush();
    ctx.close();
  });

  await app.register(errorsPlugin);
  // Before sessions and every route: requests for a foreign Host, or from the LAN while not shared.
  await app.register(hostGuard, { ctx });
  // Limits are per route (registration); everything else is for the people on the LAN.
  await app.register(fastifyRateLimit, { global: false });
  await app.register(requestLogPlugin, { slowRequestMs: config.slowRequestMs });
  await app.register(sessionPlugin, { ctx });
  await app.register(basicAuthPlugin, { ctx });
  // After sessions (it reads who is asking), for every route registered below.
  await app.register(auditRecorder, { ctx });
  await app.register(staticPlugin, { ctx });
  // Sockets close before the onClose hook above flushes co-editing documents and closes the database.
  await app.register(fastifyWebsocket, { options: { maxPayload: WS_MAX_PAYLOAD } });

  const v3 = [
    healthRoutes,
    adminHomeRoutes,
    staffRoutes,
    installerRoutes,
    apiAuthRoutes,
    userRoutes,
    userAdminRoutes,
    userProfileRoutes,
    registrationRoutes,
    userGroupRoutes,
    pageRoutes,
    pageListingRoutes,
    pageLifecycleRoutes,
    securitySettingRoutes,
    attachmentSettingRoutes,
    revisionRoutes,
    searchRoutes,
    likesBookmarksRoutes,
    commentSettingRoutes,
    shareLinkRoutes,
    attachmentApiRoutes,
    realtimeRoutes,
    coeditRoutes,
    pluginApiRoutes,
    archiveExportRoutes,
    archiveImportRoutes,
    markdownImportRoutes,
    notificationRoutes,
    mailSettingRoutes,
    notificationSettingRoutes,
    slackSettingRoutes,
    fileStorageRoutes,
    auditLogRoutes,
    markdownSettingRoutes,
    customizeSettingRoutes,
    appSettingRoutes,
    signInSettingRoutes,
    oidcSettingRoutes,
    samlSettingRoutes,
    oauth2SettingRoutes,
    passwordResetRoutes,
    externalAccountRoutes,
    sharingRoutes,
    siteUrlRoutes,
  ];
  for (const routes of v3) await app.register(routes, { prefix: '/_api/v3', ctx });
  await app.register(legacySearchRoutes, { prefix: '/_api', ctx });
  for (const routes of [
    tagRoutes,
    commentRoutes,
    legacyAttachmentRoutes,
    lsxRoutes,
    attachmentRefsRoutes,
    ldapTestRoutes,
    updatePostRoutes,
  ])
    await app.register(routes, { prefix: '/_api', ctx });
  await app.register(attachmentFileRoutes, { ctx });
  await app.register(pluginFileRoutes, { ctx });
  await app.register(archiveDownloadRoutes, { ctx });
  await app.register(markdownExportRoutes, { prefix: '/_api/v3', ctx });
  await app.register(backupRoutes, { prefix: '/_api/v3', ctx, requestRestart });
  await app.register(logoutPageRoute);
  ctx.archiveExport.log = (err, message) => app.log.error({ err }, message);
  ctx.archiveImport.log = ctx.archiveExport.log;
  ctx.markdownImport.log = ctx.archiveExport.log;
  await app.register(externalSignInRoutes, { ctx });
  // Loads or builds the index after start-up, never delaying it.
  ctx.search.start(app.log);
  // Enqueues what a crash left out and delivers what waits, after start-up like the search index.
  ctx.notifications.start(app.log);
  ctx.audit.start();
  // Files of pages deleted completely while the server was down, and uploads a crash cut short.
  attachmentSweep = ctx.attachments.sweep(app.log);
  // Daily backups, and the one taken before this start's migrations.
  ctx.backups.start(app.log);

  return app;
}
