// Snippets and highlighted paths for results: the page text is HTML-escaped and the only markup
// added is <em> around the searched words, so a client may insert it as HTML. Snippets show the text
// a reader sees, not the Markdown that formats it.
import { markdownToText } from './markdown-text';

const SNIPPET_LENGTH = 160;
/** Text kept before the first match, so the snippet shows the word in context. */
const LEAD = 40;

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** One case-insensitive pattern for all words, longest first so "handbook" wins over "hand". */
export function wordsPattern(words: string[]): RegExp | null {
  const parts = [...new Set(words.map((w) => w.trim()).filter(Boolean))]
    .sort((a, b) => b.length - a.length)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+'));
  return parts.length > 0 ? new RegExp(parts.join('|'), 'giu') : null;
}

/** The text, escaped, with every match wrapped in <em>. */
export function highlight(text: string, pattern: RegExp | null): string {
  if (!pattern) return escapeHtml(text);
  let out = '';
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match[0].length === 0) continue;
    out += `${escapeHtml(text.slice(last, match.index))}<em>${escapeHtml(match[0])}</em>`;
    last = match.index + match[0].length;
  }
  return out + escapeHtml(text.slice(last));
}

/**
 * About SNIPPET_LENGTH characters of the body's text around the first match (or its start),
 * highlighted. Only a window of the body is read: from the start of the line a little before the
 * first match, so marks at the start of a line are recognised, to well past the snippet's end.
 */
export function snippetOf(body: string, pattern: RegExp | null): string {
  let from = 0;
  let first = 0;
  if (pattern) {
    first = firstMatch(body, pattern);
    const back = Math.max(0, first - LEAD * 4);
    const lineStart = body.lastIndexOf('\n', back) + 1;
    // A very long line is cut where it must be; its start-of-line marks are far away anyway.
    from = back - lineStart > SNIPPET_LENGTH ? back : lineStart;
  }
  const end = first + SNIPPET_LENGTH * 4;
  const text = markdownToText(body.slice(from, end)).replace(/\s+/g, ' ').trim();
  let start = 0;
  if (pattern) start = Math.max(0, firstMatch(text, pattern) - LEAD);
  // Characters, not UTF-16 units, so an emoji is never cut in half.
  const chars = [...text.slice(start)];
  const window = chars.slice(0, SNIPPET_LENGTH).join('');
  const more = chars.length > SNIPPET_LENGTH || end < body.length;
  return `${from > 0 || start > 0 ? '…' : ''}${highlight(window, pattern)}${more ? '…' : ''}`;
}

function firstMatch(text: string, pattern: RegExp): number {
  pattern.lastIndex = 0;
  const match = pattern.exec(text);
  pattern.lastIndex = 0;
  return match ? match.index : 0;
}
