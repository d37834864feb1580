// LDAP sign-in with ldapts, step for step as GROWI's passport-ldapauth does it (research A.1): bind
// (manager, user or anonymous), search the one entry, bind as that entry to check the password,
// then the optional group search. Knows nothing of Fastify or the database.
import { Client, Filter, InvalidCredentialsError, NoSuchObjectError } from 'ldapts';
import type { SettingsService } from '../../../settings/service';

export interface LdapConfig {
  serverUrl: string;
  isUserBind: boolean;
  bindDN: string;
  bindDNPassword: string;
  searchFilter: string;
  attrMapUsername: string;
  attrMapName: string;
  attrMapMail: string;
  groupSearchBase: string;
  groupSearchFilter: string;
  groupDnProperty: string;
  isSameUsernameTreatedAsIdenticalUser: boolean;
}

/** One directory entry: a single-valued attribute is a string, a multi-valued one an array. */
export type LdapEntry = { dn: string } & Record<string, string | string[]>;

export type LdapOutcome =
  | { kind: 'success'; entry: LdapEntry; groups?: LdapEntry[] }
  /** A refusal the admin may read: wrong password, unknown user, bad search base, bad URL. */
  | { kind: 'fail'; message: string }
  /** The server could not be used (down, refused, timed out). */
  | { kind: 'error'; error: Error };

export const DEFAULT_SEARCH_FILTER = '(uid={{username}})';
/** Operations and connects give up after this, so a dead server never hangs a sign-in. */
const LDAP_TIMEOUT_MS = 5000;

export function ldapConfigFrom(settings: SettingsService): LdapConfig {
  const k = 'security:passport-ldap:' as const;
  return {
    serverUrl: settings.get(`${k}serverUrl`),
    isUserBind: settings.get(`${k}isUserBind`),
    bindDN: settings.get(`${k}bindDN`),
    bindDNPassword: settings.get(`${k}bindDNPassword`),
    searchFilter: settings.get(`${k}searchFilter`),
    attrMapUsername: settings.get(`${k}attrMapUsername`),
    attrMapName: settings.get(`${k}attrMapName`),
    attrMapMail: settings.get(`${k}attrMapMail`),
    groupSearchBase: settings.get(`${k}groupSearchBase`),
    groupSearchFilter: settings.get(`${k}groupSearchFilter`),
    groupDnProperty: settings.get(`${k}groupDnProperty`),
    isSameUsernameTreatedAsIdenticalUser: settings.get(`${k}isSameUsernameTreatedAsIdenticalUser`),
  };
}

/** `ldap[s]://host[:port]/<search base>`: GROWI's regular expression, so the same URLs work. */
export function parseServerUrl(serverUrl: string): { url: string; searchBase: string } | null {
  const match = /(ldaps?:\/\/[^/]+)\/(.*)?/.exec(serverUrl);
  if (!match?.[1]) return null;
  return { url: match[1], searchBase: decodeURIComponent(match[2] ?? '') };
}

/** LDAP is set up when enabled and its server URL parses (GROWI: setup throws otherwise). */
export function isLdapSetUp(settings: SettingsService): boolean {
  return (
    settings.get('security:passport-ldap:isEnabled') &&
    parseServerUrl(settings.get('security:passport-ldap:serverUrl')) !== null
  );
}

/** RFC 4515: `*`, `(`, `)`, `\` and NUL in a value become `\2a`… so they cannot widen a filter. */
export const escapeFilterValue = (value: string): string => Filter.escape(value);

/** RFC 4514: a typed name put into a DN must not add RDNs (`alice,ou=admins`). */
const escapeDnValue = (value: string): string =>
  value.replace(/[,+"\\<>;=#]/g, (c) => `\\${c}`).replace(/^ | $/g, (c) => `\\${c}`);

/**
 * The bind DN of this sign-in. In user-bind mode the first exact `{{username}}` becomes the typed
 * name (GROWI's rule), escaped as a DN value when the template is a DN (`uid={{username}},…`) and
 * left as typed in `{{username}}@domain` forms.
 */
function bindDnFor(config: LdapConfig, username: string): string {
  if (!config.isUserBind) return config.bindDN;
  const value = config.bindDN.includes('=') ? escapeDnValue(username) : username;
  return config.bindDN.replace('{{username}}', () => value);
}

/** What the test form echoes of the configuration: never the manager password. */
export function describeLdapServer(config: LdapConfig, username: string) {
  const parsed = parseServerUrl(config.serverUrl);
  return {
    url: parsed?.url ?? config.serverUrl,
    bindDN: bindDnFor(config, username),
    bindCredentials: config.isUserBind || config.bindDNPassword === '' ? undefined : '********',
    searchBase: parsed?.searchBase ?? '',
    searchFilter: config.searchFilter || DEFAULT_SEARCH_FILTER,
    searchScope: 'sub',
    bindProperty: 'dn',
    attrMapUsername: config.attrMapUsername || 'uid',
    attrMapName: config.attrMapName,
    ...(config.groupSearchBase && config.groupSearchFilter
      ? {
          groupSearchBase: config.groupSearchBase,
          groupSearchScope: 'sub',
          groupDnProperty: config.groupDnProperty || 'uid',
        }
      : {}),
  };
}

function toEntry(raw: Record<string, unknown>): LdapEntry {
  const entry: LdapEntry = { dn: String(raw.dn) };
  for (const [key, value] of Object.entries(raw)) {
    // Password hashes a manager bind may read never leave this function.
    if (key === 'dn' || key.toLowerCase() === 'userpassword') continue;
    const values = (Array.isArray(value) ? value : [value]).map((v) =>
      Buffer.isBuffer(v) ? v.toString('utf8') : String(v),
    );
    entry[key] = values.length === 1 ? (values[0] ?? '') : values;
  }
  return entry;
}

/** The first value of an attribute, or ''. */
export function attr(entry: LdapEntry, name: string): string {
  const value = entry[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ url, timeout: LDAP_TIMEOUT_MS, connectTimeout: LDAP_TIMEOUT_MS });
  try {
    return await work(client);
  } finally {
    // Also after a failed bind: an open socket would keep the process alive.
    await client.unbind().catch(() => undefined);
  }
}

const isFail = (err: unknown) => err instanceof InvalidCredentialsError;

/** One LDAP authentication. Never throws: every result is an outcome. */
export async function ldapAuthenticate(
  config: LdapConfig,
  username: string,
  password: string,
): Promise<LdapOutcome> {
  if (!username || !password) return { kind: 'fail', message: 'Missing credentials' };
  const server = parseServerUrl(config.serverUrl);
  if (!server) return { kind: 'fail', message: 'serverUrl is invalid' };
  const bindDN = bindDnFor(config, username);
  const bindPassword = config.isUserBind ? password : config.bindDNPassword;
  // Replacer functions: a `$&` in a username must stay literal text.
  const filter = (config.searchFilter || DEFAULT_SEARCH_FILTER).replaceAll('{{username}}', () =>
    escapeFilterValue(username),
  );
  try {
    return await withClient(server.url, async (client) => {
      if (bindDN) await client.bind(bindDN, bindPassword);
      const { searchEntries } = await client.search(server.searchBase, { scope: 'sub', filter });
      if (searchEntries.length !== 1) return { kind: 'fail', message: 'Invalid username/password' };
      const entry = toEntry(searchEntries[0] as Record<string, unknown>);
      // The password check proper: bind as the entry found.
      await withClient(server.url, (userClient) => userClient.bind(entry.dn, password));
      if (!config.groupSearchBase || !config.groupSearchFilter) return { kind: 'success', entry };
      const groupFilter = config.groupSearchFilter
        .replaceAll('{{dn}}', () => escapeFilterValue(attr(entry, config.groupDnProperty || 'uid')))
        .replaceAll('{{username}}', () => escapeFilterValue(attr(entry, 'uid')));
      const found = await client.search(config.groupSearchBase, { scope: 'sub', filter: groupFilter });
      const groups = found.searchEntries.map((g) => toEntry(g as Record<string, unknown>));
      return { kind: 'success', entry, groups };
    });
  } catch (err) {
    if (isFail(err)) return { kind: 'fail', message: 'Invalid username/password' };
    if (err instanceof NoSuchObjectError) return { kind: 'fail', message: 'Bad search base' };
    return { kind: 'error', error: err instanceof Error ? err : new Error(String(err)) };
  }
}
