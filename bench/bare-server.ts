// The baseline: a bare Fastify + better-sqlite3 server serving the same rows as GET /_api/v3/page,
// with none of Quire's plugins (sessions, CSRF, permissions, i18n, presenters).
import Database from 'better-sqlite3';
import Fastify from 'fastify';

const [file = '', port = '0'] = process.argv.slice(2);
const db = new Database(file, { readonly: true });
const stmt = db.prepare(
  `SELECT p.id, p.path, p."grant", p.created_at, p.updated_at, r.id AS revision_id, r.body, r.created_at AS revision_created_at
   FROM pages p JOIN revisions r ON r.id = p.revision_id WHERE p.path = ?`,
);
const app = Fastify();
app.get<{ Querystring: { path: string } }>('/page', async (request, reply) => {
  const row = stmt.get(request.query.path);
  if (!row) return reply.status(404).send({ error: 'not found' });
  return { page: row };
});
await app.listen({ host: '127.0.0.1', port: Number(port) });
const address = app.server.address();
console.log(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`);
