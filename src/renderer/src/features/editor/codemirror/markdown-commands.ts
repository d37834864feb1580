// The toolbar's and shortcuts' Markdown edits, as CodeMirror commands on the selection.
import { EditorSelection, type ChangeSpec, type EditorState } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';

export type InlineMark = 'bold' | 'italic' | 'strike' | 'code';
export type LinePrefix = 'heading' | 'bullet' | 'ordered' | 'task' | 'quote';
export type Snippet = 'codeBlock' | 'table' | 'link' | 'image';
export type MarkdownAction = InlineMark | LinePrefix | Snippet;

const MARKS: Record<InlineMark, string> = { bold: '**', italic: '*', strike: '~~', code: '`' };
const PREFIXES: Record<LinePrefix, string> = {
  heading: '# ',
  bullet: '- ',
  ordered: '1. ',
  task: '- [ ] ',
  quote: '> ',
};

/** Wraps each selection in the mark (or unwraps it when already wrapped); empty: a pair with the cursor inside. */
function toggleMark(state: EditorState, mark: string) {
  return state.changeByRange((range) => {
    const before = state.sliceDoc(range.from - mark.length, range.from);
    const after = state.sliceDoc(range.to, range.to + mark.length);
    if (!range.empty && before === mark && after === mark) {
      return {
        changes: [
          { from: range.from - mark.length, to: range.from },
          { from: range.to, to: range.to + mark.length },
        ],
        range: EditorSelection.range(range.from - mark.length, range.to - mark.length),
      };
    }
    return {
      changes: [
        { from: range.from, insert: mark },
        { from: range.to, insert: mark },
      ],
      range: EditorSelection.range(range.from + mark.length, range.to + mark.length),
    };
  });
}

/** Adds the prefix to every line touched by the selection, or removes it when all have it. */
function toggleLinePrefix(state: EditorState, prefix: string) {
  const lines = new Set<number>();
  for (const range of state.selection.ranges) {
    for (let n = state.doc.lineAt(range.from).number; n <= state.doc.lineAt(range.to).number; n++)
      lines.add(n);
  }
  const targets = [...lines].map((n) => state.doc.line(n));
  const allHave = targets.every((line) => line.text.startsWith(prefix));
  const changes: ChangeSpec[] = targets.map((line) =>
    allHave ? { from: line.from, to: line.from + prefix.length } : { from: line.from, insert: prefix },
  );
  return { changes };
}

function snippet(state: EditorState, action: Snippet) {
  return state.changeByRange((range) => {
    const selected = state.sliceDoc(range.from, range.to);
    const atLineStart = range.from === state.doc.lineAt(range.from).from;
    const block = (text: string) => (atLineStart ? text : `\n${text}`);
    let insert: string;
    let cursor: number;
    switch (action) {
      case 'codeBlock':
        insert = block(`\`\`\`\n${selected}\n\`\`\`\n`);
        cursor = insert.indexOf('\n', insert.indexOf('```')) + 1 + selected.length;
        break;
      case 'table':
        insert = block('| Column | Column |\n| ------ | ------ |\n| Cell   | Cell   |\n');
        cursor = insert.length;
        break;
      case 'link':
      case 'image': {
        const bang = action === 'image' ? '!' : '';
        insert = `${bang}[${selected}](https://)`;
        cursor = selected ? insert.length - 1 : bang.length + 1;
        break;
      }
    }
    return {
      changes: { from: range.from, to: range.to, insert },
      range: EditorSelection.cursor(range.from + cursor),
    };
  });
}

/** The transaction of an action on this state (exported for tests). */
export function markdownEdit(state: EditorState, action: MarkdownAction) {
  if (action in MARKS) return toggleMark(state, MARKS[action as InlineMark]);
  if (action in PREFIXES) return toggleLinePrefix(state, PREFIXES[action as LinePrefix]);
  return snippet(state, action as Snippet);
}

export function runMarkdownAction(view: EditorView, action: MarkdownAction): boolean {
  view.dispatch(
    view.state.update(markdownEdit(view.state, action), { scrollIntoView: true, userEvent: 'input' }),
  );
  view.focus();
  return true;
}

/** Keyboard shortcuts beside CodeMirror's own (Ctrl/⌘+S saves; the editor handles it on the window). */
export const markdownKeys: { key: string; action: MarkdownAction }[] = [
  { key: 'Mod-b', action: 'bold' },
  { key: 'Mod-i', action: 'italic' },
  { key: 'Mod-Shift-x', action: 'strike' },
  { key: 'Mod-e', action: 'code' },
  { key: 'Mod-k', action: 'link' },
  { key: 'Mod-Shift-8', action: 'bullet' },
  { key: 'Mod-Shift-7', action: 'ordered' },
  { key: 'Mod-Shift-9', action: 'task' },
];
