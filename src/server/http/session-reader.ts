// The read routes' side of sessions (issue 17): a page read only needs to know who is asking, not
// a session object it could change. @fastify/session builds one on every request (a fresh signed
// id for a guest, two SHA-256 digests of its contents to notice changes); here a guest costs
// nothing and a signed-in reader a verified cookie and a session looked up in memory.
//
// Only for routes that neither change the session nor need CSRF protection (GET routes); such a
// route sees no `request.session`. The same rules as http/session.ts decide the user.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { SESSION_COOKIE, signInByApiToken, signInBySession } from './identity';

async function sessionReader(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { store, signer } = app.sessionParts;
  app.addHook('onRequest', (request, _reply, done) => {
    try {
      if (signInByApiToken(ctx, request)) return done();
      const cookie = request.cookies[SESSION_COOKIE];
      if (!cookie) return done();
      const unsigned = signer.unsign(cookie);
      if (unsigned.valid) signInBySession(ctx, request, store.userIdOf(unsigned.value));
    } catch (err) {
      return done(err as Error);
    }
    done();
  });
}

export default fp(sessionReader, { name: 'quire-session-reader', dependencies: ['quire-identity'] });
