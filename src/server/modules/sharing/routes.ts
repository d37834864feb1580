// The Sharing screen's API (issue 16): the state, the switch and the QR code. Administrators only:
// the addresses and who is connected are the host's business, and sharing opens the wiki to the LAN.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/app-error';
import { requireAdmin } from '../../lib/guards';
import { qrSvg } from './qr';
import { contractRoute } from '../../lib/contract-route';
import { sharingHttps, sharingQr, sharingState, sharingSwitch } from '../../../shared/contracts/sharing';

export default async function sharingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  contractRoute(app, sharingState, async (request) => {
    requireAdmin(request);
    return { sharing: ctx.sharing.state() };
  });

  contractRoute(app, sharingSwitch, async (request) => {
    requireAdmin(request);
    const { shared, confirmed } = request.body;
    // Opening the wiki to the network is said out loud first (the screen's dialog sets this).
    if (shared && !ctx.sharing.shared && confirmed !== true) {
      throw badRequest('confirmation_required', 'sharing.confirmation_required');
    }
    const sharing = await ctx.sharing.setShared(shared);
    request.log.info({ shared, by: request.user?.username }, 'LAN sharing switched');
    return { sharing };
  });

  contractRoute(app, sharingHttps, async (request) => {
    requireAdmin(request);
    const { mode, cert, key } = request.body;
    const provided = cert !== undefined && key !== undefined ? { cert, key } : undefined;
    const sharing = await ctx.sharing.setHttps(mode, provided);
    request.log.info({ mode, by: request.user?.username }, 'LAN HTTPS switched');
    return { sharing };
  });

  contractRoute(app, sharingQr, async (request, reply) => {
    requireAdmin(request);
    const svg = await qrSvg(ctx.sharing.preferredUrl());
    return reply.header('content-type', 'image/svg+xml').header('cache-control', 'no-store').send(svg);
  });
}
