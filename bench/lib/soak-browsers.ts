// The soak's other browsers — idle tabs listening for live events and co-editors typing on one
// page — in a process of their own (forked by bench/soak.ts). A team's browsers run on their own
// machines: in the timed users' process, their Yjs documents, frames and collections held that
// process's event loop (up to 140 ms at 200 users) and every request waiting meanwhile was timed
// as slow. Messages: the parent sends `BrowsersStart`, then 'stop'; this process answers
// `BrowsersReady`, then `BrowsersReport`, and exits.
import WebSocket from 'ws';
import { CoeditClient, openSocket } from '../../test/helpers/coedit-client';

export interface BrowsersStart {
  url: string;
  cookie: string;
  pageId: string;
  coeditors: number;
  idle: number;
}
export interface BrowsersReady {
  ready: true;
}
export interface BrowsersReport {
  converged: boolean;
  text: string;
  idleOpened: number;
  idleStillOpen: number;
}

async function run(start: BrowsersStart): Promise<void> {
  const origin = start.url;
  const idle = await Promise.all(
    Array.from({ length: start.idle }, () =>
      openSocket(`${start.url.replace('http', 'ws')}/_api/v3/events`, { cookie: start.cookie, origin }),
    ),
  );
  const editors = await Promise.all(
    Array.from({ length: start.coeditors }, () =>
      CoeditClient.connect(start.url, start.pageId, { cookie: start.cookie }),
    ),
  );
  // Each types a letter of its own every ~200 ms, at the end of the text as it sees it.
  const typing = editors.map((editor, i) =>
    setInterval(() => editor.type(editor.text.length, String.fromCharCode(97 + i)), 200 + i),
  );
  process.send?.({ ready: true } satisfies BrowsersReady);

  await new Promise<void>((resolve) => process.once('message', () => resolve()));
  for (const timer of typing) clearInterval(timer);
  await Promise.all(
    editors.map((e) => e.until(() => e.text.length === editors[0]?.text.length, 'converged')),
  );
  const text = editors[0]?.text.toString() ?? '';
  const report: BrowsersReport = {
    converged: editors.every((e) => e.text.toString() === text),
    text,
    idleOpened: idle.length,
    idleStillOpen: idle.filter((ws) => ws.readyState === WebSocket.OPEN).length,
  };
  for (const ws of idle) ws.close();
  for (const editor of editors) editor.close();
  process.send?.(report, () => process.exit(0));
}

process.once('message', (start: BrowsersStart) => {
  run(start).catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
});
