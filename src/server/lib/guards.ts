// Route guards shared by every module.
import type { FastifyRequest } from 'fastify';
import type { AccessContext } from '../policies/page-access';
import type { UserRow } from '../modules/users/service';
import { forbidden, unauthorized } from './app-error';

/** The signed-in user, or 401. */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The signed-in administrator, or 401/403. */
export function requireAdmin(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (!user.admin) throw forbidden('admin_only');
  return user;
}

/** The access context of a signed-in user, typed so services know there is a viewer. */
export function userAccess(
  request: FastifyRequest,
): AccessContext & { viewer: { id: string; admin: boolean } } {
  const user = requireUser(request);
  return { ...request.access, viewer: { id: user.id, admin: user.admin } };
}

/** Anyone who may read at all: users, and guests unless guest mode is Deny (401 then). */
export function requireReader(request: FastifyRequest): AccessContext {
  if (!request.user && request.access.restrictGuestMode === 'Deny') throw unauthorized();
  return request.access;
}
