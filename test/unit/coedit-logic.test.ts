// Pure parts of co-editing: the smallest text edit (used to reconcile outside saves) and the
// draft status of GROWI's model.
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { textChange } from '../../src/shared/coedit-protocol';
import { draftStatus } from '../../src/server/modules/coedit/status';

function apply(from: string, to: string): string {
  const { index, remove, insert } = textChange(from, to);
  return from.slice(0, index) + insert + from.slice(index + remove);
}

describe('textChange', () => {
  it.each([
    ['', 'new'],
    ['same', 'same'],
    ['Hello world', 'Hello brave world'],
    ['abcabc', 'abc'],
    ['aaa', 'aaaa'],
    ['line 1\nline 2\n', 'line 0\nline 1\nline 2\n'],
    ['emoji 😀 here', 'emoji 😁 here'],
  ])('turns %j into %j', (from, to) => {
    expect(apply(from, to)).toBe(to);
  });

  it('keeps the common start and end', () => {
    expect(textChange('Hello world', 'Hello brave world')).toEqual({ index: 6, remove: 0, insert: 'brave ' });
  });

  it('never splits a surrogate pair (Yjs would store broken characters)', () => {
    const doc = new Y.Doc();
    const text = doc.getText();
    text.insert(0, 'a😀b');
    const change = textChange('a😀b', 'a😁b');
    text.delete(change.index, change.remove);
    text.insert(change.index, change.insert);
    expect(text.toString()).toBe('a😁b');
    expect(change.index).toBe(1);
  });
});

describe('draftStatus', () => {
  const facts = { baseRevisionId: 'r1', baseBody: 'saved', latestRevisionId: 'r1', latestBody: 'saved' };
  it('is new without a document', () => {
    expect(draftStatus({ ...facts, text: null })).toBe('new');
  });
  it('is synced when the text is the saved version', () => {
    expect(draftStatus({ ...facts, text: 'saved' })).toBe('synced');
  });
  it('is a draft with unsaved changes on the latest version', () => {
    expect(draftStatus({ ...facts, text: 'saved + more' })).toBe('draft');
  });
  it('is outdated with unsaved changes on a version someone replaced', () => {
    const replaced = { ...facts, latestRevisionId: 'r2', latestBody: 'theirs' };
    expect(draftStatus({ ...replaced, text: 'saved + more' })).toBe('outdated');
    expect(draftStatus({ ...replaced, text: 'saved' })).toBe('synced');
    expect(draftStatus({ ...replaced, text: 'theirs' })).toBe('synced');
  });
});
