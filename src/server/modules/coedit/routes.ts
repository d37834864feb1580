// Co-editing over HTTP and WebSocket:
//   GET  /coedit/:pageId          (WebSocket) y-protocols sync + awareness, JSON status frames
//   GET  /coedit/:pageId/status   the draft status (new / synced / draft / outdated) and who is editing
//   POST /coedit/:pageId/save     the shared text becomes a revision by the caller
//   POST /coedit/:pageId/discard  the shared text becomes the latest saved version again
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { websocketOnly } from '../../lib/websocket-only';
import { requireReader, requireUser, userAccess } from '../../lib/guards';
import { checkOrigin, currentAccess } from '../realtime/socket-auth';
import type { RoomMember } from './room';
import { ID } from '../../lib/schemas';
import { contractRoute } from '../../lib/contract-route';
import { coeditDiscard, coeditSave, coeditStatus } from '../../../shared/contracts/coedit';

const PARAMS = {
  type: 'object',
  required: ['pageId'],
  properties: { pageId: ID },
} as const;

type WithPage = { Params: { pageId: string } };

function toBytes(data: Buffer | ArrayBuffer | Buffer[]): Uint8Array {
  if (Array.isArray(data)) return new Uint8Array(Buffer.concat(data));
  return data instanceof ArrayBuffer
    ? new Uint8Array(data)
    : new Uint8Array(data.buffer, data.byteOffset, data.length);
}

export default async function coeditRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.route<WithPage>({
    method: 'GET',
    url: '/coedit/:pageId',
    schema: { params: PARAMS },
    // Permission before the upgrade: same-site Origin, signed in, canEditPage on a live page.
    preValidation: async (request, reply) => {
      await checkOrigin(request, reply);
      requireUser(request);
    },
    preHandler: async (request) => ctx.coedit.assertCanJoin(request.access, request.params.pageId),
    wsHandler: (socket, request) => {
      const user = requireUser(request);
      const { pageId } = request.params as WithPage['Params'];
      const member: RoomMember = {
        socket,
        user: { _id: user.id, username: user.username, name: user.name },
        awarenessIds: new Set(),
        access: () => currentAccess(ctx, request),
      };
      const room = ctx.coedit.join(pageId, member);
      socket.on('message', (data, isBinary) => {
        // Only y-protocols frames come from clients; access is re-checked on each (in receive).
        if (isBinary) ctx.coedit.receive(room, member, toBytes(data));
      });
      socket.on('close', () => ctx.coedit.leave(pageId, member));
    },
    handler: websocketOnly,
  });

  // Permission: a reader (requireReader), canReadPage inside the service.
  contractRoute(app, coeditStatus, async (request) =>
    ctx.coedit.status(requireReader(request), request.params.pageId),
  );

  // Permission: signed in (userAccess), canEditPage inside the service and again in pages.update.
  contractRoute(app, coeditSave, async (request) => ({
    page: ctx.coedit.save(userAccess(request), request.params.pageId, request.body?.overwrite === true),
  }));

  // Permission: signed in (userAccess), canEditPage inside the service.
  contractRoute(app, coeditDiscard, async (request) =>
    ctx.coedit.discard(userAccess(request), request.params.pageId),
  );
}
