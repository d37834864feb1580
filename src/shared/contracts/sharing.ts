// The Sharing screen (issue 16; admins only): who can reach the wiki, the switch that opens it to
// the LAN, HTTPS for the LAN, and the QR code of the address to give colleagues.
import { Type } from '@sinclair/typebox';
import { DateTime, defineContract, Enum, Nullable } from './define';

const HttpsMode = Enum(['off', 'provided', 'self-signed'] as const, 'string');

export const SharingStateSchema = Type.Object({
  /** True when colleagues on the network can connect (bound beyond loopback). */
  shared: Type.Boolean(),
  /** `--host`/QUIRE_HOST chose the address: the switch cannot change it (`shared` follows it). */
  fixed: Type.Boolean(),
  port: Type.Integer(),
  protocol: Enum(['http', 'https'] as const, 'string'),
  /** Addresses colleagues can use while shared (LAN first); only loopback ones while not. */
  addresses: Type.Array(
    Type.Object({
      url: Type.String(),
      kind: Enum(['loopback', 'ipv4', 'ipv6', 'mdns', 'hostname', 'site'] as const, 'string'),
    }),
  ),
  /** The address for the QR code and "Copy address": a LAN IPv4 one while shared. */
  preferredUrl: Type.String(),
  /** mDNS announcing, off by QUIRE_DISCOVERY, not asked for, stopped while not shared, or failed. */
  discovery: Enum(['announcing', 'off', 'not-requested', 'stopped', 'failed'] as const, 'string'),
  discoveryError: Type.Optional(Type.String()),
  /** The announced `<name>.local` host name while announcing. */
  localName: Nullable(Type.String()),
  /** SHA-256 fingerprint of the LAN certificate when serving HTTPS, to compare on first visit. */
  tlsFingerprint: Nullable(Type.String()),
  /** HTTPS is on but the certificate in `<data>/tls/` is missing or invalid (the LAN gets plain HTTP). */
  tlsUnusable: Type.Optional(Type.Literal(true)),
  https: HttpsMode,
  /** Browsers (realtime sockets) connected now, signed in or not. */
  browsers: Type.Integer(),
  users: Type.Array(
    Type.Object({
      id: Type.String(),
      username: Type.String(),
      name: Type.String(),
      browsers: Type.Integer(),
    }),
  ),
  recentSignIns: Type.Array(Type.Object({ username: Type.String(), name: Type.String(), at: DateTime })),
});

const SharingAnswer = { 200: Type.Object({ sharing: SharingStateSchema }) };

export const sharingState = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/sharing',
  response: SharingAnswer,
});

/** Opening the wiki to the network must be `confirmed` (the screen's dialog says it out loud). */
export const sharingSwitch = defineContract({
  api: 'v3',
  method: 'PUT',
  path: '/sharing',
  body: Type.Object(
    { shared: Type.Boolean(), confirmed: Type.Optional(Type.Boolean()) },
    { additionalProperties: false },
  ),
  response: SharingAnswer,
});

const Pem = Type.String({ minLength: 1, maxLength: 65_536 });

/** `cert` and `key` (PEM) come with mode `provided`. */
export const sharingHttps = defineContract({
  api: 'v3',
  method: 'PUT',
  path: '/sharing/https',
  body: Type.Object(
    { mode: HttpsMode, cert: Type.Optional(Pem), key: Type.Optional(Pem) },
    { additionalProperties: false },
  ),
  response: SharingAnswer,
});

/** The preferred address as a QR code (`image/svg+xml`). */
export const sharingQr = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/sharing/qr.svg',
  response: { 200: Type.String({ description: 'the SVG' }) },
});
