// GET /_api/v3/events (WebSocket): live page events for the web app (SPEC §7: opened with a
// random client id). Guests may listen where guest mode lets them read.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { websocketOnly } from '../../lib/websocket-only';
import { requireReader } from '../../lib/guards';
import { CLIENT_ID_PATTERN, type LiveClientMessage } from '../../../shared/realtime-types';
import { checkOrigin } from './socket-auth';
import { isId } from '../../lib/schemas';

function parseClientMessage(data: unknown): LiveClientMessage | null {
  try {
    const text = Buffer.isBuffer(data) ? data.toString('utf8') : String(data);
    if (text.length > 200) return null;
    const message = JSON.parse(text) as Partial<LiveClientMessage>;
    if (message.type !== 'watch') return null;
    if (message.pageId === null || (typeof message.pageId === 'string' && isId(message.pageId))) {
      return { type: 'watch', pageId: message.pageId };
    }
    return null;
  } catch {
    return null;
  }
}

export default async function realtimeRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.route<{ Querystring: { clientId?: string } }>({
    method: 'GET',
    url: '/events',
    schema: {
      querystring: {
        type: 'object',
        properties: { clientId: { type: 'string', pattern: CLIENT_ID_PATTERN } },
      },
    },
    // Permission: same-site Origin, and a reader (401 for guests under guest mode Deny).
    preValidation: async (request, reply) => {
      await checkOrigin(request, reply);
      requireReader(request);
    },
    wsHandler: (socket, request) => {
      const query = request.query as { clientId?: string };
      const clientId = query.clientId ?? randomBytes(8).toString('hex');
      const connection = ctx.live.add(socket, request, clientId);
      socket.on('message', (data) => {
        const message = parseClientMessage(data);
        if (message) ctx.live.watch(connection, message.pageId);
      });
      socket.on('close', () => ctx.live.remove(connection));
    },
    handler: websocketOnly,
  });
}
