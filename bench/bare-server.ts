// The baseline: a bare Fastify + better-sqlite3 server answering the same rows as Quire's hot GETs
// (the page read, the tree, page info, recent changes, comments, attachments, tags, bookmarks, the
// notification badge, search with FTS5) with plain statements, none of Quire's plugins (sessions,
// CSRF, permissions, i18n, presenters) and no memory kept between requests.
import Database from 'better-sqlite3';
import Fastify from 'fastify';

const [file = '', port = '0'] = process.argv.slice(2);
const db = new Database(file, { readonly: true });
const USER = 'LEFT JOIN users u ON u.id = x.creator_id';
const all = (sql: string) => {
  const stmt = db.prepare(sql);
  return (...args: unknown[]) => stmt.all(...args);
};
const one = (sql: string) => {
  const stmt = db.prepare(sql);
  return (...args: unknown[]) => stmt.get(...args);
};
const page = one(
  `SELECT p.id, p.path, p."grant", p.created_at, p.updated_at, r.id AS revision_id, r.body, r.created_at AS revision_created_at
   FROM pages p JOIN revisions r ON r.id = p.revision_id WHERE p.path = ?`,
);
const children = all(
  `SELECT id, path, parent_id, is_empty, descendant_count, "grant", updated_at FROM pages
   WHERE parent_id = (SELECT id FROM pages WHERE path = ?) AND status = 'published' ORDER BY path LIMIT 101`,
);
const item = one(
  `SELECT id, path, parent_id, revision_id, descendant_count, "grant", is_empty, wip FROM pages WHERE id = ?`,
);
const usersOf = (table: string) =>
  all(`SELECT u.id, u.username, u.name FROM ${table} x JOIN users u ON u.id = x.user_id WHERE x.page_id = ?`);
const likers = usersOf('likes');
const seenUsers = usersOf('page_seen_users');
const bookmarkers = usersOf('bookmarks');
const commentCount = one('SELECT count(*) AS n FROM comments WHERE page_id = ?');
const recent = all(
  `SELECT x.id, x.path, x."grant", x.revision_id, x.created_at, x.updated_at, u.username, u.name FROM pages x
   LEFT JOIN users u ON u.id = x.last_update_user_id WHERE x.status = 'published' ORDER BY x.updated_at DESC LIMIT 20`,
);
const pageCount = one(`SELECT count(*) AS n FROM pages WHERE status = 'published'`);
const comments = all(
  `SELECT x.id, x.page_id, x.revision_id, x.comment, x.reply_to, x.created_at, x.updated_at, u.username, u.name
   FROM comments x ${USER} WHERE x.page_id = ? ORDER BY x.created_at`,
);
const attachments = all(
  `SELECT x.id, x.page_id, x.original_name, x.file_format, x.file_size, x.created_at, u.username, u.name
   FROM attachments x ${USER} WHERE x.page_id = ? ORDER BY x.created_at LIMIT 100`,
);
const tags = all(
  `SELECT t.name, count(*) AS count FROM page_tags pt JOIN tags t ON t.id = pt.tag_id
   JOIN pages p ON p.id = pt.page_id WHERE p.status = 'published' GROUP BY t.id ORDER BY count DESC, t.name_key LIMIT 500`,
);
const unopened = one(
  `SELECT count(*) AS n FROM in_app_notifications WHERE user_id = ? AND status = 'UNOPENED'`,
);

// Search as a bare server would do it: SQLite's FTS5 over the pages' latest text, best 8 first
// with a snippet, built in memory at start.
const fts = new Database(':memory:');
fts.exec("CREATE VIRTUAL TABLE pages USING fts5(path, body, tokenize = 'unicode61')");
const addText = fts.prepare('INSERT INTO pages (path, body) VALUES (?, ?)');
const texts = db.prepare(
  `SELECT p.path, r.body FROM pages p JOIN revisions r ON r.id = p.revision_id WHERE p.status = 'published'`,
);
fts.transaction(() => {
  for (const row of texts.iterate() as Iterable<{ path: string; body: string }>)
    addText.run(row.path, row.body);
})();
const searchText = fts.prepare(
  `SELECT path, snippet(pages, 1, '<em>', '</em>', '…', 16) AS snippet FROM pages WHERE pages MATCH ?
   ORDER BY rank LIMIT 8`,
);
/** Each word as an FTS5 string: user text never reaches FTS5's query syntax. */
const ftsQuery = (q: string) =>
  q
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => `"${word.replaceAll('"', '""')}"`)
    .join(' ');

type Query = { Querystring: Record<string, string> };
const app = Fastify();
app.get<Query>('/page', async (request, reply) => {
  const row = page(request.query.path);
  if (!row) return reply.status(404).send({ error: 'not found' });
  return { page: row };
});
app.get<Query>('/children', async (request) => ({ children: children(request.query.path) }));
app.get<Query>('/item', async (request) => ({ item: item(request.query.id) }));
app.get<Query>('/info', async (request) => {
  const id = request.query.id;
  return {
    likers: likers(id),
    seenUsers: seenUsers(id),
    bookmarks: bookmarkers(id),
    comments: commentCount(id),
  };
});
app.get('/recent', async () => ({ pages: recent(), totalCount: pageCount() }));
app.get<Query>('/comments', async (request) => ({ comments: comments(request.query.id) }));
app.get<Query>('/attachments', async (request) => ({ docs: attachments(request.query.id) }));
app.get('/tags', async () => ({ data: tags() }));
app.get<Query>('/bookmarks', async (request) => ({ users: bookmarkers(request.query.id) }));
app.get<Query>('/search', async (request) => ({ data: searchText.all(ftsQuery(request.query.q ?? '')) }));
app.get<Query>('/status', async (request) => ({ count: unopened(request.query.user) }));
await app.listen({ host: '127.0.0.1', port: Number(port) });
const address = app.server.address();
console.log(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`);
