// A collection file's documents, read as the zip streams them: every element of a top-level JSON
// array, whatever the chunk boundaries; anything that is not one array is refused.
import { describe, expect, it } from 'vitest';
import { jsonArrayItems, NotJsonArray } from '../../src/server/modules/archive/json-array-items';

async function items(chunks: (string | Buffer)[]): Promise<unknown[]> {
  async function* source() {
    for (const chunk of chunks) yield Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
  }
  const out: unknown[] = [];
  for await (const item of jsonArrayItems(source())) out.push(item);
  return out;
}

/** The bytes cut after every position: each cut is a chunk boundary the reader must cross. */
function everySplit(text: string): Buffer[][] {
  const bytes = Buffer.from(text);
  return Array.from({ length: bytes.length + 1 }, (_, at) => [bytes.subarray(0, at), bytes.subarray(at)]);
}

const TRICKY = [
  { _id: 'a', body: 'commas, ] brackets } and "quotes" and \\ backslashes \\"', tags: [] },
  { _id: 'b', nested: { list: [1, [2, { x: '}' }]], empty: {} } },
  { _id: 'c', text: 'ünïcödé ✓ 日本語 😀', n: -1.5e3, ok: true, none: null },
  'a bare string, with a comma',
  42,
];

describe('reading a JSON array one element at a time', () => {
  it('gives every element as JSON.parse would, in order', async () => {
    expect(await items([JSON.stringify(TRICKY)])).toEqual(TRICKY);
    expect(await items(['[]'])).toEqual([]);
    expect(await items(['\ufeff [ ] \n'])).toEqual([]);
    expect(await items(['[\n  {"a": 1} ,\n  {"b": 2}\n]\n'])).toEqual([{ a: 1 }, { b: 2 }]);
  });

  it('whatever the chunk boundaries: inside strings, after a backslash, inside a UTF-8 character', async () => {
    const text = JSON.stringify(TRICKY);
    for (const chunks of everySplit(text)) expect(await items(chunks)).toEqual(TRICKY);
    // One byte at a time.
    expect(await items([...Buffer.from(text)].map((b) => Buffer.from([b])))).toEqual(TRICKY);
  });

  it.each([
    ['an object', '{"a": 1}'],
    ['nothing', ''],
    ['a truncated array', '[{"a": 1}, {"b"'],
    ['an unclosed array', '[{"a": 1}'],
    ['a trailing comma', '[{"a": 1},]'],
    ['an empty element', '[1,,2]'],
    ['a leading comma', '[,1]'],
    ['text after the array', '[1] x'],
    ['a second array', '[1][2]'],
    ['an invalid element', '[{a: 1}]'],
    ['an unbalanced closing brace', '[1}]'],
  ])('refuses %s', async (_, text) => {
    await expect(items([text])).rejects.toBeInstanceOf(NotJsonArray);
  });
});
