// Health and public app configuration: what the web app needs before anyone signs in.
import { diagramServers, markdownConfig, presentationSettings } from '../settings/markdown-routes';
import { customizeConfig } from '../settings/customize-routes';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { AppConfigResponse } from '../../../shared/api-types';
import { toCurrentUser } from '../users/service';
import { isLoopbackAddress } from '../sharing/host-rules';
import { assertHealthy } from './check';
import { contractRoute } from '../../lib/contract-route';
import { healthcheck } from '../../../shared/contracts/auth';
import { appConfig } from '../../../shared/contracts/app-config';

export default async function healthRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Public: answers OK once the database and the search index answer (check.ts).
  contractRoute(app, healthcheck, async (request, reply) => {
    try {
      assertHealthy(ctx);
      return { status: 'OK' as const };
    } catch (err) {
      request.log.error({ err }, 'healthcheck failed');
      return reply.status(503).send({ status: 'NG' });
    }
  });

  // Public: titles and switches the web app needs to draw its shell, and who is asking.
  contractRoute(app, appConfig, async (request): Promise<AppConfigResponse> => ({
    title: ctx.settings.get('app:title'),
    confidential: ctx.settings.get('app:confidential'),
    isInstalled: ctx.users.count() > 0,
    restrictGuestMode: ctx.settings.get('security:restrictGuestMode'),
    registrationMode: ctx.settings.get('security:registrationMode'),
    isSearchServiceConfigured: true, // in process: always there
    isSearchServiceReachable: ctx.search.reachable,
    isEnabledLinebreaksInComments: ctx.settings.get('markdown:isEnabledLinebreaksInComments'),
    isRomUserAllowedToComment: ctx.settings.get('security:isRomUserAllowedToComment'),
    disableLinkSharing: ctx.settings.get('security:disableLinkSharing'),
    externalAuth: [
      ...(ctx.oidc.isEnabled()
        ? [{ id: 'oidc' as const, label: ctx.settings.get('security:passport-oidc:providerName') }]
        : []),
      ...(ctx.saml.isSetUp() ? [{ id: 'saml' as const, label: '' }] : []),
      ...(ctx.github.isSetUp() ? [{ id: 'github' as const, label: 'GitHub' }] : []),
      ...(ctx.google.isSetUp() ? [{ id: 'google' as const, label: 'Google' }] : []),
    ],
    isPasswordResetEnabled: ctx.passwordReset.isAvailable(),
    presentation: presentationSettings(ctx.settings),
    markdown: markdownConfig(ctx.settings),
    diagramServers: diagramServers(ctx.settings),
    customize: customizeConfig(ctx.settings),
    globalLang: ctx.settings.get('app:globalLang'),
    ...(request.user ? { isSlackConfigured: ctx.notifications.isSlackConfigured() } : {}),
    isLdapSetupFailed: ctx.settings.get('security:passport-ldap:isEnabled') && !ctx.ldap.isSetUp(),
    isLdapSetUp: ctx.ldap.isSetUp(),
    publicOrigin: publicOrigin(ctx, request.socket.remoteAddress),
    sidebarPage: ctx.pages.exists('/Sidebar'),
    ...(request.user?.admin ? { disk: ctx.disk.space } : {}),
    currentUser: request.user ? toCurrentUser(request.user) : null,
  }));
}

/**
 * Links copied in the desktop window (http://127.0.0.1) must work for colleagues: the site URL when
 * set, else the shared wiki's preferred address for a request from this machine.
 */
function publicOrigin(ctx: AppContext, remoteAddress: string | undefined): string {
  const siteUrl = ctx.settings.get('app:siteUrl');
  if (siteUrl) return siteUrl;
  if (!ctx.sharing.shared || !isLoopbackAddress(remoteAddress)) return '';
  const preferred = ctx.sharing.preferredUrl();
  return new URL(preferred).hostname === '127.0.0.1' ? '' : preferred;
}
