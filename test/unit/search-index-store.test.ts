// Saving index chunks in slices: the file and its hash are those of the whole string, even when a
// character outside the BMP (two UTF-16 units) straddles a slice boundary; binary chunks likewise.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeBytesInSlices, writeInSlices } from '../../src/server/modules/search/index-store';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-store-'));
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('writeInSlices', () => {
  it.each([
    ['a surrogate pair across the first boundary', `${'a'.repeat(256 * 1024 - 1)}𠀋${'b'.repeat(10)}`],
    ['several slices of CJK text', '東京𠀋都庁'.repeat(200_000)],
    ['an empty chunk', ''],
  ])('writes %s byte for byte', (_name, text) => {
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'chunk.json');
    const hash = writeInSlices(file, text);
    const expected = Buffer.from(text, 'utf8');
    expect(fs.readFileSync(file).equals(expected)).toBe(true);
    expect(hash).toBe(crypto.createHash('sha256').update(expected).digest('hex'));
  });
});

describe('writeBytesInSlices', () => {
  it.each([
    ['bytes over several slices', crypto.randomBytes(9 * 1024 * 1024 + 7)],
    ['no bytes', Buffer.alloc(0)],
  ])('writes %s byte for byte, with the hash of the whole', async (_name, bytes) => {
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'chunk.bin');
    const hash = await writeBytesInSlices(file, bytes);
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);
    expect(hash).toBe(crypto.createHash('sha256').update(bytes).digest('hex'));
  });
});
