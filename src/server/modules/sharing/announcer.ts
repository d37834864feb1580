// mDNS/DNS-SD announcement of the shared wiki (`_http._tcp`, TXT path and product) under a stable
// `<name>.local`. @homebridge/ciao is the responder: it probes names and renames on conflicts, and
// advertises only on the interfaces that reach the LAN (research notes §1.1). Tests never reach it:
// they pass a recording Announcer, and QUIRE_DISCOVERY=off keeps real multicast off in CI.
import type { CiaoService, Responder } from '@homebridge/ciao';

export interface Announcement {
  /** The DNS-SD instance name, e.g. "Quire on deskpc". */
  name: string;
  /** The host label without `.local`. */
  hostname: string;
  port: number;
  txt: Record<string, string>;
}

export interface AnnouncedNames {
  name: string;
  hostname: string;
}

export interface Announcer {
  /** Starts (or replaces) the announcement; resolves with the names won after conflicts. */
  announce(announcement: Announcement, onRename: (names: AnnouncedNames) => void): Promise<AnnouncedNames>;
  /** Withdraws it with goodbye packets; safe when nothing is announced. */
  withdraw(): Promise<void>;
  /** Withdraws and frees the responder's sockets (quitting). */
  shutdown(): Promise<void>;
}

function stripLocal(hostname: string): string {
  return hostname.replace(/\.local\.?$/i, '');
}

export class CiaoAnnouncer implements Announcer {
  private responder: Responder | null = null;
  private service: CiaoService | null = null;

  async announce(
    announcement: Announcement,
    onRename: (names: AnnouncedNames) => void,
  ): Promise<AnnouncedNames> {
    await this.withdraw();
    // Loaded on first use: a wiki that never shares never opens a multicast socket.
    const ciao = await import('@homebridge/ciao');
    this.responder ??= ciao.getResponder();
    const service = this.responder.createService({
      name: announcement.name,
      type: 'http',
      port: announcement.port,
      hostname: announcement.hostname,
      txt: announcement.txt,
    });
    const names = (): AnnouncedNames => ({
      name: service.getFQDN().split('._http.')[0] ?? announcement.name,
      hostname: stripLocal(service.getHostname()),
    });
    service.on('name-change', () => onRename(names()));
    service.on('hostname-change', () => onRename(names()));
    this.service = service;
    await service.advertise();
    return names();
  }

  async withdraw(): Promise<void> {
    const service = this.service;
    this.service = null;
    await service?.destroy();
  }

  async shutdown(): Promise<void> {
    await this.withdraw();
    const responder = this.responder;
    this.responder = null;
    await responder?.shutdown();
  }
}

/** A DNS label from the machine's name: letters, digits and hyphens, at most 63 characters. */
export function hostLabel(name: string): string {
  const label = name
    .toLowerCase()
    .replace(/\.local$/, '')
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 56);
  return label || 'wiki';
}
