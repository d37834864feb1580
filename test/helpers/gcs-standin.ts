// A stand-in for Google Cloud Storage's JSON API on 127.0.0.1, enough for @google-cloud/storage
// pointed at it with `apiEndpoint`: multipart uploads, media downloads, metadata, deletion and
// listing. Requests must carry a JWT signed by the test's service account (a real RSA key made
// here), checked with its public key, as Google checks a self-signed JWT.
import http from 'node:http';
import { createHash, generateKeyPairSync, verify } from 'node:crypto';
import type { AddressInfo } from 'node:net';

export interface GcsStandin {
  url: string;
  bucket: string;
  /** The service account key file's content. */
  keyJson: string;
  objects: Map<string, { data: Buffer; updated: Date }>;
  /** How many requests carried a valid signed JWT. */
  signedRequests: number;
  close(): Promise<void>;
}

const md5 = (data: Buffer) => createHash('md5').update(data).digest('base64');

function send(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** The media part of a `multipart/related` upload (metadata JSON first, then the bytes). */
function mediaOf(body: Buffer, contentType: string): { name?: string; data: Buffer } {
  const boundary = /boundary="?([^";]+)"?/.exec(contentType)?.[1] ?? '';
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Buffer[] = [];
  let at = body.indexOf(delimiter);
  while (at !== -1) {
    const next = body.indexOf(delimiter, at + delimiter.length);
    if (next === -1) break;
    parts.push(body.subarray(at + delimiter.length, next));
    at = next;
  }
  const split = (part: Buffer) => {
    const headerEnd = part.indexOf('\r\n\r\n');
    return part.subarray(headerEnd + 4, part.length - 2); // drop the CRLF before the next delimiter
  };
  const metadata = JSON.parse(split(parts[0]!).toString()) as { name?: string };
  return { name: metadata.name, data: split(parts[1]!) };
}

export async function startGcs(bucket = 'quire-gcs'): Promise<GcsStandin> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const objects = new Map<string, { data: Buffer; updated: Date }>();
  const isSigned = (authorization: string) => {
    const [header, payload, signature] = authorization.replace(/^Bearer /, '').split('.');
    if (!header || !payload || !signature) return false;
    const data = Buffer.from(`${header}.${payload}`);
    return verify('RSA-SHA256', data, publicKey, Buffer.from(signature, 'base64url'));
  };
  const standin = { signedRequests: 0 } as GcsStandin;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = new URL(req.url ?? '/', 'http://x');
      if (!isSigned(req.headers.authorization ?? ''))
        return send(res, 401, { error: { code: 401, message: 'Invalid Credentials' } });
      standin.signedRequests += 1;
      const prefix = `/storage/v1/b/${bucket}/o`;
      if (req.method === 'POST' && url.pathname === `/upload${prefix}`) {
        const media = mediaOf(body, String(req.headers['content-type']));
        const name = url.searchParams.get('name') ?? media.name ?? '';
        objects.set(name, { data: media.data, updated: new Date() });
        return send(res, 200, { bucket, name, size: String(media.data.length), md5Hash: md5(media.data) });
      }
      if (!url.pathname.startsWith(prefix))
        return send(res, 404, { error: { code: 404, message: 'no such bucket' } });
      const name = decodeURIComponent(url.pathname.slice(prefix.length + 1));
      if (req.method === 'GET' && name === '') {
        const wanted = url.searchParams.get('prefix') ?? '';
        const items = [...objects.entries()]
          .filter(([key]) => key.startsWith(wanted))
          .map(([key, o]) => ({ name: key, updated: o.updated.toISOString(), size: String(o.data.length) }));
        return send(res, 200, { kind: 'storage#objects', items });
      }
      const object = objects.get(name);
      if (!object)
        return send(res, 404, { error: { code: 404, message: `No such object: ${bucket}/${name}` } });
      if (req.method === 'DELETE') {
        objects.delete(name);
        res.writeHead(204).end();
        return;
      }
      if (req.method === 'GET' && url.searchParams.get('alt') === 'media') {
        res.writeHead(200, {
          'content-type': 'application/octet-stream',
          'content-length': object.data.length,
          'x-goog-hash': `md5=${md5(object.data)}`,
        });
        res.end(object.data);
        return;
      }
      send(res, 200, {
        bucket,
        name,
        size: String(object.data.length),
        updated: object.updated.toISOString(),
        md5Hash: md5(object.data),
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const keyJson = JSON.stringify({
    type: 'service_account',
    project_id: 'quire-test',
    private_key_id: 'test-key',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: 'quire@quire-test.iam.gserviceaccount.com',
    client_id: '1',
  });
  Object.assign(standin, {
    url,
    bucket,
    keyJson,
    objects,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
  return standin;
}
