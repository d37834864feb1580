// The addresses colleagues can use, from what the machine has and where the server listens. Pure:
// the interfaces come in as data, so tests never depend on this machine's network.
import type os from 'node:os';
import type { SharingAddress } from '../../../shared/sharing';
import { isLoopbackAddress } from './host-rules';

export type Interfaces = NodeJS.Dict<os.NetworkInterfaceInfo[]>;

export interface AddressInput {
  /** Where the server listens. */
  hosts: readonly string[];
  port: number;
  protocol: 'http' | 'https';
  interfaces: Interfaces;
  /** os.hostname(). */
  hostname: string;
  /** The announced `<name>.local` while announcing. */
  localName: string | null;
  siteUrl: string;
}

const WILDCARDS = new Set(['0.0.0.0', '::', '']);

function url(protocol: string, host: string, port: number): string {
  return `${protocol}://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** Link-local IPv6 addresses need a zone id no browser accepts in a URL: not offered. */
function isUsableIpv6(address: string): boolean {
  return !/^fe80:/i.test(address);
}

function machineAddresses(interfaces: Interfaces, ipv4Only: boolean): os.NetworkInterfaceInfo[] {
  return Object.values(interfaces)
    .flat()
    .filter((info): info is os.NetworkInterfaceInfo => !!info && !info.internal)
    .filter((info) => info.family === 'IPv4' || (!ipv4Only && isUsableIpv6(info.address)));
}

/** Every address this machine has (loopback too): the Host-header guard's list. */
export function allMachineAddresses(interfaces: Interfaces): string[] {
  return Object.values(interfaces)
    .flat()
    .filter((info): info is os.NetworkInterfaceInfo => !!info)
    .map((info) => info.address.toLowerCase());
}

export function listAddresses(input: AddressInput): SharingAddress[] {
  const { protocol, port } = input;
  const addresses: SharingAddress[] = [];
  const add = (entry: SharingAddress) => {
    if (!addresses.some((a) => a.url === entry.url)) addresses.push(entry);
  };
  for (const host of input.hosts) {
    if (!WILDCARDS.has(host)) {
      // This machine's own window keeps plain HTTP (TLS is for the network).
      const loopback = isLoopbackAddress(host);
      add({ url: url(loopback ? 'http' : protocol, host, port), kind: loopback ? 'loopback' : 'ipv4' });
      continue;
    }
    // 0.0.0.0 reaches IPv4 addresses only; '::' (dual-stack) both.
    for (const info of machineAddresses(input.interfaces, host === '0.0.0.0')) {
      add({ url: url(protocol, info.address, port), kind: info.family === 'IPv4' ? 'ipv4' : 'ipv6' });
    }
  }
  const lan = addresses.some((a) => a.kind !== 'loopback');
  if (lan) {
    if (input.localName) add({ url: url(protocol, input.localName, port), kind: 'mdns' });
    const machine = `${input.hostname.toLowerCase()}.local`;
    if (input.hostname && machine !== input.localName)
      add({ url: url(protocol, machine, port), kind: 'hostname' });
    if (input.siteUrl) add({ url: input.siteUrl.replace(/\/+$/, ''), kind: 'site' });
  }
  // IPv4 first (what phones and the QR code use), then IPv6, then names.
  const order: SharingAddress['kind'][] = ['ipv4', 'ipv6', 'mdns', 'hostname', 'site', 'loopback'];
  return addresses.sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
}

/** The address for the QR code and "Copy address": a LAN IPv4 one when there is one. */
export function preferredUrl(addresses: readonly SharingAddress[], port: number): string {
  return (
    addresses.find((a) => a.kind === 'ipv4')?.url ??
    addresses.find((a) => a.kind !== 'loopback')?.url ??
    addresses[0]?.url ??
    url('http', '127.0.0.1', port)
  );
}
