// Discovery for real, never on this machine's network: two network namespaces joined by a veth
// pair (the announcer's end on a bridge: ciao skips `name@peer` interfaces, see docs/decisions/0018-lan-sharing.md),
// the real CiaoAnnouncer in one, a one-shot mDNS query in the other. Needs root (`ip netns`), which
// CI has; elsewhere it is skipped and says why.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const A = `quire-mdns-a-${process.pid}`;
const B = `quire-mdns-b-${process.pid}`;
const PROBE = ['--import', 'tsx', 'test/helpers/mdns-probe.ts'];
/** The probe runs only when told it is inside the namespaces made here (and checks it is). */
const PROBE_ENV = { ...process.env, QUIRE_MDNS_PROBE: 'netns' };

function ip(...args: string[]): void {
  execFileSync('ip', args, { stdio: 'ignore' });
}

function canMakeNamespaces(): boolean {
  if (process.getuid?.() !== 0) return false;
  try {
    ip('netns', 'add', `${A}-check`);
    ip('netns', 'del', `${A}-check`);
    return true;
  } catch {
    return false;
  }
}

const possible = canMakeNamespaces();
if (!possible) console.warn('mdns-netns: skipped: creating network namespaces needs root (`ip netns`)');

/** The next JSON line a probe prints. */
function nextLine(child: ChildProcess): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => (lines.close(), resolve(JSON.parse(line) as Record<string, unknown>)));
    child.once('exit', (code) => reject(new Error(`the probe exited with ${code}`)));
  });
}

async function ask(): Promise<Record<string, unknown>> {
  const child = spawn('ip', ['netns', 'exec', B, process.execPath, ...PROBE, '10.77.0.2', 'ask'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: PROBE_ENV,
  });
  return nextLine(child);
}

describe.runIf(possible)('mDNS discovery in network namespaces', () => {
  beforeAll(() => {
    ip('netns', 'add', A);
    ip('netns', 'add', B);
    ip('link', 'add', 'v0', 'netns', A, 'type', 'veth', 'peer', 'name', 'v1', 'netns', B);
    ip('-n', A, 'link', 'add', 'br0', 'type', 'bridge');
    ip('-n', A, 'link', 'set', 'v0', 'master', 'br0');
    ip('-n', A, 'addr', 'add', '10.77.0.1/24', 'dev', 'br0');
    ip('-n', B, 'addr', 'add', '10.77.0.2/24', 'dev', 'v1');
    for (const [ns, dev] of [
      [A, 'v0'],
      [A, 'br0'],
      [A, 'lo'],
      [B, 'v1'],
      [B, 'lo'],
    ] as const) {
      ip('-n', ns, 'link', 'set', dev, 'up');
    }
    ip('-n', A, 'route', 'add', 'default', 'via', '10.77.0.2', 'dev', 'br0');
    ip('-n', B, 'route', 'add', 'default', 'via', '10.77.0.1', 'dev', 'v1');
  });
  afterAll(() => {
    for (const ns of [A, B]) {
      try {
        ip('netns', 'del', ns);
      } catch {
        // Already gone.
      }
    }
  });

  it('announces _http._tcp with its TXT record and host name, and withdraws it', async () => {
    const announcer = spawn('ip', ['netns', 'exec', A, process.execPath, ...PROBE, '10.77.0.1', 'announce'], {
      stdio: ['pipe', 'pipe', 'inherit'],
      env: PROBE_ENV,
    });
    try {
      expect(await nextLine(announcer)).toEqual({
        announced: { name: 'Quire on probe', hostname: 'quire-probe' },
      });
      expect(await ask()).toEqual({ instance: true, host: true, txtProduct: true, txtPath: true });
      announcer.stdin!.write('withdraw\n');
      expect(await nextLine(announcer)).toEqual({ withdrawn: true });
      expect((await ask()).instance).toBe(false);
    } finally {
      announcer.kill('SIGKILL');
    }
  }, 30_000);
});

describe('the mDNS probe', () => {
  it('refuses to run on this machine’s own interfaces', () => {
    const run = () =>
      execFileSync(process.execPath, [...PROBE, '10.77.0.2', 'ask'], { env: PROBE_ENV, stdio: 'pipe' });
    expect(run).toThrow(/refusing to run outside/);
  });
});
