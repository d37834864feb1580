// Issue 28: GROWI's own clients (its SDK, its MCP server) call the operations GROWI's OpenAPI specs
// list (test/growi-api/, with the paths GROWI's server really mounts where its spec differs). Each
// in-scope operation must have a route of its own here: a path that only a parameter route
// (`/users/:id` for `/users/list`) would catch does not count; a route that disappears fails.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import scope from '../growi-api/in-scope.json';
import { startTestServer, type TestServer } from '../helpers/server';

interface Operation {
  api: 'v1' | 'v3';
  method: string;
  path: string;
  served?: string;
}

/** Operations with no route (GROWI's method and spec path): none since issue 28. */
const STILL_MISSING: string[] = [];

const routePattern = (op: Operation) =>
  `${op.api === 'v3' ? '/_api/v3' : '/_api'}${op.served ?? op.path}`.replace(/\{(\w+)\}/g, ':$1');

describe("GROWI's in-scope operations", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.cleanup();
  });

  it('each has a route of its own', () => {
    const operations = scope.operations as Operation[];
    expect(operations).toHaveLength(180);
    const missing = operations
      .filter((op) => {
        const url = routePattern(op);
        const method = op.method as 'GET';
        return !(
          server.app.hasRoute({ method, url }) || server.app.hasRoute({ method, url: url.replace(/\/$/, '') })
        );
      })
      .map((op) => `${op.api} ${op.method} ${op.path}`);
    expect(missing).toEqual(STILL_MISSING);
  });
});
