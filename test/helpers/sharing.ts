// LAN sharing tests run on loopback only: "shared" means 127.0.0.2 (QUIRE_SHARE_HOST), the machine
// is made up (no real interface is read), and mDNS goes to a recorder instead of the network.
import http from 'node:http';
import type os from 'node:os';
import type { Announcement, AnnouncedNames, Announcer } from '../../src/server/modules/sharing/announcer';
import type { MachineInfo } from '../../src/server/modules/sharing/service';

export const FAKE_MACHINE: MachineInfo = {
  hostname: () => 'DeskPC',
  interfaces: () => ({
    lo: [
      { address: '127.0.0.1', family: 'IPv4', internal: true } as os.NetworkInterfaceInfo,
      { address: '::1', family: 'IPv6', internal: true } as os.NetworkInterfaceInfo,
    ],
    eth0: [
      { address: '192.168.1.20', family: 'IPv4', internal: false } as os.NetworkInterfaceInfo,
      { address: 'fe80::1c2b', family: 'IPv6', internal: false } as os.NetworkInterfaceInfo,
      { address: '2001:db8::20', family: 'IPv6', internal: false } as os.NetworkInterfaceInfo,
    ],
  }),
};

/** Records what would be announced; `conflictWith` makes the first probe lose that host name. */
export class RecordingAnnouncer implements Announcer {
  readonly calls: string[] = [];
  current: Announcement | null = null;
  conflictWith: string | null = null;

  async announce(a: Announcement, onRename: (names: AnnouncedNames) => void): Promise<AnnouncedNames> {
    this.calls.push(`announce ${a.hostname}`);
    this.current = a;
    if (a.hostname === this.conflictWith) {
      // ciao renames after a lost probe and tells the service so.
      const renamed = { name: `${a.name} (2)`, hostname: `${a.hostname}-2` };
      this.current = { ...a, ...renamed };
      onRename(renamed);
      return renamed;
    }
    return { name: a.name, hostname: a.hostname };
  }

  async withdraw(): Promise<void> {
    if (this.current) this.calls.push('withdraw');
    this.current = null;
  }

  async shutdown(): Promise<void> {
    this.calls.push('shutdown');
    this.current = null;
  }
}

/**
 * Resolves with the HTTP status, or 'refused' when nothing listens there. Always a new connection
 * (no keep-alive pool), so it tells what the listening sockets accept now.
 */
export function reach(url: string, headers: Record<string, string> = {}): Promise<number | 'refused'> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, headers, timeout: 3000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    request.on('timeout', () => request.destroy(new Error(`no answer from ${url}`)));
    request.on('error', (err: NodeJS.ErrnoException) =>
      err.code === 'ECONNREFUSED' ? resolve('refused') : reject(err),
    );
  });
}
