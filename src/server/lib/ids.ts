import { createHash, randomBytes } from 'node:crypto';

/** 24 hex digits like a MongoDB ObjectId (4 bytes of time, 8 random), so permalinks look like GROWI's. */
export function newId(): string {
  const time = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0');
  return time + randomBytes(8).toString('hex');
}

/** A stable 24-hex id for rows keyed by a pair (relations, bookmarks), so every answer gives the same id. */
export function derivedId(...parts: string[]): string {
  return createHash('sha1').update(parts.join(':')).digest('hex').slice(0, 24);
}
