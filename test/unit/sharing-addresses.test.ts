import { describe, expect, it } from 'vitest';
import { listAddresses, preferredUrl } from '../../src/server/modules/sharing/addresses';
import { hostLabel } from '../../src/server/modules/sharing/announcer';
import { readyUrls } from '../../src/server/modules/sharing/ready-urls';
import { FAKE_MACHINE } from '../helpers/sharing';

const base = {
  port: 3000,
  protocol: 'http' as const,
  interfaces: FAKE_MACHINE.interfaces(),
  hostname: 'DeskPC',
  localName: null,
  siteUrl: '',
};

describe('the addresses colleagues can use', () => {
  it('is only loopback while not shared', () => {
    const addresses = listAddresses({ ...base, hosts: ['127.0.0.1'] });
    expect(addresses).toEqual([{ url: 'http://127.0.0.1:3000', kind: 'loopback' }]);
    expect(preferredUrl(addresses, 3000)).toBe('http://127.0.0.1:3000');
  });

  it('lists LAN IPv4, routable IPv6 (not link-local), the .local names and the site URL when shared', () => {
    const addresses = listAddresses({
      ...base,
      hosts: ['::'],
      localName: 'quire-deskpc.local',
      siteUrl: 'https://wiki.example.org/',
    });
    expect(addresses).toEqual([
      { url: 'http://192.168.1.20:3000', kind: 'ipv4' },
      { url: 'http://[2001:db8::20]:3000', kind: 'ipv6' },
      { url: 'http://quire-deskpc.local:3000', kind: 'mdns' },
      { url: 'http://deskpc.local:3000', kind: 'hostname' },
      { url: 'https://wiki.example.org', kind: 'site' },
    ]);
    expect(preferredUrl(addresses, 3000)).toBe('http://192.168.1.20:3000');
  });

  it('gives https:// addresses to colleagues and keeps http:// for this machine with HTTPS on', () => {
    const addresses = listAddresses({ ...base, protocol: 'https', hosts: ['127.0.0.1', '0.0.0.0'] });
    expect(addresses.map((a) => a.url)).toEqual([
      'https://192.168.1.20:3000',
      'https://deskpc.local:3000',
      'http://127.0.0.1:3000',
    ]);
    expect(preferredUrl(addresses, 3000)).toBe('https://192.168.1.20:3000');
  });

  it('reaches IPv4 only when listening on 0.0.0.0', () => {
    const kinds = listAddresses({ ...base, hosts: ['0.0.0.0'] }).map((a) => a.kind);
    expect(kinds).toEqual(['ipv4', 'hostname']);
  });

  it('tells the desktop its own address first', () => {
    const shared = listAddresses({ ...base, hosts: ['::'] });
    expect(readyUrls(['::'], 3000, shared)[0]).toBe('http://127.0.0.1:3000');
    expect(readyUrls(['127.0.0.1'], 3000, [{ url: 'http://127.0.0.1:3000', kind: 'loopback' }])).toEqual([
      'http://127.0.0.1:3000',
    ]);
    expect(readyUrls(['192.168.1.20'], 3000, [])).toEqual(['http://192.168.1.20:3000']);
  });

  it('makes a DNS label of any machine name', () => {
    expect(hostLabel('DeskPC')).toBe('deskpc');
    expect(hostLabel('Ada’s MacBook Pro.local')).toBe('ada-s-macbook-pro');
    expect(hostLabel('***')).toBe('wiki');
  });
});

describe('control channel requests', () => {
  it('are known requests with an integer id and, if any, a language Quire speaks', async () => {
    const { isSharingControlRequest } = await import('../../src/shared/sharing');
    expect(isSharingControlRequest({ type: 'sharing:set', id: 1, shared: true, lang: 'ja_JP' })).toBe(true);
    expect(isSharingControlRequest({ type: 'sharing:get', id: 1, lang: 'xx' })).toBe(false);
    expect(isSharingControlRequest({ type: 'sharing:set', id: 1, shared: 'yes' })).toBe(false);
    expect(isSharingControlRequest({ type: 'sharing:get', id: 1.5 })).toBe(false);
    expect(isSharingControlRequest({ type: 'shutdown', id: 1 })).toBe(false);
  });
});
