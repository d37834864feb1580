import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Agent, startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
afterEach(async () => {
  await server.cleanup();
});

describe('logging', () => {
  it('writes a "slow request" warning to logs/quire.log for requests over the threshold', async () => {
    server = await startTestServer({ logLevel: 'warn', logToFile: true, slowRequestMs: 0.001 });
    await new Agent(server.app).get('/_api/v3/healthcheck');
    await server.close();
    const lines = fs
      .readFileSync(path.join(server.dataDir, 'logs', 'quire.log'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toContainEqual(
      expect.objectContaining({
        msg: 'slow request',
        method: 'GET',
        url: '/_api/v3/healthcheck',
        statusCode: 200,
      }),
    );
  });

  it('stays quiet for requests under the threshold', async () => {
    server = await startTestServer({ logLevel: 'warn', logToFile: true, slowRequestMs: 60_000 });
    await new Agent(server.app).get('/_api/v3/healthcheck');
    await server.close();
    const log = path.join(server.dataDir, 'logs', 'quire.log');
    expect(fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : '').not.toContain('slow request');
  });
});
