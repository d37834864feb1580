// The Sharing screen's API (issue 16): the state, the switch and the QR code. Administrators only:
// the addresses and who is connected are the host's business, and sharing opens the wiki to the LAN.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/app-error';
import { requireAdmin } from '../../lib/guards';
import type { HttpsChange, SharingChange, SharingState } from '../../../shared/sharing';
import { qrSvg } from './qr';
import { jsonBody } from '../../lib/schemas';

const CHANGE_BODY = {
  type: 'object',
  required: ['shared'],
  additionalProperties: false,
  properties: { shared: { type: 'boolean' }, confirmed: { type: 'boolean' } },
} as const;

export default async function sharingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get('/sharing', async (request): Promise<{ sharing: SharingState }> => {
    requireAdmin(request);
    return { sharing: ctx.sharing.state() };
  });

  app.put<{ Body: SharingChange }>(
    '/sharing',
    { schema: { body: CHANGE_BODY } },
    async (request): Promise<{ sharing: SharingState }> => {
      requireAdmin(request);
      const { shared, confirmed } = request.body;
      // Opening the wiki to the network is said out loud first (the screen's dialog sets this).
      if (shared && !ctx.sharing.shared && confirmed !== true) {
        throw badRequest('confirmation_required', 'sharing.confirmation_required');
      }
      const sharing = await ctx.sharing.setShared(shared);
      request.log.info({ shared, by: request.user?.username }, 'LAN sharing switched');
      return { sharing };
    },
  );

  const PEM = { type: 'string', minLength: 1, maxLength: 65_536 } as const;
  app.put<{ Body: HttpsChange }>(
    '/sharing/https',
    jsonBody(
      { mode: { enum: ['off', 'provided', 'self-signed'] }, cert: PEM, key: PEM },
      { required: ['mode'], closed: true },
    ),
    async (request): Promise<{ sharing: SharingState }> => {
      requireAdmin(request);
      const { mode, cert, key } = request.body;
      const provided = cert !== undefined && key !== undefined ? { cert, key } : undefined;
      const sharing = await ctx.sharing.setHttps(mode, provided);
      request.log.info({ mode, by: request.user?.username }, 'LAN HTTPS switched');
      return { sharing };
    },
  );

  app.get('/sharing/qr.svg', async (request, reply) => {
    requireAdmin(request);
    const svg = await qrSvg(ctx.sharing.preferredUrl());
    return reply.header('content-type', 'image/svg+xml').header('cache-control', 'no-store').send(svg);
  });
}
