// What several benchmarks do with the Quire server they started: wait until it has settled, stop it.
import { waitForExit, type HttpAgent, type ServerProcess } from '../../test/helpers/process';

/**
 * Reads are measured on a settled server: not while the first start builds the search index (in
 * a worker thread, then loaded by the server thread), which is not what a read costs.
 */
export async function searchIndexReady(admin: HttpAgent, minutes = 5): Promise<void> {
  const deadline = Date.now() + minutes * 60_000;
  while (Date.now() < deadline) {
    const res = await admin.call('GET', '/_api/v3/search/indices');
    if (((await res.json()) as { indexStatus?: string }).indexStatus === 'normalized') return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the search index was not ready within ${minutes} minutes`);
}

export async function stopServer(server: ServerProcess): Promise<void> {
  server.child.kill('SIGTERM');
  await waitForExit(server.child);
}
