// Per-request logging is off (it would dominate the cost of a page read); instead every request
// slower than the threshold is logged as a warning, and every server error is logged by the
// error handler.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

async function requestLogPlugin(app: FastifyInstance, { slowRequestMs }: { slowRequestMs: number }) {
  app.addHook('onResponse', async (request, reply) => {
    const ms = reply.elapsedTime;
    if (ms > slowRequestMs) {
      request.log.warn(
        { method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(ms) },
        'slow request',
      );
    }
  });
}

export default fp(requestLogPlugin, { name: 'quire-request-log' });
