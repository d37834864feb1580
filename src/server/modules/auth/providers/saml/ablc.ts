// SAML's attribute-based login control (GROWI's ABLC rule): a small boolean query over the
// assertion's attributes, e.g. `(Department: A || Department: B) && Position: Leader`.
// `Field: value` holds when the attribute has that value; a bare `Field` when it is present.
// Operators: AND / &&, OR / ||, NOT / ! (prefix; `A NOT B` means A and not B), parentheses, and
// "quoted values". GROWI parses this with lucene-query-parser, unmaintained since 2016; the
// grammar is small enough to keep here, with its own tests.

export type Rule =
  | { kind: 'term'; field: string; value: string | null }
  | { kind: 'not'; rule: Rule }
  | { kind: 'and' | 'or'; left: Rule; right: Rule };

type Token = { type: 'word' | 'quoted' | 'and' | 'or' | 'not' | 'open' | 'close' | 'colon'; text: string };

const WORDS: Record<string, Token['type']> = { AND: 'and', OR: 'or', NOT: 'not' };

/** Why a text is not a rule: each reason has its own translated message (`sign_in.ablc_<reason>`). */
export type AblcReason = 'empty' | 'unexpected' | 'missing_close' | 'missing_term';

export class AblcSyntaxError extends Error {
  constructor(
    readonly reason: AblcReason,
    /** The text where parsing stopped; null at the end of the rule. */
    readonly near: string | null,
  ) {
    super(`${reason} at ${near === null ? 'the end' : `"${near}"`}`);
  }
}

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  const pattern = /\s*(?:(&&)|(\|\|)|(!)|(\()|(\))|(:)|"((?:[^"\\]|\\.)*)"|([^\s()":!&|]+))/y;
  let at = 0;
  while (at < source.length) {
    if (/^\s*$/.test(source.slice(at))) break;
    pattern.lastIndex = at;
    const m = pattern.exec(source);
    if (!m) throw new AblcSyntaxError('unexpected', source.slice(at).trim().slice(0, 10));
    at = pattern.lastIndex;
    if (m[1]) tokens.push({ type: 'and', text: '&&' });
    else if (m[2]) tokens.push({ type: 'or', text: '||' });
    else if (m[3]) tokens.push({ type: 'not', text: '!' });
    else if (m[4]) tokens.push({ type: 'open', text: '(' });
    else if (m[5]) tokens.push({ type: 'close', text: ')' });
    else if (m[6]) tokens.push({ type: 'colon', text: ':' });
    else if (m[7] !== undefined) tokens.push({ type: 'quoted', text: m[7].replace(/\\(.)/g, '$1') });
    else tokens.push({ type: WORDS[m[8]!] ?? 'word', text: m[8]! });
  }
  return tokens;
}

/** Parses a rule; throws an AblcSyntaxError when it is not one. */
export function parseRule(source: string): Rule {
  const tokens = tokenize(source);
  let i = 0;
  const peek = () => tokens[i];
  const take = (type: Token['type']) => {
    const token = tokens[i];
    if (token?.type !== type)
      throw new AblcSyntaxError(type === 'close' ? 'missing_close' : 'missing_term', token?.text ?? null);
    i += 1;
    return token;
  };
  const or = (): Rule => {
    let left = and();
    while (peek()?.type === 'or') {
      i += 1;
      left = { kind: 'or', left, right: and() };
    }
    return left;
  };
  const and = (): Rule => {
    let left = unary();
    for (;;) {
      const next = peek();
      if (next?.type === 'and') {
        i += 1;
        left = { kind: 'and', left, right: unary() };
      } else if (next?.type === 'not') {
        left = { kind: 'and', left, right: unary() }; // `A NOT B`: A and not B
      } else return left;
    }
  };
  const unary = (): Rule => {
    if (peek()?.type === 'not') {
      i += 1;
      return { kind: 'not', rule: unary() };
    }
    if (peek()?.type === 'open') {
      i += 1;
      const inner = or();
      take('close');
      return inner;
    }
    const field = peek()?.type === 'quoted' ? take('quoted').text : take('word').text;
    if (peek()?.type !== 'colon') return { kind: 'term', field, value: null };
    i += 1;
    const value = peek()?.type === 'quoted' ? take('quoted').text : take('word').text;
    return { kind: 'term', field, value };
  };
  if (tokens.length === 0) throw new AblcSyntaxError('empty', null);
  const rule = or();
  if (i < tokens.length) throw new AblcSyntaxError('unexpected', tokens[i]!.text);
  return rule;
}

/** Whether the attributes (name → values) satisfy the rule. */
export function ruleAllows(rule: Rule, attributes: Record<string, string[]>): boolean {
  switch (rule.kind) {
    case 'term': {
      const values = attributes[rule.field];
      if (!values) return false;
      return rule.value === null || values.includes(rule.value);
    }
    case 'not':
      return !ruleAllows(rule.rule, attributes);
    case 'and':
      return ruleAllows(rule.left, attributes) && ruleAllows(rule.right, attributes);
    case 'or':
      return ruleAllows(rule.left, attributes) || ruleAllows(rule.right, attributes);
  }
}
