// Snippets and highlighted paths for results: the page text is HTML-escaped and the only markup
// added is <em> around the searched words, so a client may insert it as HTML.

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

/** About SNIPPET_LENGTH characters of the body around the first match (or its start), highlighted. */
export function snippetOf(body: string, pattern: RegExp | null): string {
  let start = 0;
  if (pattern) {
    pattern.lastIndex = 0;
    const first = pattern.exec(body);
    pattern.lastIndex = 0;
    if (first) start = Math.max(0, first.index - LEAD);
  }
  // Only a window of the body is cut and collapsed (whitespace runs count once), never all of it.
  const end = start + SNIPPET_LENGTH * 3;
  const text = body.slice(start, end).replace(/\s+/g, ' ').trim();
  // Characters, not UTF-16 units, so an emoji is never cut in half.
  const chars = [...text];
  const window = chars.slice(0, SNIPPET_LENGTH).join('');
  const more = chars.length > SNIPPET_LENGTH || end < body.length;
  return `${start > 0 ? '…' : ''}${highlight(window, pattern)}${more ? '…' : ''}`;
}
