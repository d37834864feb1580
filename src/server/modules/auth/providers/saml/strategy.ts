// SAML 2 with @node-saml/node-saml (GROWI's passport-saml settings): the SP's AuthnRequest by
// redirect, and the IdP's answer posted back. Quire requires the assertion to be signed by the
// configured certificate, checks the audience (this wiki's issuer / entity id — GROWI does not),
// the time window, and that the answer is to a request this server made (no unsolicited answers:
// node-saml keeps the ids of its requests for ten minutes and takes each answer once).
import { inflateRawSync } from 'node:zlib';
import type { Profile, SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import type { SettingsService } from '../../../settings/service';

const P = 'security:passport-saml:' as const;

export interface SamlSettings {
  entryPoint: string;
  issuer: string;
  cert: string;
  attrMapId: string;
  attrMapUsername: string;
  attrMapMail: string;
  attrMapFirstName: string;
  attrMapLastName: string;
  ablcRule: string;
}

export function samlSettingsFrom(settings: SettingsService): SamlSettings {
  return {
    entryPoint: settings.get(`${P}entryPoint`),
    issuer: settings.get(`${P}issuer`),
    cert: settings.get(`${P}cert`),
    attrMapId: settings.get(`${P}attrMapId`),
    attrMapUsername: settings.get(`${P}attrMapUsername`),
    attrMapMail: settings.get(`${P}attrMapMail`),
    attrMapFirstName: settings.get(`${P}attrMapFirstName`) || 'firstName',
    attrMapLastName: settings.get(`${P}attrMapLastName`) || 'lastName',
    ablcRule: settings.get(`${P}ABLCRule`),
  };
}

/** GROWI's mandatory keys, by their setting names, that are still empty. */
export function missingSamlKeys(s: SamlSettings): string[] {
  const mandatory: [string, string][] = [
    ['entryPoint', s.entryPoint],
    ['issuer', s.issuer],
    ['cert', s.cert],
    ['attrMapId', s.attrMapId],
    ['attrMapUsername', s.attrMapUsername],
    ['attrMapMail', s.attrMapMail],
  ];
  return mandatory.filter(([, value]) => value.trim() === '').map(([key]) => `${P}${key}`);
}

/** The certificate as node-saml takes it: the base64 body, whether a PEM or the body was pasted. */
export function certBody(cert: string): string {
  return cert.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
}

/** A SAML client for these settings (node-saml loads on first use). */
export async function samlClient(s: SamlSettings, callbackUrl: string): Promise<SAML> {
  const { SAML: Client } = await import('@node-saml/node-saml');
  return new Client({
    entryPoint: s.entryPoint,
    issuer: s.issuer,
    callbackUrl,
    idpCert: certBody(s.cert),
    audience: s.issuer,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    validateInResponseTo: 'always' as ValidateInResponseTo,
    requestIdExpirationPeriodMs: 10 * 60 * 1000,
    acceptedClockSkewMs: 60_000,
    disableRequestedAuthnContext: true,
  });
}

/** The ID of the AuthnRequest in an address made by getAuthorizeUrlAsync (redirect binding), or null. */
export function authnRequestIdOf(authorizeUrl: string): string | null {
  const encoded = new URL(authorizeUrl).searchParams.get('SAMLRequest');
  if (!encoded) return null;
  try {
    const xml = inflateRawSync(Buffer.from(encoded, 'base64')).toString('utf8');
    return /<(?:\w+:)?AuthnRequest\b[^>]*\sID="([^"]+)"/.exec(xml)?.[1] ?? null;
  } catch {
    return null;
  }
}

/** The assertion's attributes as name → values (for the login rule). */
export function attributesOf(profile: Profile): Record<string, string[]> {
  const raw = (profile.attributes ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(raw).map(([name, value]) => [
      name,
      (Array.isArray(value) ? value : [value]).filter((v) => typeof v === 'string') as string[],
    ]),
  );
}

function first(profile: Profile, name: string): string {
  const value =
    (profile as Record<string, unknown>)[name] ?? (profile.attributes as Record<string, unknown>)?.[name];
  const one = Array.isArray(value) ? value[0] : value;
  return typeof one === 'string' ? one.trim() : '';
}

/** GROWI's mapping; the name from first and last name, without "undefined" for a missing half. */
export function identityOf(profile: Profile, s: SamlSettings) {
  const name = [first(profile, s.attrMapFirstName), first(profile, s.attrMapLastName)]
    .filter(Boolean)
    .join(' ');
  return {
    id: first(profile, s.attrMapId),
    username: first(profile, s.attrMapUsername),
    email: first(profile, s.attrMapMail),
    name,
  };
}
