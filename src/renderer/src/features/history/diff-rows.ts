// Turns jsdiff's line changes into rows for the unified and the side-by-side views.
import type { DiffChange } from '../../../../shared/page-tree-types';

export type LineKind = 'same' | 'added' | 'removed';
export interface UnifiedRow {
  kind: LineKind;
  text: string;
  oldNo: number | null;
  newNo: number | null;
}
export interface SideRow {
  left: { no: number; text: string; kind: LineKind } | null;
  right: { no: number; text: string; kind: LineKind } | null;
}

function lines(value: string): string[] {
  const parts = value.split('\n');
  if (parts.at(-1) === '') parts.pop();
  return parts;
}

export function unifiedRows(changes: DiffChange[]): UnifiedRow[] {
  const rows: UnifiedRow[] = [];
  let oldNo = 1;
  let newNo = 1;
  for (const change of changes) {
    for (const text of lines(change.value)) {
      if (change.added) rows.push({ kind: 'added', text, oldNo: null, newNo: newNo++ });
      else if (change.removed) rows.push({ kind: 'removed', text, oldNo: oldNo++, newNo: null });
      else rows.push({ kind: 'same', text, oldNo: oldNo++, newNo: newNo++ });
    }
  }
  return rows;
}

/** Removed lines on the left beside the added lines that replaced them on the right. */
export function sideBySideRows(changes: DiffChange[]): SideRow[] {
  const rows: SideRow[] = [];
  let oldNo = 1;
  let newNo = 1;
  let pendingRemoved: SideRow['left'][] = [];
  const flush = (added: string[]) => {
    const count = Math.max(pendingRemoved.length, added.length);
    for (let i = 0; i < count; i++) {
      const text = added[i];
      rows.push({
        left: pendingRemoved[i] ?? null,
        right: text === undefined ? null : { no: newNo++, text, kind: 'added' },
      });
    }
    pendingRemoved = [];
  };
  for (const change of changes) {
    if (change.removed) {
      for (const text of lines(change.value)) pendingRemoved.push({ no: oldNo++, text, kind: 'removed' });
    } else if (change.added) {
      flush(lines(change.value));
    } else {
      flush([]);
      for (const text of lines(change.value)) {
        rows.push({ left: { no: oldNo++, text, kind: 'same' }, right: { no: newNo++, text, kind: 'same' } });
      }
    }
  }
  flush([]);
  return rows;
}
