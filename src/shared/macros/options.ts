// Isomorphic option parsing of the Markdown macros (SPEC §5 "Option parsing accepts N, N:M and
// N+M"), with GROWI's meaning: `N` is 1..N, `N:M` is N..M (`N:` to the end), `N+M` is M more after
// N (N..N+M) — except `num`'s `N+M`, which is M pages from the N-th (see parseNumOption). Used by the renderer (to show a macro's error in place) and by the `$lsx` route.

/** A parsed range; `end` -1 means "to the end". */
export interface Range {
  start: number;
  end: number;
}

/** An option error: a translation key (under `macros.errors`) and its parameters. */
export class MacroOptionError extends Error {
  constructor(
    readonly key: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(`${key} ${JSON.stringify(params)}`);
    this.name = 'MacroOptionError';
  }
}

const RANGE = /^(-?\d{1,9})(?:([:+])(-?\d{1,9})?)?$/;

/** `N`, `N:M`, `N:` or `N+M` as a range, or null when the text is none of these. */
export function parseRange(text: string): Range | null {
  const match = RANGE.exec(text.trim());
  if (!match) return null;
  const first = Number(match[1]);
  const operator = match[2];
  if (operator === undefined) return { start: 1, end: first };
  const second = match[3] === undefined ? undefined : Number(match[3]);
  // GROWI: `N:` and `N:0` run to the end; `N+` adds nothing.
  if (operator === ':') return { start: first, end: second || -1 };
  return { start: first, end: first + (second ?? 0) };
}

/**
 * A range whose start is ≥ 1 and whose end is not before its start, else an error. An end ≤ 0
 * (`N:`, `N:0`, `N:-3`) runs to the end of the list, as in GROWI; it comes back as -1.
 */
function checkedRange(option: string, text: string): Range {
  const range = parseRange(text);
  if (!range) throw new MacroOptionError('invalid_range', { option, value: text });
  if (range.start < 1) throw new MacroOptionError('range_start', { option, value: text });
  if (range.end > 0 && range.end < range.start)
    throw new MacroOptionError('range_end', { option, value: text });
  return range.end > 0 ? range : { start: range.start, end: -1 };
}

/** `depth`: levels below the listed page, 1 = its children. */
export function parseDepthOption(text: string): Range {
  // A bare `0` or `-2` would mean "levels 1 to nothing": refused rather than read as "all".
  if (/^-?\d+$/.test(text.trim()) && Number(text) < 1)
    throw new MacroOptionError('range_start', { option: 'depth', value: text });
  return checkedRange('depth', text);
}

export interface OffsetLimit {
  offset: number;
  /** Undefined: to the end of the list. */
  limit?: number;
}

/**
 * `num`: which pages of the sorted list to show — `N` the first N, `N:M` the N-th to the M-th, and
 * `N+M` M pages from the N-th (the reading; GROWI's parser gives M+1 there, N to N+M).
 */
export function parseNumOption(text: string): OffsetLimit {
  const trimmed = text.trim();
  if (/^\d{1,9}$/.test(trimmed)) return { offset: 0, limit: Number(trimmed) };
  const plus = /^(\d{1,9})\+(\d{1,9})$/.exec(trimmed);
  if (plus) {
    if (Number(plus[1]) < 1) throw new MacroOptionError('range_start', { option: 'num', value: text });
    return { offset: Number(plus[1]) - 1, limit: Number(plus[2]) };
  }
  const range = checkedRange('num', trimmed);
  const offset = range.start - 1;
  return range.end === -1 ? { offset } : { offset, limit: range.end - offset };
}
