// `$refs(...)`/`$refsimg(...)` options beyond one page (GROWI's remark-attachment-refs): `prefix=`
// takes the attachments of every page below a path (with `depth`), `regexp=` keeps those whose
// file name matches. The expression is RE2's (re2js): matching takes time linear in the name, so no
// expression can hang the server, which GROWI bounds only by the expression's length.
import { RE2JS } from 're2js';
import { MacroOptionError } from './options';

export const MAX_REGEXP_LENGTH = 400;
/** Attachments one `$refs` shows at most. */
export const REFS_MAX = 500;

export interface RefsMatcher {
  test(name: string): boolean;
}

const FLAGS: Record<string, number> = {
  i: RE2JS.CASE_INSENSITIVE,
  m: RE2JS.MULTILINE,
  s: RE2JS.DOTALL,
};

/** `/\.png$/i` or `\.png$`; `g`, `y` and `u` are accepted and mean nothing here. */
export function compileRefsRegexp(text: string): RefsMatcher {
  if (text === '') throw new MacroOptionError('regexp_invalid', { value: '' });
  if (text.length > MAX_REGEXP_LENGTH)
    throw new MacroOptionError('regexp_too_long', { max: MAX_REGEXP_LENGTH });
  const literal = /^\/(.+)\/([a-z]*)$/s.exec(text);
  const pattern = literal ? (literal[1] ?? '') : text;
  let flags = 0;
  for (const flag of literal?.[2] ?? '') {
    if (flag in FLAGS) flags |= FLAGS[flag] ?? 0;
    else if (!'guy'.includes(flag))
      throw new MacroOptionError('regexp_invalid', { value: text.slice(0, 80) });
  }
  try {
    const re = RE2JS.compile(pattern, flags);
    return { test: (name) => re.matcher(name).find() };
  } catch {
    throw new MacroOptionError('regexp_invalid', { value: text.slice(0, 80) });
  }
}
