// Runs the server and can restart it inside the running process: close (which closes the
// database), build again (which applies a staged restore before opening the database) and listen
// on the same address. The headless entry and the desktop's forked server both run through this.
import type { FastifyBaseLogger } from 'fastify';
import { buildServer, type BuildOptions, type QuireServer } from './app';
import type { ServerConfig } from './config';

type Build = (config: ServerConfig, options: BuildOptions) => Promise<QuireServer>;

export class ServerRunner {
  private current: QuireServer | null = null;
  private port: number;
  private restarting: Promise<void> | null = null;

  constructor(
    private readonly config: ServerConfig,
    /** Called after each restart, with the new server. */
    private readonly onRestart: (app: QuireServer) => void = () => undefined,
    /** A restart that could not bring the server back (the caller decides: the entry exits). */
    private readonly onRestartFailed: (err: unknown) => void = () => undefined,
    private readonly build: Build = buildServer,
  ) {
    this.port = config.port;
  }

  get app(): QuireServer {
    if (!this.current) throw new Error('the server is not running');
    return this.current;
  }

  /** The running server's logger; undefined between a close and the next start. */
  get log(): FastifyBaseLogger | undefined {
    return this.current?.log;
  }

  /** Builds and listens; resolves with the port listened on. */
  async start(): Promise<number> {
    const app = await this.build(this.config, {
      requestRestart: () => void this.restart().catch((err: unknown) => this.onRestartFailed(err)),
    });
    this.current = app;
    await app.listen({ host: this.config.host, port: this.port });
    const address = app.server.address();
    // Port 0 asked for any free port: a restart comes back on the one we got.
    if (typeof address === 'object' && address) this.port = address.port;
    return this.port;
  }

  /** Closes the server and starts it again; concurrent calls share one restart. */
  restart(): Promise<void> {
    this.restarting ??= (async () => {
      try {
        const old = this.current;
        old?.log.info('restarting the server');
        this.current = null;
        await old?.close();
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
    const app = this.current;
    this.current = null;
    await app?.close();
  }
}
