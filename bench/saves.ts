// Acknowledged saves under 16 concurrent writers (issue 17), with the server killed (SIGKILL) five
// times mid-load: each writer saves its own pages again and again (PUT /_api/v3/page), remembering
// every body the server acknowledged; after each kill the server restarts and every acknowledged
// save must be there (or the one after it, whose answer the kill cut off). `synchronous=FULL`
// stays on. Prints saves/s over the load phases and how many acknowledged saves were lost.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { HttpAgent, spawnServer, waitForExit, type ServerProcess } from '../test/helpers/process';
import { percentile } from './lib/load';
import { BENCH_ADMIN, seed } from './lib/seed';

const WRITERS = 16;
const PAGES_PER_WRITER = 8;
const KILLS = Number(process.env.BENCH_SAVE_KILLS ?? 5);
const PHASE_SECONDS = Number(process.env.BENCH_SAVE_SECONDS ?? 4);

interface Answer {
  status: number;
  body: string;
}

function request(
  agent: http.Agent,
  base: URL,
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: string,
) {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(
      { agent, host: base.hostname, port: base.port, method, path: url, headers },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

interface PageState {
  id: string;
  path: string;
  revisionId: string;
  acknowledged: string;
  /** The body sent whose answer has not come (a kill may have committed it). */
  inFlight: string | null;
  n: number;
}

/** One load phase: every writer saves its pages round-robin until the deadline or the kill. */
async function loadPhase(
  server: ServerProcess,
  pages: PageState[][],
  headers: Record<string, string>,
  until: number,
) {
  const base = new URL(server.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: WRITERS });
  const latencies: number[] = [];
  let errors = 0;
  const writer = async (own: PageState[]) => {
    for (let i = 0; Date.now() < until; i++) {
      const page = own[i % own.length]!;
      const body = `${page.path} save ${++page.n} ${'text '.repeat(200)}`;
      page.inFlight = body;
      const t0 = performance.now();
      let answer: Answer;
      try {
        answer = await request(
          agent,
          base,
          'PUT',
          '/_api/v3/page',
          headers,
          JSON.stringify({ pageId: page.id, revisionId: page.revisionId, body }),
        );
      } catch {
        return; // the server was killed
      }
      latencies.push(performance.now() - t0);
      if (answer.status !== 200) {
        errors++;
        continue;
      }
      page.revisionId = (
        JSON.parse(answer.body) as { page: { revision: { _id: string } } }
      ).page.revision._id;
      page.acknowledged = body;
      page.inFlight = null;
    }
  };
  const started = performance.now();
  await Promise.all(pages.map(writer));
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    saves: latencies.length - errors,
    errors,
    seconds: (performance.now() - started) / 1000,
    latencies,
  };
}

/** After a restart: each page holds its last acknowledged body, or the one in flight at the kill. */
async function verify(pages: PageState[][], user: HttpAgent): Promise<number> {
  let lost = 0;
  for (const page of pages.flat()) {
    const res = await user.call('GET', `/_api/v3/page?pageId=${page.id}`);
    const { page: stored } = (await res.json()) as { page: { revision: { _id: string; body: string } } };
    if (stored.revision.body === page.inFlight) page.acknowledged = stored.revision.body;
    else if (stored.revision.body !== page.acknowledged) lost++;
    page.revisionId = stored.revision._id;
    page.inFlight = null;
  }
  return lost;
}

export async function runSavesBench() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-saves-'));
  const count = WRITERS * PAGES_PER_WRITER;
  const paths = await seed(dataDir, count, (i) => `/saves/w${i % WRITERS}/p${i}`);
  const start = () => spawnServer(['--data-dir', dataDir, '--port', '0'], { QUIRE_LOG_LEVEL: 'error' });
  let server = await start();
  let user = new HttpAgent(server.url);
  await user.call('POST', '/_api/v3/login', BENCH_ADMIN);
  const pages: PageState[][] = Array.from({ length: WRITERS }, () => []);
  for (const [i, pagePath] of paths.entries()) {
    const res = await user.call('GET', `/_api/v3/page?path=${encodeURIComponent(pagePath)}`);
    const { page } = (await res.json()) as { page: { _id: string; revision: { _id: string; body: string } } };
    pages[i % WRITERS]!.push({
      id: page._id,
      path: pagePath,
      revisionId: page.revision._id,
      acknowledged: page.revision.body,
      inFlight: null,
      n: 0,
    });
  }

  let saves = 0;
  let errors = 0;
  let seconds = 0;
  let lost = 0;
  const latencies: number[] = [];
  for (let round = 0; round <= KILLS; round++) {
    const headers = await user.authHeaders();
    const killAt = round < KILLS ? Date.now() + PHASE_SECONDS * 1000 * (0.5 + Math.random() / 2) : Infinity;
    const until = round < KILLS ? killAt + 5_000 : Date.now() + PHASE_SECONDS * 1000;
    const running = server;
    const killer =
      round < KILLS ? setTimeout(() => running.child.kill('SIGKILL'), killAt - Date.now()) : null;
    const phase = await loadPhase(server, pages, headers, until);
    if (killer) clearTimeout(killer);
    saves += phase.saves;
    errors += phase.errors;
    seconds += phase.seconds;
    latencies.push(...phase.latencies);
    if (round < KILLS) {
      await waitForExit(server.child);
      server = await start();
      const cookie = user.cookie; // the same browser: sessions survive the kill
      user = new HttpAgent(server.url);
      user.cookie = cookie;
      lost += await verify(pages, user);
    }
  }
  lost += await verify(pages, user);
  server.child.kill('SIGTERM');
  await waitForExit(server.child);
  fs.rmSync(dataDir, { recursive: true, force: true });
  latencies.sort((a, b) => a - b);
  return {
    writers: WRITERS,
    kills: KILLS,
    acknowledgedSaves: saves,
    savesPerSecond: Math.round(saves / seconds),
    errors,
    lostAcknowledgedSaves: lost,
    p50Ms: Number(percentile(latencies, 50).toFixed(2)),
    p99Ms: Number(percentile(latencies, 99).toFixed(2)),
  };
}
