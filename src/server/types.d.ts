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
    /** The request was authenticated by an API token (no session, no CSRF token needed). */
    viaApiToken: boolean;
    /** The viewer's group ids, looked up once per request by `access`. */
    viewerGroupIds: string[] | null;
    /** Viewer and guest mode, for the permission function. */
    access: AccessContext;
  }
  interface Session {
    userId?: string;
  }
  interface FastifyContextConfig {
    /** The body proves itself (a SAML answer signed by the IdP): no CSRF token is asked. */
    csrfExempt?: boolean;
  }
}
