// Headers on every answer of every scope: no MIME sniffing, no referrer to other sites, and the
// content security policy on any HTML that does not bring its own (the web app's index does).
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { CONTENT_SECURITY_POLICY } from './static';

async function securityHeaders(app: FastifyInstance) {
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    const type = reply.getHeader('content-type');
    if (
      typeof type === 'string' &&
      type.startsWith('text/html') &&
      !reply.hasHeader('content-security-policy')
    ) {
      reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    }
    done(null, payload);
  });
}

export default fp(securityHeaders, { name: 'quire-security-headers' });
