// The editor's pure parts: Markdown toolbar edits on CodeMirror states, the preview's refresh
// delays (SPEC §9), reconnect backoff, and SPEC §4's rules for leaving view.
import { EditorSelection, EditorState, Text } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import {
  markdownEdit,
  type MarkdownAction,
} from '../../src/renderer/src/features/editor/codemirror/markdown-commands';
import {
  previewSource,
  WINDOW_LINES_BEFORE,
  WINDOW_MAX_CHARS,
} from '../../src/renderer/src/features/editor/preview-window';
import {
  PREVIEW_DELAY_MS,
  PREVIEW_HURRY_MS,
  previewDelay,
} from '../../src/renderer/src/features/editor/usePreview';
import { BACKOFF_MAX_MS, backoffDelay } from '../../src/renderer/src/features/realtime/backoff';
import { editorMode, editRefusal } from '../../src/renderer/src/features/page/editor-mode';
import type { CurrentUser } from '../../src/shared/api-types';

function edit(doc: string, from: number, to: number, action: MarkdownAction) {
  const state = EditorState.create({ doc, selection: EditorSelection.range(from, to) });
  const result = state.update(markdownEdit(state, action)).state;
  return { text: result.doc.toString(), from: result.selection.main.from, to: result.selection.main.to };
}

describe('Markdown toolbar edits', () => {
  it('wraps the selection in bold, italic, strike and code marks, and unwraps it again', () => {
    expect(edit('make it loud', 8, 12, 'bold')).toEqual({ text: 'make it **loud**', from: 10, to: 14 });
    expect(edit('make it **loud**', 10, 14, 'bold').text).toBe('make it loud');
    expect(edit('soft', 0, 4, 'italic').text).toBe('*soft*');
    expect(edit('gone', 0, 4, 'strike').text).toBe('~~gone~~');
    expect(edit('x = 1', 0, 5, 'code').text).toBe('`x = 1`');
  });

  it('puts the cursor between a pair of marks when nothing is selected', () => {
    expect(edit('ab', 1, 1, 'bold')).toEqual({ text: 'a****b', from: 3, to: 3 });
  });

  it('prefixes every selected line, and removes the prefix when all lines have it', () => {
    expect(edit('one\ntwo\nthree', 0, 7, 'bullet').text).toBe('- one\n- two\nthree');
    expect(edit('- one\n- two', 0, 11, 'bullet').text).toBe('one\ntwo');
    expect(edit('todo', 2, 2, 'task').text).toBe('- [ ] todo');
    expect(edit('Title', 0, 0, 'heading').text).toBe('# Title');
    expect(edit('said', 0, 4, 'quote').text).toBe('> said');
    expect(edit('first', 0, 5, 'ordered').text).toBe('1. first');
  });

  it('inserts links, images, tables and code blocks', () => {
    expect(edit('see docs', 4, 8, 'link').text).toBe('see [docs](https://)');
    expect(edit('', 0, 0, 'image')).toMatchObject({ text: '![](https://)', from: 2 });
    expect(edit('', 0, 0, 'table').text).toBe(
      '| Column | Column |\n| ------ | ------ |\n| Cell   | Cell   |\n',
    );
    expect(edit('code', 0, 4, 'codeBlock').text).toBe('```\ncode\n```\n');
    expect(edit('text', 4, 4, 'codeBlock').text).toBe('text\n```\n\n```\n');
  });
});

describe('preview refresh delay', () => {
  it('is 250 ms, and 50 ms when hurried by a key or mouse release (SPEC §9)', () => {
    expect(previewDelay(1000, false)).toBe(PREVIEW_DELAY_MS);
    expect(PREVIEW_DELAY_MS).toBe(250);
    expect(previewDelay(1000, true)).toBe(PREVIEW_HURRY_MS);
    expect(PREVIEW_HURRY_MS).toBe(50);
  });
  it('grows with texts of hundreds of KB, so a 1 MB page is not re-rendered while typing', () => {
    expect(previewDelay(1_000_000, false)).toBeGreaterThan(1000);
    expect(previewDelay(1_000_000, true)).toBeLessThan(previewDelay(1_000_000, false));
  });
});

describe('preview source', () => {
  it('is the whole text of a normal page', () => {
    expect(previewSource(Text.of(['# Title', '', 'Body']), 3)).toEqual({
      text: '# Title\n\nBody',
      partial: false,
    });
  });
  it('is a window near the first line on screen for a large page, ending at a line end', () => {
    const lines = Array.from({ length: 20_000 }, (_, i) => `Line ${i + 1} of a long page.`);
    const source = previewSource(Text.of(lines), 5000);
    expect(source.partial).toBe(true);
    expect(source.text.startsWith(`Line ${5000 - WINDOW_LINES_BEFORE} of`)).toBe(true);
    expect(source.text.endsWith('of a long page.')).toBe(true);
    expect(source.text.length).toBeLessThanOrEqual(WINDOW_MAX_CHARS + 40);
  });
});

describe('reconnect backoff', () => {
  it('doubles per attempt with jitter, up to a cap', () => {
    expect(backoffDelay(0, 0)).toBe(250);
    expect(backoffDelay(0, 0.999)).toBeLessThanOrEqual(500);
    expect(backoffDelay(3, 0.999)).toBeGreaterThan(backoffDelay(2, 0.999));
    expect(backoffDelay(50, 0.999)).toBeLessThanOrEqual(BACKOFF_MAX_MS);
  });
});

describe('editor mode (SPEC §4)', () => {
  const user = { _id: 'u1', username: 'ada', name: 'Ada' } as CurrentUser;
  it('reads #edit and #hackmd; anything else is view', () => {
    expect(editorMode('#edit')).toBe('edit');
    expect(editorMode('#hackmd')).toBe('hackmd');
    expect(editorMode('')).toBe('view');
    expect(editorMode('#history')).toBe('view');
  });
  it('lets only signed-in users leave view, on creatable paths, co-editing existing pages', () => {
    expect(editRefusal(null, '/a', 'edit')).toBe('page.login_to_edit');
    expect(editRefusal(null, '/a', 'hackmd')).toBe('page.login_to_edit');
    expect(editRefusal(user, '/admin/x', 'edit')).toBe('page.could_not_edit');
    expect(editRefusal(user, '/a', 'edit', false)).toBeNull();
    expect(editRefusal(user, '/a', 'hackmd', false)).toBe('coediting.create_first');
    expect(editRefusal(user, '/a', 'hackmd', true)).toBeNull();
    expect(editRefusal(null, '/a', 'view')).toBeNull();
  });
});
