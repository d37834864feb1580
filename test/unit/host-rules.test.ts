import { describe, expect, it } from 'vitest';
import {
  hostHeaderName,
  isAllowedHost,
  isAllowedPeer,
  isLoopbackAddress,
} from '../../src/server/modules/sharing/host-rules';

const machine = {
  machineAddresses: ['192.168.1.20', 'fe80::1'],
  hostname: 'Desk',
  siteUrl: 'https://wiki.example.org',
};

describe('host guard rules (DNS rebinding)', () => {
  it('reads the name from Host headers with ports and IPv6 brackets', () => {
    expect(hostHeaderName('Example.COM:3000')).toBe('example.com');
    expect(hostHeaderName('[::1]:3000')).toBe('::1');
    expect(hostHeaderName('[::1')).toBeNull();
    expect(hostHeaderName('a b')).toBeNull();
    expect(hostHeaderName(undefined)).toBeNull();
  });

  it("accepts loopback, machine addresses, the machine's name (bare or .local) and the site URL host", () => {
    for (const h of [
      'localhost:3000',
      '127.0.0.2:80',
      '[::1]:3000',
      '192.168.1.20:3000',
      '[fe80::1]',
      'desk.local:3000',
      'desk:3000',
      'wiki.example.org',
    ]) {
      expect(isAllowedHost(h, machine), h).toBe(true);
    }
  });

  it('refuses any other name, malformed or missing headers', () => {
    for (const h of ['attacker.example:3000', '192.168.1.21', 'other.local', 'desk.example', undefined, '']) {
      expect(isAllowedHost(h, machine), String(h)).toBe(false);
    }
    expect(isAllowedHost('wiki.example.org', { ...machine, siteUrl: 'not a url' })).toBe(false);
  });

  it('serves only loopback peers while not shared', () => {
    expect(isLoopbackAddress('::ffff:127.0.0.1')).toBe(true);
    expect(isAllowedPeer('192.168.1.30', false)).toBe(false);
    expect(isAllowedPeer('127.0.0.1', false)).toBe(true);
    expect(isAllowedPeer('192.168.1.30', true)).toBe(true);
  });
});
