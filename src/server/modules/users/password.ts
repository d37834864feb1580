// Password hashing with scrypt (Node's crypto; no native dependency), constant-time comparison.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Slots } from '../../lib/slots';
import { isGrowiHash, verifyGrowiPassword } from '../../lib/growi-passwords';

const KEY_LENGTH = 64;
const MAX_MEM = 64 * 1024 * 1024;
const PARAMS = { N: 16384, r: 8, p: 1 };
/** One core is left to the server's thread however many sign in at once (lib/slots.ts). */
const hashing = new Slots(Math.max(1, availableParallelism() - 1));

function derive(password: string, salt: Buffer, length: number, params: ScryptOptions): Promise<Buffer> {
  return hashing.run(
    () =>
      new Promise((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, length, { ...params, maxmem: MAX_MEM }, (err, key) =>
          err ? reject(err) : resolve(key),
        );
      }),
  );
}

/** `scrypt$N$r$p$salt$hash`, so the parameters can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, KEY_LENGTH, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Hashes imported from GROWI archives verify once, then are replaced by scrypt. */
export function needsRehash(stored: string | null): boolean {
  return isGrowiHash(stored);
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (stored && isGrowiHash(stored)) return verifyGrowiPassword(password, stored);
  const parts = stored?.split('$');
  if (!parts || parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hash, 'base64');
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const key = await derive(password, Buffer.from(salt, 'base64'), expected.length, params);
  return key.length === expected.length && timingSafeEqual(key, expected);
}
