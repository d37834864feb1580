// A stand-in for Slack on 127.0.0.1: the Web API's chat.postMessage (form-encoded, as
// @slack/web-api sends it; point QUIRE's slackApiUrl at `${url}/api/`) and an incoming webhook
// (`${url}/hook`, JSON). It keeps what it received and can be told to fail.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SlackPost {
  via: 'token' | 'webhook';
  authorization?: string;
  channel: string;
  text: string;
  username?: string;
  attachments: { text?: string; title?: string; author_name?: string }[];
}

export interface SlackStandin {
  url: string;
  apiUrl: string;
  hookUrl: string;
  posts: SlackPost[];
  /** `ok`, a Slack API error such as `channel_not_found`, or `down` (HTTP 500 from both). */
  mode: 'ok' | 'down' | string;
  close(): Promise<void>;
}

function attachmentsOf(value: unknown): SlackPost['attachments'] {
  if (typeof value === 'string') return JSON.parse(value) as SlackPost['attachments'];
  return Array.isArray(value) ? (value as SlackPost['attachments']) : [];
}

export async function startSlackStandin(): Promise<SlackStandin> {
  const standin = { posts: [] as SlackPost[], mode: 'ok' } as SlackStandin;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      if (standin.mode === 'down') {
        res.writeHead(500).end('down');
        return;
      }
      if (req.url === '/api/chat.postMessage') {
        const form = Object.fromEntries(new URLSearchParams(raw));
        res.setHeader('content-type', 'application/json');
        if (standin.mode !== 'ok') {
          res.end(JSON.stringify({ ok: false, error: standin.mode }));
          return;
        }
        standin.posts.push({
          via: 'token',
          authorization: req.headers.authorization,
          channel: form.channel ?? '',
          text: form.text ?? '',
          username: form.username,
          attachments: attachmentsOf(form.attachments),
        });
        res.end(JSON.stringify({ ok: true, channel: form.channel, ts: '1.0' }));
        return;
      }
      if (req.url === '/hook') {
        const body = JSON.parse(raw) as Record<string, unknown>;
        standin.posts.push({
          via: 'webhook',
          channel: String(body.channel ?? ''),
          text: String(body.text ?? ''),
          username: body.username as string | undefined,
          attachments: attachmentsOf(body.attachments),
        });
        res.end('ok');
        return;
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  standin.url = `http://127.0.0.1:${port}`;
  standin.apiUrl = `${standin.url}/api/`;
  standin.hookUrl = `${standin.url}/hook`;
  standin.close = () => new Promise((resolve) => server.close(() => resolve()));
  return standin;
}
