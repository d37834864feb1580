// The documents of one collection file, a top-level JSON array as GROWI writes it (one line, no
// pretty-printing), one at a time without holding the file. This finds where each element ends —
// tracking strings, escapes and nesting, nothing else — and hands the element's text to the
// native JSON.parse, which checks and builds it. stream-json built every value from a token stream
// in JavaScript: staging a 100k-page archive (204 MB of JSON) took 6.9 s with it, 4.3 s with this
// (issue 32 §5).

import { StringDecoder } from 'node:string_decoder';

/** The text is not one JSON array (malformed, truncated, or something else). */
export class NotJsonArray extends Error {
  constructor(reason: string) {
    super(`not a JSON array: ${reason}`);
  }
}

const QUOTE = 0x22;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const BOM = 0xfeff;
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
/** The next quote or backslash inside a string: a native search, not a loop over every character. */
const STRING_STOP = /["\\]/g;

type State = 'before' | 'first' | 'comma' | 'item' | 'done';

/** Splits the array's text, as it arrives, into its elements' texts. */
class ArraySplitter {
  private state: State = 'before';
  private depth = 0;
  private inString = false;
  /** The string's last chunk ended on a backslash: the next chunk's first character is escaped. */
  private escapePending = false;
  /** The current element's text from earlier chunks. */
  private parts: string[] = [];

  /** The elements that end within `text`. */
  push(text: string): string[] {
    const items: string[] = [];
    let start = 0;
    let i = 0;
    while (i < text.length) {
      if (this.state === 'item') {
        if (this.escapePending) {
          this.escapePending = false;
          i += 1;
          continue;
        }
        if (this.inString) {
          STRING_STOP.lastIndex = i;
          const stop = STRING_STOP.exec(text);
          if (!stop) break; // the string goes on into the next chunk
          if (text.charCodeAt(stop.index) === QUOTE) {
            this.inString = false;
            i = stop.index + 1;
          } else if (stop.index + 1 < text.length) i = stop.index + 2;
          else {
            this.escapePending = true;
            i = text.length;
          }
          continue;
        }
        const c = text.charCodeAt(i);
        if (c === QUOTE) this.inString = true;
        else if (c === OPEN_BRACE || c === OPEN_BRACKET) this.depth += 1;
        else if ((c === COMMA || c === CLOSE_BRACKET) && this.depth === 0) {
          this.parts.push(text.slice(start, i));
          items.push(this.parts.join(''));
          this.parts = [];
          this.state = c === COMMA ? 'comma' : 'done';
        } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
          if (this.depth === 0) throw new NotJsonArray('unbalanced');
          this.depth -= 1;
        }
        i += 1;
        continue;
      }
      const c = text.charCodeAt(i);
      if (isSpace(c) || (c === BOM && this.state === 'before')) {
        i += 1;
        continue;
      }
      if (this.state === 'before') {
        if (c !== OPEN_BRACKET) throw new NotJsonArray('it does not start with [');
        this.state = 'first';
        i += 1;
      } else if (this.state === 'first' && c === CLOSE_BRACKET) {
        this.state = 'done';
        i += 1;
      } else if (this.state === 'done') {
        throw new NotJsonArray('text after the closing ]');
      } else {
        // An element starts here (an empty one, as in `[1,,2]`, fails JSON.parse).
        this.state = 'item';
        this.depth = 0;
        start = i;
      }
    }
    if (this.state === 'item') this.parts.push(text.slice(start));
    return items;
  }

  end(): void {
    if (this.state !== 'done') throw new NotJsonArray('it ends before its closing ]');
  }
}

/** The array's elements in order; throws NotJsonArray on malformed text. */
export async function* jsonArrayItems(source: AsyncIterable<Buffer>): AsyncGenerator<unknown> {
  // Bytes that are not UTF-8 become U+FFFD, as stream-json's decoding did.
  const decoder = new StringDecoder('utf8');
  const splitter = new ArraySplitter();
  const parse = (text: string): unknown => {
    try {
      return JSON.parse(text);
    } catch {
      throw new NotJsonArray('an element is not valid JSON');
    }
  };
  for await (const chunk of source) for (const item of splitter.push(decoder.write(chunk))) yield parse(item);
  for (const item of splitter.push(decoder.end())) yield parse(item);
  splitter.end();
}
