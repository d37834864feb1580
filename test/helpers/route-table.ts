// Every route a built server answers, read from Fastify's own route tree (`printRoutes`), so a test
// can drive all of them without a list that goes stale.
import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  method: string;
  url: string;
}

/** Lines look like `│   ├── /list (GET, HEAD)`: four characters of indent per level. */
export function routeTable(app: FastifyInstance): RouteEntry[] {
  const lines = app.printRoutes({ commonPrefix: false }).split('\n');
  const stack: string[] = [];
  const routes: RouteEntry[] = [];
  for (const line of lines) {
    const at = line.search(/[├└]── /);
    if (at === -1) continue;
    const depth = at / 4;
    const match = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line.slice(at + 4));
    if (!match) continue;
    const segment = match[1] ?? '';
    stack.length = depth;
    const parent = stack[depth - 1] ?? '';
    // The tree is a radix tree: a child is the rest of its parent's path (`/page` + `s/list`).
    const url = depth === 0 ? segment : `${parent}${segment}`;
    stack[depth] = url;
    for (const method of (match[2] ?? '').split(', ').filter(Boolean)) routes.push({ method, url });
  }
  return routes;
}
