// Every request, before anything else (sessions included): refused unless its Host header names
// this machine (DNS rebinding: a web page whose domain was re-pointed at this machine would send its
// own name), and, while the wiki is not shared, unless it comes from this machine itself.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { isAllowedHost, isAllowedPeer, isLoopbackAddress } from './host-rules';

async function hostGuard(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.addHook('onRequest', async (request, reply) => {
    const { sharing } = ctx;
    if (!isAllowedPeer(request.socket.remoteAddress, sharing.shared)) {
      throw new AppError(403, 'not_shared', 'sharing.not_shared');
    }
    if (!isAllowedHost(request.headers.host, sharing.hostRules())) {
      throw new AppError(421, 'host_not_allowed', 'sharing.host_not_allowed', {
        host: String(request.headers.host ?? ''),
      });
    }
    // With HTTPS on, colleagues' plain-HTTP requests go to the same address over TLS (this
    // machine's own window keeps http://127.0.0.1).
    const encrypted = (request.socket as { encrypted?: boolean }).encrypted === true;
    if (sharing.httpsActive && !encrypted && !isLoopbackAddress(request.socket.remoteAddress)) {
      return reply.redirect(`https://${request.headers.host}${request.url}`, 308);
    }
  });
}

export default fp(hostGuard, { name: 'quire-host-guard' });
