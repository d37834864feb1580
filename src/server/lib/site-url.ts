// The wiki's own address for links it hands out (sign-in callbacks, mails): the admin's site URL
// (`app:siteUrl`, GROWI's key), else the origin the request came in on.
import type { FastifyRequest } from 'fastify';
import type { SettingsService } from '../modules/settings/service';

export function siteUrlOf(settings: SettingsService, request: FastifyRequest): string {
  const configured = settings.get('app:siteUrl').replace(/\/+$/, '');
  return configured || `${request.protocol}://${request.host}`;
}
