// Pure rules behind the DNS-rebinding host guard (issue 16). Machine addresses are
// passed in, never read here, so tests never depend on the real interfaces.

export interface HostRuleInput {
  /** This machine's own addresses (IPv4 and IPv6, without brackets). */
  machineAddresses: readonly string[];
  /** os.hostname(); `<hostname>.local` is accepted. */
  hostname: string;
  /** Other names of this machine, such as the announced `<name>.local`. */
  extraNames?: readonly string[];
  /** The configured site URL (GROWI's `app:siteUrl`), if any. */
  siteUrl?: string | null;
}

/** The host name of a Host header without port and IPv6 brackets, lower-cased; null if malformed. */
export function hostHeaderName(header: string | undefined): string | null {
  if (!header) return null;
  const value = header.trim().toLowerCase();
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    if (end < 0) return null;
    const rest = value.slice(end + 1);
    if (rest !== '' && !/^:\d{1,5}$/.test(rest)) return null;
    return value.slice(1, end);
  }
  const match = /^([a-z0-9.-]+)(?::\d{1,5})?$/.exec(value);
  return match ? match[1]! : null;
}

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.toLowerCase().replace(/^::ffff:/, '');
  return plain === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}

function siteUrlHost(siteUrl: string | null | undefined): string | null {
  if (!siteUrl) return null;
  try {
    return new URL(siteUrl).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  } catch {
    return null;
  }
}

/**
 * True when the Host header names loopback, a machine address, the machine's name (bare or
 * `.local`), an announced name or the site URL's host. A DNS-rebinding page sends its own
 * domain's name, which is none of these.
 */
export function isAllowedHost(header: string | undefined, input: HostRuleInput): boolean {
  const name = hostHeaderName(header);
  if (name === null) return false;
  if (name === 'localhost' || isLoopbackAddress(name)) return true;
  if (input.machineAddresses.some((a) => a.toLowerCase() === name)) return true;
  const machine = input.hostname.toLowerCase();
  if (machine && (name === machine || name === `${machine}.local`)) return true;
  if (input.extraNames?.some((extra) => extra.toLowerCase() === name)) return true;
  return name === siteUrlHost(input.siteUrl);
}

/** While not shared only loopback peers are served, even if the socket saw another. */
export function isAllowedPeer(remoteAddress: string | undefined, shared: boolean): boolean {
  return shared || isLoopbackAddress(remoteAddress);
}
