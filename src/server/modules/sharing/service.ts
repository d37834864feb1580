// Share on LAN (issue 16): one stored switch decides where the server listens — loopback while off,
// every interface while on — and, when asked for, the mDNS announcement. Moving the listening
// sockets keeps the app, its sessions, websockets and co-editing documents as they are.
import os from 'node:os';
import path from 'node:path';
import { desc, isNotNull } from 'drizzle-orm';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/client';

import { AppError } from '../../lib/app-error';
import type { EventBus } from '../../lib/events';
import { allMachineAddresses, listAddresses, preferredUrl, type Interfaces } from './addresses';
import { hostLabel, type AnnouncedNames, type Announcer } from './announcer';
import type { HostRuleInput } from './host-rules';
import type { SettingsService } from '../settings/service';
import type { LiveEventsHub } from '../realtime/hub';
import type { SharingAddress, SharingState } from '../../../shared/sharing';
import { TlsStore, checkMaterial, type TlsMaterial, type TlsMode } from './tls';
import { USERS } from '../users/scopes';

/** Where the runner listens; absent when the app is only injected into (tests). */
export interface NetworkControl {
  readonly port: number;
  readonly hosts: readonly string[];
  /** Listens on `hosts` instead (same port); on failure the old hosts stay bound and it throws. */
  bind(hosts: readonly string[]): Promise<void>;
  /** Also speak TLS on the same port with this certificate; null: plain HTTP only. */
  setTls(material: { cert: string; key: string } | null): void;
}

export interface MachineInfo {
  interfaces(): Interfaces;
  hostname(): string;
}

export const REAL_MACHINE: MachineInfo = {
  interfaces: () => os.networkInterfaces(),
  hostname: () => os.hostname(),
};

/** What only the process running the server can give sharing (its sockets, the mDNS responder). */
export interface SharingExtras {
  network?: NetworkControl;
  /** null: never announce; default: the ciao responder, used only when `--announce` asks. */
  announcer?: Announcer | null;
  machine?: MachineInfo;
}

export interface SharingDeps {
  config: ServerConfig;
  db: Db;
  settings: SettingsService;
  events: EventBus;
  live: () => LiveEventsHub;
  network: NetworkControl | null;
  announcer: Announcer | null;
  machine: MachineInfo;
  appVersion: string;
}

const RECENT_SIGN_INS = 10;
/** Interfaces come and go (Wi-Fi, VPN), but not per request: read them at most this often. */
const MACHINE_CACHE_MS = 5_000;

export class SharingService {
  private announced: AnnouncedNames | null = null;
  private discoveryError: string | null = null;
  private switching: Promise<unknown> = Promise.resolve();
  private machineCache: { at: number; addresses: string[]; hostname: string } | null = null;
  private tlsMaterial: TlsMaterial | null = null;
  private tlsUnusable = false;
  private readonly tlsStore: TlsStore;

  constructor(private readonly deps: SharingDeps) {
    this.tlsStore = new TlsStore(path.join(deps.config.dataDir, 'tls'));
  }

  /** `--host`/QUIRE_HOST fixed the address. */
  get fixed(): boolean {
    return this.deps.config.hostIsExplicit;
  }

  get shared(): boolean {
    const { config, settings } = this.deps;
    // Anything but the default loopback address counts as shared (tests "share" on 127.0.0.2).
    if (this.fixed) return !['127.0.0.1', '::1', 'localhost'].includes(config.host);
    return settings.get('app:shareOnLan');
  }

  /** Where to listen for the current choice. */
  hostsFor(shared: boolean): string[] {
    const { config } = this.deps;
    if (this.fixed) return [config.host];
    return shared ? config.shareHosts : [config.host];
  }

  /** The runner's first bind, by the stored choice; then the announcement when shared. */
  async listen(): Promise<void> {
    this.loadTls();
    await this.bind(this.shared);
    await this.updateAnnouncement();
  }

  /** HTTPS as stored: the certificate from `<dataDir>/tls/`, if the admin turned it on. */
  private loadTls(): void {
    const mode = this.deps.settings.get('app:lanHttps');
    this.tlsMaterial = mode === 'off' ? null : this.tlsStore.load();
    this.tlsUnusable = mode !== 'off' && !this.tlsMaterial;
    this.deps.network?.setTls(this.tlsMaterial);
  }

  get httpsActive(): boolean {
    return this.tlsMaterial !== null;
  }

  /** Turns HTTPS for the LAN off, on with a generated certificate, or on with the admin's own. */
  async setHttps(mode: TlsMode, provided?: { cert: string; key: string }): Promise<SharingState> {
    let material: TlsMaterial | null = null;
    if (mode === 'provided') {
      if (!provided) throw new AppError(400, 'invalid_certificate', 'sharing.certificate_required');
      material = checkMaterial(provided.cert, provided.key);
      this.tlsStore.save(material);
    } else if (mode === 'self-signed') {
      material = await this.tlsStore.generate(
        `Quire on ${this.deps.machine.hostname()}`,
        this.certificateNames(),
      );
      this.tlsStore.save(material);
    }
    this.deps.settings.set('app:lanHttps', mode);
    this.tlsMaterial = material;
    this.tlsUnusable = false;
    this.deps.network?.setTls(material);
    const state = this.state();
    this.deps.events.emit('sharing:changed', state);
    return state;
  }

  /** Every name and address colleagues may use, for a generated certificate. */
  private certificateNames(): { dnsNames: string[]; ips: string[] } {
    const hostname = this.deps.machine.hostname().toLowerCase();
    const dnsNames = new Set(['localhost', hostname, `${hostname}.local`]);
    if (this.localName) dnsNames.add(this.localName);
    const siteUrl = this.deps.settings.get('app:siteUrl');
    if (siteUrl) dnsNames.add(new URL(siteUrl).hostname);
    const ips = allMachineAddresses(this.deps.machine.interfaces()).filter((ip) => !/^fe80:/i.test(ip));
    return { dnsNames: [...dnsNames].filter((n) => /^[a-z0-9.-]+$/.test(n)), ips };
  }

  /** Turns sharing on or off: stores the choice, moves the listening sockets, (un)announces. */
  setShared(shared: boolean): Promise<SharingState> {
    const run = this.switching.then(() => this.switch(shared));
    this.switching = run.catch(() => undefined);
    return run;
  }

  private async switch(shared: boolean): Promise<SharingState> {
    if (this.fixed)
      throw new AppError(409, 'sharing_fixed', 'sharing.fixed', { host: this.deps.config.host });
    const { settings, network } = this.deps;
    if (shared !== this.shared) {
      const before = this.shared;
      settings.set('app:shareOnLan', shared);
      try {
        await this.bind(shared);
      } catch (err) {
        settings.set('app:shareOnLan', before);
        const reason = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
        throw new AppError(500, 'sharing_bind_failed', 'sharing.bind_failed', {
          port: network?.port ?? this.deps.config.port,
          reason,
        });
      }
      await this.updateAnnouncement();
    }
    const state = this.state();
    this.deps.events.emit('sharing:changed', state);
    return state;
  }

  private async bind(shared: boolean): Promise<void> {
    const { network, config } = this.deps;
    if (!network) return;
    try {
      await network.bind(this.hostsFor(shared));
    } catch (err) {
      // A machine without IPv6 cannot listen on '::': every IPv4 address will do.
      const code = (err as NodeJS.ErrnoException).code;
      const noIpv6 = code === 'EAFNOSUPPORT' || code === 'EADDRNOTAVAIL';
      if (!(shared && noIpv6 && config.shareHosts.join() === '::')) throw err;
      await network.bind(['0.0.0.0']);
    }
  }

  private get discoveryWanted(): boolean {
    return this.deps.config.announce && !this.deps.config.discoveryOff;
  }

  private async updateAnnouncement(): Promise<void> {
    const { announcer, machine, config, network } = this.deps;
    if (!announcer) return;
    if (!this.shared || !this.discoveryWanted) {
      this.announced = null;
      await announcer.withdraw().catch(() => undefined);
      return;
    }
    const stored = this.deps.settings.get('app:mdnsHostname');
    const hostname = stored || `quire-${hostLabel(machine.hostname())}`;
    try {
      this.discoveryError = null;
      this.announced = await announcer.announce(
        {
          name: `Quire on ${machine.hostname().replace(/\.local$/i, '')}`,
          hostname,
          port: network?.port ?? config.port,
          txt: { path: '/', product: 'Quire', version: this.deps.appVersion },
        },
        (names) => this.renamed(names),
      );
      this.renamed(this.announced);
    } catch (err) {
      this.announced = null;
      this.discoveryError = err instanceof Error ? err.message : String(err);
    }
  }

  /** A name conflict renamed us: keep the new host name so `<name>.local` stays stable. */
  private renamed(names: AnnouncedNames): void {
    this.announced = names;
    if (this.deps.settings.get('app:mdnsHostname') !== names.hostname) {
      try {
        this.deps.settings.set('app:mdnsHostname', names.hostname);
      } catch {
        // Called from the announcer's events: a full disk (issue 26) only means the next start
        // announces the old name and the announcer renames it again.
      }
    }
  }

  /** Withdraws the announcement (goodbye packets) before the server closes. */
  async close(): Promise<void> {
    await this.switching;
    this.announced = null;
    await this.deps.announcer?.shutdown().catch(() => undefined);
  }

  /** What the Host-header guard accepts besides loopback names. */
  hostRules(): HostRuleInput {
    const { machine, settings } = this.deps;
    const names = [this.localName].filter((n): n is string => !!n);
    const now = Date.now();
    if (!this.machineCache || now - this.machineCache.at > MACHINE_CACHE_MS) {
      const addresses = allMachineAddresses(machine.interfaces());
      this.machineCache = { at: now, addresses, hostname: machine.hostname() };
    }
    return {
      machineAddresses: this.machineCache.addresses,
      hostname: this.machineCache.hostname,
      extraNames: names,
      siteUrl: settings.get('app:siteUrl'),
    };
  }

  private get localName(): string | null {
    return this.announced ? `${this.announced.hostname}.local` : null;
  }

  private discoveryState(): SharingState['discovery'] {
    if (this.deps.config.discoveryOff) return 'off';
    if (!this.deps.config.announce) return 'not-requested';
    if (!this.shared) return 'stopped';
    if (this.discoveryError) return 'failed';
    return this.announced ? 'announcing' : 'stopped';
  }

  /** Where colleagues can reach the wiki now (no presence or sign-ins: cheap enough per request). */
  private addresses(): { port: number; protocol: 'http' | 'https'; addresses: SharingAddress[] } {
    const { network, config, machine, settings } = this.deps;
    const port = network?.port ?? config.port;
    const protocol = this.httpsActive ? 'https' : 'http';
    const hosts = network?.hosts.length ? network.hosts : this.hostsFor(this.shared);
    const addresses = listAddresses({
      hosts,
      port,
      protocol,
      interfaces: machine.interfaces(),
      hostname: machine.hostname(),
      localName: this.localName,
      siteUrl: settings.get('app:siteUrl'),
    });
    return { port, protocol, addresses };
  }

  /** The address for the QR code, "Copy address" and links copied on this machine. */
  preferredUrl(): string {
    const { port, addresses } = this.addresses();
    return preferredUrl(addresses, port);
  }

  state(): SharingState {
    const { port, protocol, addresses } = this.addresses();
    const presence = this.deps.live().presence();
    return {
      shared: this.shared,
      fixed: this.fixed,
      port,
      protocol,
      addresses,
      preferredUrl: preferredUrl(addresses, port),
      discovery: this.discoveryState(),
      ...(this.discoveryError ? { discoveryError: this.discoveryError } : {}),
      localName: this.localName,
      https: this.deps.settings.get('app:lanHttps'),
      tlsFingerprint: this.tlsMaterial?.fingerprint256 ?? null,
      ...(this.tlsUnusable ? { tlsUnusable: true as const } : {}),
      browsers: presence.browsers,
      users: presence.users,
      recentSignIns: this.recentSignIns(),
    };
  }

  private recentSignIns(): SharingState['recentSignIns'] {
    return this.deps.db
      .select({ username: USERS.username, name: USERS.name, at: USERS.lastLoginAt })
      .from(USERS)
      .where(isNotNull(USERS.lastLoginAt))
      .orderBy(desc(USERS.lastLoginAt))
      .limit(RECENT_SIGN_INS)
      .all()
      .map((row) => ({ username: row.username, name: row.name, at: row.at!.toISOString() }));
  }
}
