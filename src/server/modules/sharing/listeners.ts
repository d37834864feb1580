// The sockets the wiki listens on, kept apart from the Fastify app so they can move (LAN sharing on
// and off) without touching it: each accepted connection is handed to the app's HTTP server, so
// open requests, websockets (live events, co-editing) and sessions live on while the listening
// address changes. A connection filter drops peers the current mode does not serve before any
// byte is read (not shared: loopback only). With a certificate set, the same port also speaks TLS:
// the first byte of a connection tells a TLS handshake (0x16) from plain HTTP, so the desktop
// window keeps http://127.0.0.1 while colleagues use https://.
import net from 'node:net';
import tls from 'node:tls';
import type { Server as HttpServer } from 'node:http';

export type PeerFilter = (remoteAddress: string | undefined) => boolean;

/** Binding `host:port` right after closing another on the same port can race the OS: retry. */
const BIND_RETRIES = 5;
const BIND_RETRY_MS = 40;
/** The first byte of every TLS connection: a handshake record. */
const TLS_HANDSHAKE = 0x16;

function listenOn(server: net.Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    server.once('error', onError);
    server.listen({ host, port, ipv6Only: false }, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

export class ConnectionListeners {
  private servers: net.Server[] = [];
  private readonly sockets = new Set<net.Socket>();
  private hosts: string[] = [];
  private port: number;
  private tlsServer: tls.Server | null = null;

  constructor(
    private readonly target: () => HttpServer,
    private readonly accepts: PeerFilter,
    port: number,
  ) {
    this.port = port;
  }

  /** The port listened on (after a bind to port 0, the one the OS gave). */
  get boundPort(): number {
    return this.port;
  }

  get boundHosts(): readonly string[] {
    return this.hosts;
  }

  /**
   * Listens on `hosts` (same port) instead of what was listened on before. When a host cannot be
   * bound, the previous hosts are bound again and the error is thrown: a failed switch changes nothing.
   */
  async bind(hosts: readonly string[]): Promise<void> {
    const previous = this.hosts;
    await this.unbind();
    try {
      await this.listenAll(hosts);
    } catch (err) {
      await this.unbind();
      if (previous.length > 0) await this.listenAll(previous);
      throw err;
    }
    this.dropRefused();
  }

  /**
   * After a move, ends the connections the filter no longer accepts (sharing turned off:
   * colleagues' keep-alive connections and websockets), keeping this machine's own.
   */
  private dropRefused(): void {
    for (const socket of this.sockets) {
      if (!this.accepts(socket.remoteAddress)) socket.destroy();
    }
  }

  /** Serves TLS too with this certificate (null: plain HTTP only); open connections keep theirs. */
  setTls(material: { cert: string; key: string } | null): void {
    if (!material) {
      this.tlsServer = null;
      return;
    }
    const server = tls.createServer({ cert: material.cert, key: material.key });
    server.on('secureConnection', (secure) => this.target().emit('connection', secure));
    // A failed handshake (a browser refusing the certificate) is the client's business.
    server.on('tlsClientError', (_err, socket) => socket.destroy());
    this.tlsServer = server;
  }

  get tlsActive(): boolean {
    return this.tlsServer !== null;
  }

  /** Stops listening; the connections already accepted stay open. */
  async unbind(): Promise<void> {
    const servers = this.servers;
    this.servers = [];
    this.hosts = [];
    // close() releases the port now; its callback would wait for connections we handed on.
    for (const server of servers) server.close();
    if (servers.length > 0) await new Promise((resolve) => setImmediate(resolve));
  }

  /** Stops listening and ends every connection (after the app closed its websockets). */
  async close(): Promise<void> {
    await this.unbind();
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  private async listenAll(hosts: readonly string[]): Promise<void> {
    for (const host of hosts) {
      const server = net.createServer((socket) => this.handOn(socket));
      this.servers.push(server);
      await this.listenWithRetry(server, host);
      const address = server.address();
      if (this.port === 0 && typeof address === 'object' && address) this.port = address.port;
      this.hosts.push(host);
    }
  }

  private async listenWithRetry(server: net.Server, host: string): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await listenOn(server, host, this.port);
        return;
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code !== 'EADDRINUSE' || attempt >= BIND_RETRIES) throw err;
        await new Promise((resolve) => setTimeout(resolve, BIND_RETRY_MS));
      }
    }
  }

  private handOn(socket: net.Socket): void {
    if (!this.accepts(socket.remoteAddress)) {
      socket.destroy();
      return;
    }
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
    const tlsServer = this.tlsServer;
    if (!tlsServer) {
      this.target().emit('connection', socket);
      return;
    }
    // Peek at the first chunk, put it back, and give the socket to whoever speaks its protocol.
    // Until then nobody else listens for its errors: a peer resetting before sending a byte must
    // not become an uncaught exception.
    const early = () => socket.destroy();
    socket.on('error', early);
    socket.once('data', (chunk: Buffer) => {
      socket.off('error', early);
      socket.pause();
      socket.unshift(chunk);
      if (chunk[0] === TLS_HANDSHAKE) tlsServer.emit('connection', socket);
      else this.target().emit('connection', socket);
      process.nextTick(() => socket.resume());
    });
  }
}
