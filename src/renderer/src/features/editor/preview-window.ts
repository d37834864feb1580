// What the preview renders. Up to LARGE_TEXT characters: the whole text. Above, rendering all of
// it takes seconds (react-markdown with highlighting parses everything again), so the preview
// shows the part of the page the editor shows: from a little above the first line on screen, up
// to WINDOW_MAX_CHARS, ending at a line end.
import type { Text } from '@codemirror/state';

export const LARGE_TEXT = 100_000;
export const WINDOW_LINES_BEFORE = 20;
export const WINDOW_MAX_CHARS = 30_000;

export interface PreviewSource {
  text: string;
  /** Only a window of the page (a large page). */
  partial: boolean;
}

/** The preview's Markdown for a document whose first line on screen is `topLine` (1-based). */
export function previewSource(doc: Text, topLine: number): PreviewSource {
  if (doc.length <= LARGE_TEXT) return { text: doc.toString(), partial: false };
  const first = Math.min(doc.lines, Math.max(1, topLine - WINDOW_LINES_BEFORE));
  const from = doc.line(first).from;
  const to = doc.lineAt(Math.min(doc.length, from + WINDOW_MAX_CHARS)).to;
  return { text: doc.sliceString(from, to), partial: true };
}
