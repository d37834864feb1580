// GROWI's MCP server, built from its sources (test/growi-clients/) as its authors bundle it, with
// GROWI's TypeScript SDK compiled in from its sources too (neither is on the package registry).
// Its runtime packages (fastmcp, zod, axios, dotenv-flow) come from our devDependencies.
import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CLIENTS = path.join(ROOT, 'test/growi-clients');
const SDK = path.join(CLIENTS, 'growi-sdk-typescript/src');
const OUT_DIR = path.join(ROOT, 'node_modules/.cache/quire-growi-mcp');

/** `@growi/sdk-typescript`, `/v1` and `/v3` as the SDK's package exports name them. */
const sdkFromSources: Plugin = {
  name: 'growi-sdk-from-sources',
  setup(b) {
    const entries: Record<string, string> = {
      '@growi/sdk-typescript': path.join(SDK, 'index.ts'),
      '@growi/sdk-typescript/v1': path.join(SDK, 'apiv1/index.ts'),
      '@growi/sdk-typescript/v3': path.join(SDK, 'apiv3/index.ts'),
    };
    b.onResolve({ filter: /^@growi\/sdk-typescript(\/v[13])?$/ }, (args) => ({ path: entries[args.path]! }));
  },
};

let built: Promise<string> | undefined;

/** The bundled server's entry file (built once per test run; the output lies under node_modules). */
export function buildGrowiMcpServer(): Promise<string> {
  built ??= (async () => {
    fs.mkdirSync(OUT_DIR, { recursive: true });
    const outfile = path.join(OUT_DIR, 'growi-mcp-server.mjs');
    await build({
      entryPoints: [path.join(CLIENTS, 'growi-mcp-server/src/index.ts')],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      plugins: [sdkFromSources],
      external: ['fastmcp', 'zod', 'axios', 'dotenv-flow', '@modelcontextprotocol/sdk'],
      logLevel: 'warning',
    });
    return outfile;
  })();
  return built;
}
