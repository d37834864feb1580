// GROWI's site URL setting (`app:siteUrl`): the address people use to reach the wiki. It builds the
// links in mails and share links, OAuth callbacks, and is a name the Host-header guard accepts
// (issue 16). Administrators only.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/app-error';
import { requireAdmin } from '../../lib/guards';
import { contractRoute } from '../../lib/contract-route';
import { siteUrlSetting, siteUrlSettingUpdate } from '../../../shared/contracts/app-settings';

/** An http(s) origin with an optional path, no query, no credentials; '' clears it. */
export function normalizeSiteUrl(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return '';
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password) return null;
  if (url.search || url.hash) return null;
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

export default async function siteUrlRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  contractRoute(app, siteUrlSetting, async (request) => {
    requireAdmin(request);
    return { siteUrlSettingParams: { siteUrl: ctx.settings.get('app:siteUrl') } };
  });

  contractRoute(app, siteUrlSettingUpdate, async (request) => {
    requireAdmin(request);
    const siteUrl = normalizeSiteUrl(request.body.siteUrl);
    if (siteUrl === null) throw badRequest('invalid_site_url', 'settings.invalid_site_url');
    ctx.settings.set('app:siteUrl', siteUrl);
    return { siteUrlSettingParams: { siteUrl } };
  });
}
