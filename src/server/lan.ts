// The addresses colleagues can use to reach this server.
import os from 'node:os';

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '']);

export function serverUrls(host: string, port: number): string[] {
  if (!WILDCARD_HOSTS.has(host)) {
    const shown = host.includes(':') ? `[${host}]` : host;
    return [`http://${shown}:${port}`];
  }
  const lan = Object.values(os.networkInterfaces())
    .flat()
    .filter(
      (iface): iface is os.NetworkInterfaceInfo => !!iface && iface.family === 'IPv4' && !iface.internal,
    )
    .map((iface) => `http://${iface.address}:${port}`);
  return [`http://127.0.0.1:${port}`, ...lan];
}
