// Runs the server: builds the app, listens through ConnectionListeners (which Share on LAN moves
// between loopback and every interface without touching the app), and can restart the app inside
// the running process: close (which closes the database), build again (which applies a staged
// restore before opening the database) and listen on the same port. The headless entry and the
// desktop's forked server both run through this.
import type { FastifyBaseLogger } from 'fastify';
import { buildServer, type BuildOptions, type QuireServer } from './app';
import type { ServerConfig } from './config';
import type { ContextExtras } from './context';
import { isAllowedPeer } from './modules/sharing/host-rules';
import { ConnectionListeners } from './modules/sharing/listeners';
import type { NetworkControl } from './modules/sharing/service';

type Build = (config: ServerConfig, options: BuildOptions) => Promise<QuireServer>;

export class ServerRunner {
  private current: QuireServer | null = null;
  private restarting: Promise<void> | null = null;
  private readonly listeners: ConnectionListeners;
  private readonly network: NetworkControl;

  constructor(
    private readonly config: ServerConfig,
    /** Called after each restart, with the new server. */
    private readonly onRestart: (app: QuireServer) => void = () => undefined,
    /** A restart that could not bring the server back (the caller decides: the entry exits). */
    private readonly onRestartFailed: (err: unknown) => void = () => undefined,
    private readonly build: Build = buildServer,
    /** Tests: a recording mDNS announcer, a made-up machine. */
    private readonly extras: Omit<ContextExtras, 'network'> = {},
  ) {
    // While not shared only this machine is served, even if a socket saw another peer.
    const accepts = (address: string | undefined) =>
      isAllowedPeer(address, this.current?.ctx.sharing.shared ?? false);
    this.listeners = new ConnectionListeners(() => this.app.server, accepts, config.port);
    const listeners = this.listeners;
    this.network = {
      get port() {
        return listeners.boundPort;
      },
      get hosts() {
        return listeners.boundHosts;
      },
      bind: (hosts) => listeners.bind(hosts),
      setTls: (material) => listeners.setTls(material),
    };
  }

  get app(): QuireServer {
    if (!this.current) throw new Error('the server is not running');
    return this.current;
  }

  /** The running server's logger; undefined between a close and the next start. */
  get log(): FastifyBaseLogger | undefined {
    return this.current?.log;
  }

  /** Where it listens now. */
  get hosts(): readonly string[] {
    return this.listeners.boundHosts;
  }

  /** Builds and listens; resolves with the port listened on (port 0 asked for any free one). */
  async start(): Promise<number> {
    const app = await this.build(this.config, {
      ...this.extras,
      network: this.network,
      requestRestart: () => void this.restart().catch((err: unknown) => this.onRestartFailed(err)),
    });
    this.current = app;
    await app.ready();
    await app.ctx.sharing.listen();
    return this.listeners.boundPort;
  }

  /** Closes the server and starts it again; concurrent calls share one restart. */
  restart(): Promise<void> {
    this.restarting ??= (async () => {
      try {
        const old = this.current;
        old?.log.info('restarting the server');
        await this.stop();
        await this.start();
        this.onRestart(this.app);
      } finally {
        this.restarting = null;
      }
    })();
    return this.restarting;
  }

  /** Waits for a restart in progress, then closes. */
  async close(): Promise<void> {
    await this.restarting?.catch(() => undefined);
    await this.stop();
  }

  private async stop(): Promise<void> {
    const app = this.current;
    // No new connections; those open are ended once the app has closed its websockets.
    await this.listeners.unbind();
    await app?.close();
    await this.listeners.close();
    this.current = null;
  }
}
