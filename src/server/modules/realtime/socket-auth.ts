// What both WebSockets need at the upgrade and afterwards: the Origin check (cross-site WebSocket
// hijacking: a page on another site must not ride on the user's cookie), and the viewer re-read
// as the database has it now, so a suspended user or a destroyed session loses access at the
// next message.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { forbidden } from '../../lib/app-error';
import { USER_STATUS } from '../../db/schema';
import type { AccessContext } from '../../policies/page-access';

/** A browser always sends Origin on a WebSocket upgrade; it must name this very server. */
export function sameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  // Non-browser clients (scripts, tests) send none; they still need the session cookie.
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/** preValidation hook of the socket routes: refuse a foreign Origin with 403 before the upgrade. */
export async function checkOrigin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!sameOrigin(request)) throw forbidden('cross_origin', 'errors.forbidden');
}

/**
 * The access context of a socket's request, as it is now: the user re-read (status, groups), the
 * session still alive. Reads `request.access` so whatever the session plugin puts there (groups,
 * read-only users) applies to sockets too.
 */
export function currentAccess(ctx: AppContext, request: FastifyRequest): AccessContext {
  if (request.user) {
    const sid = request.session.sessionId;
    const user = ctx.users.findById(request.user.id);
    // The session store's memory, kept true by the sessions table (row-watch): asked for every
    // open browser at every live event and co-editing message (issue 32: a statement each was 6 %
    // of the server's CPU with 500 browsers open).
    const alive = request.server.sessionParts.store.userIdOf(sid) !== undefined;
    request.user = user && user.status === USER_STATUS.active && alive ? user : null;
    // Groups as they are now too (read again from the groups' memory by request.access).
    request.viewerGroupIds = null;
  }
  return request.access;
}
