// Every route but the read routes, in one scope with @fastify/session: the routes that may change
// the session (sign-in, CSRF secrets), every route that changes anything, the audit log's hooks,
// the web app and the sockets (app.ts registers the read scope beside it).
import type { FastifyInstance } from 'fastify';
import fastifyWebsocket from '@fastify/websocket';
import type { AppContext } from './context';
import sessionPlugin from './plugins/session';
import staticPlugin from './plugins/static';
import basicAuthPlugin from './modules/auth/basic';
import { auditRecorder } from './modules/audit/recorder';
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
import sharingRoutes from './modules/sharing/routes';
import siteUrlRoutes from './modules/settings/site-url-routes';
import markdownExportRoutes from './modules/markdown-io/routes';
import { attachmentRefsRoutes } from './modules/lsx/refs';
import { markdownImportRoutes } from './modules/markdown-io/import-routes';

/** Co-editing frames: the first sync of a 10 MB page, with room for Yjs' encoding. */
const WS_MAX_PAYLOAD = 32 * 1024 * 1024;

export async function sessionScope(
  app: FastifyInstance,
  { ctx, requestRestart }: { ctx: AppContext; requestRestart?: () => void },
) {
  await app.register(sessionPlugin, { ctx });
  await app.register(basicAuthPlugin, { ctx });
  // After sessions (it reads who is asking), for every route registered below.
  await app.register(auditRecorder, { ctx });
  await app.register(staticPlugin, { ctx });
  // Sockets close before app.ts's onClose hook flushes co-editing documents and closes the database.
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
  await app.register(externalSignInRoutes, { ctx });
}
