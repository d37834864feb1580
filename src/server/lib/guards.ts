// Route guards shared by every module.
import type { FastifyRequest } from 'fastify';
import { canCreatePages, type AccessContext, type Viewer } from '../policies/page-access';
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
export function userAccess(request: FastifyRequest): AccessContext & { viewer: Viewer } {
  requireUser(request);
  const { viewer, restrictGuestMode } = request.access;
  if (!viewer) throw unauthorized();
  return { viewer, restrictGuestMode };
}

/** A signed-in user who may create and change pages (read-only users: 403 `read_only_user`). */
export function editorAccess(request: FastifyRequest): AccessContext & { viewer: Viewer } {
  const access = userAccess(request);
  if (!canCreatePages(access)) throw forbidden('read_only_user', 'accounts.read_only_user');
  return access;
}

/** Anyone who may read at all: users, and guests unless guest mode is Deny (401 then). */
export function requireReader(request: FastifyRequest): AccessContext {
  if (!request.user && request.access.restrictGuestMode === 'Deny') throw unauthorized();
  return request.access;
}
