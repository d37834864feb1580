import type { Lang } from './api-types';
import { isLang } from './lang';

// LAN sharing (issue 16): what the server reports about who can reach it, shared by the server's
// routes, the Sharing screen and the desktop's main process (which asks over the control channel,
// not HTTP: the person at the desktop owns the wiki even when not signed in as an admin).

export type SharingAddressKind = 'loopback' | 'ipv4' | 'ipv6' | 'mdns' | 'hostname' | 'site';

export interface SharingAddress {
  url: string;
  kind: SharingAddressKind;
}

export interface ConnectedUser {
  id: string;
  username: string;
  name: string;
  /** Open browser tabs (realtime sockets) of this user. */
  browsers: number;
}

export interface RecentSignIn {
  username: string;
  name: string;
  /** ISO date-time. */
  at: string;
}

export interface SharingState {
  /** True when colleagues on the network can connect (bound beyond loopback). */
  shared: boolean;
  /** `--host`/QUIRE_HOST chose the address: the switch cannot change it (`shared` follows it). */
  fixed: boolean;
  port: number;
  protocol: 'http' | 'https';
  /** Addresses colleagues can use while shared (LAN first); only loopback ones while not. */
  addresses: SharingAddress[];
  /** The address for the QR code and "Copy address": a LAN IPv4 one while shared. */
  preferredUrl: string;
  /**
   * mDNS: 'announcing' while the `_http._tcp` service is up; 'off' when QUIRE_DISCOVERY=off;
   * 'not-requested' when nobody asked for it (headless without `--announce`); 'stopped' while not shared;
   * 'failed' when the responder could not start (then `discoveryError` says why).
   */
  discovery: 'announcing' | 'off' | 'not-requested' | 'stopped' | 'failed';
  discoveryError?: string;
  /** The announced `<name>.local` host name while announcing. */
  localName: string | null;
  /** SHA-256 fingerprint of the LAN certificate when serving HTTPS, to compare on first visit. */
  tlsFingerprint: string | null;
  /** HTTPS is on but the certificate in `<data>/tls/` is missing or invalid (the LAN gets plain HTTP). */
  tlsUnusable?: true;
  /** 'off', or where the certificate comes from. */
  https: 'off' | 'provided' | 'self-signed';
  /** Browsers (realtime sockets) connected now, signed in or not. */
  browsers: number;
  users: ConnectedUser[];
  recentSignIns: RecentSignIn[];
}

/** The body of `PUT /_api/v3/sharing/https`: `cert` and `key` (PEM) with mode 'provided'. */
export interface HttpsChange {
  mode: 'off' | 'provided' | 'self-signed';
  cert?: string;
  key?: string;
}

/** The body of `PUT /_api/v3/sharing`: `confirmed` must be true when turning sharing on. */
export interface SharingChange {
  shared: boolean;
  confirmed?: boolean;
}

// The control channel between the desktop's main process and its server child (Node IPC for a
// forked child, parentPort for Electron's utilityProcess). Requests carry an id; the server answers
// each with one reply, and pushes `sharing:changed` whenever sharing changes (also from the web UI).
// `lang`: the desktop's language, for the server's error messages in replies.
export type SharingControlRequest = { id: number; lang?: Lang } & (
  | { type: 'sharing:get' }
  | { type: 'sharing:set'; shared: boolean }
  /** The preferred address as a PNG data URL QR code, for the desktop's "Show QR code". */
  | { type: 'sharing:qr' }
);

export type SharingControlReply =
  | { type: 'sharing:reply'; id: number; ok: true; state: SharingState; qrDataUrl?: string }
  | { type: 'sharing:reply'; id: number; ok: false; error: string };

export interface SharingChangedMessage {
  type: 'sharing:changed';
  state: SharingState;
}

export function isSharingControlRequest(message: unknown): message is SharingControlRequest {
  if (typeof message !== 'object' || message === null) return false;
  const m = message as Record<string, unknown>;
  if (typeof m.id !== 'number' || !Number.isInteger(m.id)) return false;
  if (m.lang !== undefined && !isLang(m.lang)) return false;
  if (m.type === 'sharing:get' || m.type === 'sharing:qr') return true;
  return m.type === 'sharing:set' && typeof m.shared === 'boolean';
}
