// The argument list of a `$name(...)` macro, as GROWI's directive syntax writes it:
// `$lsx(/path, depth=2, sort="updatedAt", reverse)`. Commas separate arguments; a value may be
// quoted with " or '; a bare word is a flag (value ''). Plain text in, plain strings out: nothing
// here is ever turned into markup.

export interface MacroArg {
  key: string;
  value: string;
}

/** The longest argument list read; a longer one is refused as a whole. */
export const MAX_ARGS_LENGTH = 1000;

function unquote(value: string): string {
  const first = value[0];
  if ((first === '"' || first === "'") && value.length >= 2 && value.endsWith(first)) {
    return value.slice(1, -1);
  }
  return value;
}

/** Splits on commas outside quotes. */
function splitArgs(text: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quote: string | null = null;
  for (const char of text) {
    if (quote) {
      if (char === quote) quote = null;
      current += char;
    } else if (char === '"' || char === "'") {
      quote = char;
      current += char;
    } else if (char === ',') {
      parts.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  parts.push(current);
  return parts.map((part) => part.trim()).filter((part) => part !== '');
}

/** `key=value` pairs and bare words, in the order written; null when the text is too long. */
export function parseMacroArgs(text: string): MacroArg[] | null {
  if (text.length > MAX_ARGS_LENGTH) return null;
  return splitArgs(text).map((part) => {
    const match = /^([A-Za-z][\w-]*)\s*=\s*([\s\S]*)$/.exec(part);
    if (match) return { key: match[1] ?? '', value: unquote((match[2] ?? '').trim()) };
    return { key: unquote(part), value: '' };
  });
}

/** One `$name(args)` macro in a line of text: its name, its raw arguments, where it sits. */
export interface MacroMatch {
  name: string;
  args: string;
  index: number;
  length: number;
}

/**
 * The macros of a text, in order. Only the names given are recognised; the arguments end at the
 * first `)` outside quotes (paths with parentheses are quoted).
 */
export function findMacros(text: string, names: readonly string[]): MacroMatch[] {
  const found: MacroMatch[] = [];
  const start = /\$([a-z]+)\(/g;
  let match: RegExpExecArray | null;
  while ((match = start.exec(text)) !== null) {
    const name = match[1] ?? '';
    if (!names.includes(name)) continue;
    const argsFrom = match.index + match[0].length;
    let quote: string | null = null;
    let end = -1;
    for (let i = argsFrom; i < text.length && i - argsFrom <= MAX_ARGS_LENGTH; i += 1) {
      const char = text[i];
      if (quote) {
        if (char === quote) quote = null;
      } else if (char === '"' || char === "'") quote = char;
      else if (char === ')') {
        end = i;
        break;
      }
    }
    if (end === -1) continue;
    found.push({ name, args: text.slice(argsFrom, end), index: match.index, length: end + 1 - match.index });
    start.lastIndex = end + 1;
  }
  return found;
}
