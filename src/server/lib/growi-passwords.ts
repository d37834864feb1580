// Passwords of users imported from GROWI: GROWI stores sha256_hex(PASSWORD_SEED + password), and
// the seed travels in the archive's meta.json. Such a hash is kept as `growi-sha256$<seed>$<hex>`
// (seed base64) so the user signs in with their GROWI password; at that sign-in the users service
// rehashes it to Quire's scrypt (users/password.ts `needsRehash`).
import { createHash, timingSafeEqual } from 'node:crypto';

const PREFIX = 'growi-sha256';
const SHA256_HEX = /^[0-9a-f]{64}$/i;

/** What to store for an archive's `password`: Quire's own hash as is, GROWI's with its seed. */
export function importedPasswordHash(password: string | null, seed: string | null): string | null {
  if (!password) return null;
  if (password.startsWith('scrypt$')) return password;
  if (SHA256_HEX.test(password))
    return [PREFIX, Buffer.from(seed ?? '').toString('base64'), password.toLowerCase()].join('$');
  return null; // an unknown scheme cannot be verified: the admin resets that password
}

export function isGrowiHash(stored: string | null | undefined): boolean {
  return stored?.startsWith(`${PREFIX}$`) ?? false;
}

export function verifyGrowiPassword(password: string, stored: string): boolean {
  const [prefix, seed, hex] = stored.split('$');
  if (prefix !== PREFIX || seed === undefined || hex === undefined || !SHA256_HEX.test(hex)) return false;
  const actual = createHash('sha256')
    .update(Buffer.from(seed, 'base64').toString('utf8') + password)
    .digest();
  return timingSafeEqual(actual, Buffer.from(hex, 'hex'));
}
