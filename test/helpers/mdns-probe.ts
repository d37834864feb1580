// Run inside a network namespace of its own (test/server/mdns-netns.test.ts makes it): announces
// with the real CiaoAnnouncer, asks for `_http._tcp.local` the way a browser's resolver would (a
// one-shot query from an ordinary port, answered by unicast), withdraws, asks again, and prints
// what it saw as JSON. Never run on a machine's real interfaces.
import dgram from 'node:dgram';
import os from 'node:os';
import { CiaoAnnouncer } from '../../src/server/modules/sharing/announcer';

const QUERIER = process.argv[2] ?? '10.77.0.2';

// Multicast leaves on every interface this process sees: refuse unless they are only the test
// namespace's (loopback, the veth ends, the bridge) and the test asked for it.
const ALLOWED_INTERFACES = new Set(['lo', 'v0', 'v1', 'br0']);
const seen = Object.keys(os.networkInterfaces());
if (process.env.QUIRE_MDNS_PROBE !== 'netns' || seen.some((name) => !ALLOWED_INTERFACES.has(name))) {
  console.error(
    `mdns-probe: refusing to run outside the test's network namespace (interfaces: ${seen.join(', ')})`,
  );
  process.exit(2);
}

/** A DNS query for `name` of `type` (12 = PTR). */
function query(name: string, type: number): Buffer {
  const labels = name.split('.').filter(Boolean);
  const parts = [Buffer.from([0x12, 0x34, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0])];
  for (const label of labels) parts.push(Buffer.from([label.length]), Buffer.from(label));
  parts.push(Buffer.from([0, 0, type, 0, 1]));
  return Buffer.concat(parts);
}

function ask(timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket({ type: 'udp4', reuseAddr: true });
    let seen = '';
    socket.on('message', (message) => (seen += message.toString('latin1')));
    socket.on('error', reject);
    socket.bind(0, QUERIER, () => {
      socket.setMulticastInterface(QUERIER);
      socket.send(query('_http._tcp.local', 12), 5353, '224.0.0.251');
      setTimeout(() => (socket.close(), resolve(seen)), timeoutMs);
    });
  });
}

const mode = process.argv[3] ?? 'announce';
if (mode === 'ask') {
  const seen = await ask(2000);
  console.log(
    JSON.stringify({
      instance: seen.includes('Quire on probe'),
      host: seen.includes('quire-probe'),
      txtProduct: seen.includes('product=Quire'),
      txtPath: seen.includes('path=/'),
    }),
  );
  process.exit(0);
} else {
  const announcer = new CiaoAnnouncer();
  const names = await announcer.announce(
    { name: 'Quire on probe', hostname: 'quire-probe', port: 3917, txt: { path: '/', product: 'Quire' } },
    () => undefined,
  );
  console.log(JSON.stringify({ announced: names }));
  // "withdraw" on stdin: goodbye packets, then say so; the test ends this process afterwards.
  process.stdin.on('data', async (data) => {
    if (String(data).includes('withdraw')) {
      await announcer.withdraw();
      console.log(JSON.stringify({ withdrawn: true }));
    }
  });
}
