// Seeds a data directory with an admin and N pages, straight into SQLite in one transaction
// (benchmarks measure serving, not seeding).
import { createContext } from '../../src/server/context';
import { defaultConfig } from '../../src/server/config';
import { newId } from '../../src/server/lib/ids';

export const BENCH_ADMIN = { username: 'bench', password: 'bench-password' };

export function pageBody(i: number): string {
  const line = `Line about topic ${i % 97} with some words to make the page realistic. `;
  return `# Page ${i}\n\n${line.repeat(20)}\n\n| a | b |\n|---|---|\n| ${i} | ${i * 2} |\n`;
}

const defaultPath = (i: number) => `/bench/section-${i % 100}/page-${i}`;

/** Seeds `pageCount` pages at `pathOf(i)` (default: 100 sections of /bench). */
export async function seed(
  dataDir: string,
  pageCount: number,
  pathOf: (i: number) => string = defaultPath,
): Promise<string[]> {
  const ctx = createContext(defaultConfig({ dataDir, logLevel: 'silent', logToFile: false }));
  const admin = await ctx.users.create({
    username: BENCH_ADMIN.username,
    name: 'Bench',
    email: 'bench@example.com',
    password: BENCH_ADMIN.password,
    lang: 'en_US',
    admin: true,
  });
  const sqlite = ctx.db.$client;
  const insertPage = sqlite.prepare(
    `INSERT INTO pages (id, path, "grant", creator_id, last_update_user_id, revision_id, created_at, updated_at)
     VALUES (?, ?, 1, ?, ?, ?, ?, ?)`,
  );
  const insertRevision = sqlite.prepare(
    'INSERT INTO revisions (id, page_id, body, author_id, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const paths: string[] = [];
  sqlite.pragma('foreign_keys = OFF'); // the page points at its revision before it exists
  sqlite.transaction(() => {
    const now = Date.now();
    for (let i = 0; i < pageCount; i++) {
      const path = pathOf(i);
      const pageId = newId();
      const revisionId = newId();
      insertPage.run(pageId, path, admin.id, admin.id, revisionId, now + i, now + i);
      insertRevision.run(revisionId, pageId, pageBody(i), admin.id, now + i);
      paths.push(path);
    }
  })();
  sqlite.pragma('foreign_keys = ON');
  await ctx.close();
  return paths;
}
