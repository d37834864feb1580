// A throwaway OpenLDAP server (Debian's slapd) for sign-in tests: a private mdb database in a temp
// directory, bound to 127.0.0.1 on a free port, seeded with people and groups, stopped by its pid.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const LDAP_BASE = 'dc=example,dc=org';
export const LDAP_PEOPLE = `ou=people,${LDAP_BASE}`;
export const LDAP_GROUPS = `ou=groups,${LDAP_BASE}`;
export const LDAP_MANAGER = { dn: `cn=admin,${LDAP_BASE}`, password: 'manager-secret' };

export interface DirectoryPerson {
  uid: string;
  password: string;
  cn: string;
  mail: string;
}

/** alice and bob are in the wiki-users group; carol is in no group. */
export const LDAP_PEOPLE_SEED: DirectoryPerson[] = [
  { uid: 'alice', password: 'alice-pass', cn: 'Alice Liddell', mail: 'alice@example.org' },
  { uid: 'bob', password: 'bob-pass', cn: 'Bob Builder', mail: 'bob@example.org' },
  { uid: 'carol', password: 'carol-pass', cn: 'Carol Outsider', mail: 'carol@example.org' },
];
export const LDAP_GROUP_MEMBERS: Record<string, string[]> = { 'wiki-users': ['alice', 'bob'] };

export interface Slapd {
  url: string;
  port: number;
  /** The server URL with the people search base in its path, as the LDAP setting wants it. */
  serverUrl: string;
  stop(): Promise<void>;
}

const SLAPD = ['/usr/sbin/slapd', '/usr/bin/slapd'].find((p) => fs.existsSync(p)) ?? 'slapd';

export function slapdAvailable(): boolean {
  return fs.existsSync(SLAPD) && spawnSync('ldapadd', ['-VV']).error === undefined;
}

async function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function seedLdif(): string {
  const entries = [
    `dn: ${LDAP_BASE}\nobjectClass: dcObject\nobjectClass: organization\ndc: example\no: Example`,
    `dn: ${LDAP_PEOPLE}\nobjectClass: organizationalUnit\nou: people`,
    `dn: ${LDAP_GROUPS}\nobjectClass: organizationalUnit\nou: groups`,
    ...LDAP_PEOPLE_SEED.map((p, i) =>
      [
        `dn: uid=${p.uid},${LDAP_PEOPLE}`,
        'objectClass: inetOrgPerson',
        'objectClass: posixAccount',
        `uid: ${p.uid}`,
        `cn: ${p.cn}`,
        `sn: ${p.cn.split(' ').pop() ?? p.cn}`,
        `mail: ${p.mail}`,
        `uidNumber: ${2000 + i}`,
        'gidNumber: 2000',
        `homeDirectory: /home/${p.uid}`,
        `userPassword: ${p.password}`,
      ].join('\n'),
    ),
    ...Object.entries(LDAP_GROUP_MEMBERS).map(([cn, members], i) =>
      [
        `dn: cn=${cn},${LDAP_GROUPS}`,
        'objectClass: posixGroup',
        `cn: ${cn}`,
        `gidNumber: ${3000 + i}`,
        ...members.map((m) => `memberUid: ${m}`),
      ].join('\n'),
    ),
  ];
  return `${entries.join('\n\n')}\n`;
}

async function waitForPidFile(file: string, child: ReturnType<typeof spawn>): Promise<number> {
  for (let i = 0; i < 200; i += 1) {
    if (child.exitCode !== null) throw new Error(`slapd exited with ${child.exitCode}`);
    if (fs.existsSync(file)) {
      const pid = Number(fs.readFileSync(file, 'utf8').trim());
      if (pid > 0) return pid;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('slapd did not start');
}

/** Starts slapd on 127.0.0.1 and seeds it; `extraLdif` adds entries (e.g. awkward usernames). */
export async function startSlapd(extraLdif = ''): Promise<Slapd> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-slapd-'));
  const dbDir = path.join(dir, 'db');
  fs.mkdirSync(dbDir);
  const pidFile = path.join(dir, 'slapd.pid');
  const schema = (name: string) => `include /etc/ldap/schema/${name}.schema`;
  fs.writeFileSync(
    path.join(dir, 'slapd.conf'),
    [
      ...['core', 'cosine', 'nis', 'inetorgperson'].map(schema),
      `pidfile ${pidFile}`,
      'moduleload back_mdb',
      'database mdb',
      `suffix "${LDAP_BASE}"`,
      `rootdn "${LDAP_MANAGER.dn}"`,
      `rootpw ${LDAP_MANAGER.password}`,
      `directory ${dbDir}`,
      'maxsize 10485760',
      // Users may bind (auth) with their password; anyone bound may read the rest, nobody anonymous.
      'access to attrs=userPassword by self write by anonymous auth by * none',
      'access to * by users read by anonymous auth',
      '',
    ].join('\n'),
  );
  const port = await freePort('127.0.0.1');
  const url = `ldap://127.0.0.1:${port}`;
  const child = spawn(SLAPD, ['-f', path.join(dir, 'slapd.conf'), '-h', `${url}/`, '-d', '0'], {
    stdio: 'ignore',
  });
  let pid: number;
  try {
    pid = await waitForPidFile(pidFile, child);
    await seed(url, seedLdif() + (extraLdif ? `\n${extraLdif}\n` : ''));
  } catch (err) {
    child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    url,
    port,
    serverUrl: `${url}/${LDAP_PEOPLE}`,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        process.kill(pid, 'SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function seed(url: string, ldif: string): Promise<void> {
  // The listener may be a moment behind the pidfile: retry a few times.
  for (let attempt = 0; ; attempt += 1) {
    const res = spawnSync('ldapadd', ['-x', '-H', url, '-D', LDAP_MANAGER.dn, '-w', LDAP_MANAGER.password], {
      input: ldif,
      encoding: 'utf8',
    });
    if (res.status === 0) return;
    if (attempt >= 20) throw new Error(`ldapadd failed: ${res.stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
