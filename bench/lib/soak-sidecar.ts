// The soak's open tabs and co-editors, in a process of their own: applying every co-editor's
// keystrokes and hundreds of live-event frames made the load generator's own event loop late,
// and every latency it records includes that lateness. Here they load the server just the same,
// and the process that times the users' requests only does that.
//
// Run by `startSidecar` (bench/soak.ts) with its settings as JSON in argv; talks over IPC.
import { fork, type ChildProcess } from 'node:child_process';
import WebSocket from 'ws';
import { CoeditClient } from '../../test/helpers/coedit-client';

export interface SidecarSettings {
  url: string;
  cookie: string;
  /** The page the co-editors type on. */
  pageId: string;
  coeditors: number;
  idleSockets: number;
}

export interface SidecarReport {
  converged: boolean;
  /** The co-edited text as the first editor has it. */
  text: string;
  idleOpened: number;
  idleStillOpen: number;
}

type ToParent = { type: 'ready' } | ({ type: 'done' } & SidecarReport);

/** Starts the sidecar; resolves once its sockets are open and the co-editors type. */
export async function startSidecar(settings: SidecarSettings): Promise<{ stop(): Promise<SidecarReport> }> {
  const child: ChildProcess = fork(import.meta.filename, [JSON.stringify(settings)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 2, 2, 'ipc'], // stdout carries only the benchmark's JSON
  });
  const next = () =>
    new Promise<ToParent>((resolve, reject) => {
      child.once('message', (message) => resolve(message as ToParent));
      child.once('exit', (code) => reject(new Error(`the soak's sidecar exited (${code})`)));
    });
  const ready = await next();
  if (ready.type !== 'ready') throw new Error('the soak sidecar did not start');
  return {
    async stop() {
      const done = next();
      child.send({ type: 'stop' });
      const report = await done;
      if (report.type !== 'done') throw new Error('the soak sidecar did not report');
      const { converged, text, idleOpened, idleStillOpen } = report;
      return { converged, text, idleOpened, idleStillOpen };
    },
  };
}

async function run(settings: SidecarSettings): Promise<void> {
  const { url, cookie, pageId } = settings;
  const send = (message: ToParent) => process.send?.(message);
  // Idle live-event sockets, as many open tabs.
  const idle = await Promise.all(
    Array.from(
      { length: settings.idleSockets },
      () =>
        new Promise<WebSocket>((resolve, reject) => {
          const ws = new WebSocket(`${url.replace('http', 'ws')}/_api/v3/events`, {
            headers: { cookie, origin: url },
          });
          ws.once('open', () => resolve(ws));
          ws.once('error', reject);
        }),
    ),
  );
  // Co-editors on one page, typing every 200 ms.
  const editors = await Promise.all(
    Array.from({ length: settings.coeditors }, () => CoeditClient.connect(url, pageId, { cookie })),
  );
  const typing = editors.map((editor, i) =>
    setInterval(() => editor.type(editor.text.length, String.fromCharCode(97 + i)), 200 + i),
  );
  send({ type: 'ready' });
  process.once('message', async () => {
    for (const timer of typing) clearInterval(timer);
    const first = editors[0];
    await Promise.all(editors.map((e) => e.until(() => e.text.length === first?.text.length, 'converged')));
    const converged = editors.every((e) => e.text.toString() === first?.text.toString());
    const idleStillOpen = idle.filter((ws) => ws.readyState === WebSocket.OPEN).length;
    send({ type: 'done', converged, text: first?.text.toString() ?? '', idleOpened: idle.length, idleStillOpen });
    for (const ws of idle) ws.close();
    for (const editor of editors) editor.close();
    process.disconnect();
  });
}

if (process.argv[1] === import.meta.filename && process.argv[2]) {
  process.once('disconnect', () => process.exit(0)); // the soak ended, or failed
  run(JSON.parse(process.argv[2]) as SidecarSettings).catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
