// Fastify type augmentation: what Quire's plugins add to requests and sessions.
import type { AccessContext } from './policies/page-access';
import type { UserRow } from './modules/users/service';
import type { AppContext } from './context';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    /** The signed-in user, or null for a guest. */
    user: UserRow | null;
    /** Viewer and guest mode, for the permission function. */
    access: AccessContext;
  }
  interface Session {
    userId?: string;
  }
}
