// What `GET /healthcheck` asks of the server: the database answers, and the search index is loaded
// or being built (start-up never waits for indexing; a failed index answers NG until rebuilt).
import type { AppContext } from '../../context';

export function assertHealthy(ctx: Pick<AppContext, 'db' | 'search'>): void {
  ctx.db.$client.prepare('SELECT 1').get();
  if (!ctx.search.reachable) throw new Error('search service error');
}
