// Inline math with one dollar, `$a^2+b^2$`, as GROWI draws it (issue 30) — without taking what a
// wiki means by a dollar sign otherwise. remark-math's single-dollar rule would turn "$5 and $10"
// into a formula, swallow GROWI's `$lsx(…)` macros, and, since it is tried before code spans, break
// `` `$lsx()` `` written after a price. So a one-dollar formula is kept only under Pandoc's rule —
// no space just inside either dollar, no digit right after the closing one — and only when it
// holds no backtick (a code span wins) and does not start like a macro (`$name(`). `$$…$$` inline
// and `$$` blocks are remark-math's as before. The guard wraps remark-math's own tokenizer, so the
// tree, KaTeX and Markdown out stay remark-math's.

/** micromark's character codes this guard reads (negative ones are line endings and tabs). */
const DOLLAR = 36;
const BACKTICK = 96;
const isDigit = (code: number | null) => code !== null && code >= 48 && code <= 57;
const isSpace = (code: number | undefined) => code === undefined || code === 32 || code < 0;
const MACRO_START = /^[a-z][A-Za-z0-9]*\(/;

type Code = number | null;
type State = (code: Code) => State | undefined;
interface Effects {
  consume(code: Code): void;
  [name: string]: unknown;
}
interface Construct {
  name?: string;
  tokenize: (this: unknown, effects: Effects, ok: State, nok: State) => State;
  [name: string]: unknown;
}
interface MicromarkExtension {
  text?: Record<number, Construct | Construct[]>;
}

/** Whether the codes of a math span (both dollar runs included), followed by `next`, stay math. */
export function keepsInlineMath(codes: readonly number[], next: Code): boolean {
  if (codes[1] === DOLLAR) return true; // `$$…$$`: remark-math's own
  const inner = codes.slice(1, -1);
  if (isSpace(inner[0]) || isSpace(inner[inner.length - 1]) || isDigit(next)) return false;
  if (inner.includes(BACKTICK)) return false;
  return !MACRO_START.test(String.fromCharCode(...inner.slice(0, 40).filter((c) => c > 0)));
}

function guarded(construct: Construct): Construct {
  return {
    ...construct,
    tokenize(effects, ok, nok) {
      const codes: number[] = [];
      const tracked: Effects = Object.create(effects) as Effects;
      tracked.consume = (code) => {
        if (code !== null) codes.push(code);
        effects.consume(code);
      };
      // Refusing at the end is a plain `nok`: micromark takes the dollar back as text.
      const end: State = (code) => (keepsInlineMath(codes, code) ? ok(code) : nok(code));
      return construct.tokenize.call(this, tracked, end, nok);
    },
  };
}

/**
 * After remark-math (`singleDollarTextMath: true`): wraps its inline tokenizer with the guard.
 * Runs as a remark plugin, so it sees the extensions remark-math registered before it.
 */
export function remarkGuardedInlineMath(this: { data(): object }) {
  const { micromarkExtensions } = this.data() as { micromarkExtensions?: MicromarkExtension[] };
  for (const extension of micromarkExtensions ?? []) {
    const construct = extension.text?.[DOLLAR];
    if (construct && !Array.isArray(construct) && construct.name === 'mathText')
      extension.text![DOLLAR] = guarded(construct);
  }
}
