// A small closed-loop HTTP load generator: N keep-alive connections, each sending the next request
// as soon as the previous answer arrived, for a fixed time or a fixed number of requests.
import http from 'node:http';

export interface LoadRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
}

function send(agent: http.Agent, base: URL, req: LoadRequest): Promise<number> {
  return new Promise((resolve, reject) => {
    const r = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method: req.method,
        path: req.path,
        headers: req.headers,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    r.on('error', reject);
    r.end(req.body);
  });
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export async function runLoad(opts: {
  baseUrl: string;
  connections: number;
  /** Stop after this many requests in all, or after `seconds`, whichever first. */
  maxRequests: number;
  seconds: number;
  next: (i: number) => LoadRequest;
  /** The status every answer should have (a number), or that of each request (a function). */
  okStatus: number | ((req: LoadRequest) => number);
}): Promise<LoadResult> {
  const base = new URL(opts.baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections });
  const latencies: number[] = [];
  let issued = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + opts.seconds * 1000;
  const worker = async () => {
    while (issued < opts.maxRequests && performance.now() < deadline) {
      const req = opts.next(issued++);
      const t0 = performance.now();
      const status = await send(agent, base, req).catch(() => 0);
      latencies.push(performance.now() - t0);
      const ok = typeof opts.okStatus === 'number' ? opts.okStatus : opts.okStatus(req);
      if (status !== ok) errors++;
    }
  };
  await Promise.all(Array.from({ length: opts.connections }, worker));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    seconds: Number(seconds.toFixed(2)),
    perSecond: Math.round(latencies.length / seconds),
    p50Ms: Number(percentile(latencies, 50).toFixed(2)),
    p99Ms: Number(percentile(latencies, 99).toFixed(2)),
  };
}

/** `connections` keep-alive clients sending GET `pathOf(i)` for `seconds`, expecting 200 each. */
export function runGets(opts: {
  baseUrl: string;
  connections: number;
  seconds: number;
  headers: Record<string, string>;
  pathOf: (i: number) => string;
}): Promise<LoadResult> {
  return runLoad({
    baseUrl: opts.baseUrl,
    connections: opts.connections,
    maxRequests: Infinity,
    seconds: opts.seconds,
    okStatus: 200,
    next: (i) => ({ method: 'GET', path: opts.pathOf(i), headers: opts.headers }),
  });
}
