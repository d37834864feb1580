// The addresses the server prints and tells the desktop app at start.
import type { SharingAddress } from '../../../shared/sharing';

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '']);

/**
 * This machine's own address first (127.0.0.1 when listening on loopback or everywhere, else the
 * one address bound), then those colleagues can use.
 */
export function readyUrls(
  hosts: readonly string[],
  port: number,
  addresses: readonly SharingAddress[],
): string[] {
  const first = hosts[0] ?? '127.0.0.1';
  const local =
    hosts.some((h) => WILDCARD_HOSTS.has(h)) || first === '127.0.0.1'
      ? `http://127.0.0.1:${port}`
      : `http://${first.includes(':') ? `[${first}]` : first}:${port}`;
  return [local, ...addresses.map((a) => a.url).filter((u) => u !== local)];
}
