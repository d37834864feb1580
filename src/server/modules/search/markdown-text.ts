// Markdown as the reader sees it, for search snippets: the marks that format text (headings, list
// bullets, emphasis, code fences, table rules, link targets, HTML tags, wiki-link brackets, macros,
// math dollars) are dropped and the words kept; diagrams' sources are left out.
// Line by line with a few regular expressions rather than a Markdown parser: it runs on a short window
// of each result's body on every search, and a snippet only needs to read like text.

import { MACRO_NAMES } from '../../../shared/macros/remark-macros';

/** Whole lines that are only formatting: code fences, math fences, table rules, thematic breaks. */
const FORMAT_ONLY_LINE =
  /^\s*(?:(?:`{3,}|~{3,}).*|\$\$|\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?|(?:[-*_]\s*){3,})\s*$/;
/** Marks at the start of a line: quotes, headings, bullets, numbers, task boxes. */
const LINE_START = /^\s*(?:>\s*)*(?:#{1,6}\s+|[-*+]\s+(?:\[[ xX]\]\s+)?|\d{1,9}[.)]\s+(?:\[[ xX]\]\s+)?)?/;

/** Inline marks: each with the characters it needs, so a line without any skips the pattern. */
const INLINE: ReadonlyArray<[string, RegExp, string]> = [
  ['$', new RegExp(`\\$(?:${MACRO_NAMES.join('|')})\\([^)]*\\)`, 'g'), ' '], // $lsx(…) and the other macros
  ['$', /\$(?=\S)([^$\n]*?\S)\$/g, '$1'], // inline math: its source without the dollars
  ['<', /<!--.*?(?:-->|$)/g, ' '], // HTML comments
  ['[', /!?\[\[([^\]|]*)\|([^\]]*)\]\]/g, '$2'], // wiki links with a label: the label
  ['[', /!?\[\[([^\]]*)\]\]/g, '$1'], // wiki links and embeds: the name
  ['[', /\[\^[^\]\s]+\]:?/g, ''], // footnote marks
  ['[', /!\[([^\]]*)\]\([^)]*\)/g, '$1'], // images: their alt text
  ['[', /\[([^\]]*)\]\([^)]*\)/g, '$1'], // links: their text
  ['[', /\[([^\]]*)\]\[[^\]]*\]/g, '$1'], // reference links
  ['<', /<(https?:\/\/[^>\s]+)>/g, '$1'], // autolinks
  ['<', /<\/?[A-Za-z][^>]*>/g, ' '], // HTML tags
  ['*_~', /(\*{1,3}|_{2,3}|~~)(?=\S)([^*_~]*?\S)\1/g, '$2'], // strong, emphasis, strikethrough
  ['`', /`+([^`]*)`+/g, '$1'], // inline code
  ['|', /\s*\|\s*/g, ' '], // table cell borders
];
/** Snippets are made on every search: a line is only copied when it holds a mark. */
const MAY_START_WITH_MARKS = /^\s*[>#*+\-\d]/;

/** Whether the text holds any of the characters (by index: no array of them is made per line). */
function holdsAny(text: string, chars: string): boolean {
  for (let i = 0; i < chars.length; i++) if (text.includes(chars[i] as string)) return true;
  return false;
}

/** A fence opening a diagram: its source is drawn, not read, so the snippet leaves it out. */
const DIAGRAM_FENCE =
  /^\s*(`{3,}|~{3,})\s*(?:mermaid|plantuml|uml|blockdiag|seqdiag|actdiag|nwdiag|drawio)\b/i;

/** Whitespace a line's words would show as more than one space. */
const LOOSE_SPACE = /\s\s|[^\S ]/;

/**
 * The text as one line, every run of whitespace one space, as a snippet shows it. Line by line: a
 * replace over the whole joined window was a third of what a search allocated.
 */
export function markdownToText(markdown: string): string {
  const lines: string[] = [];
  let diagramFence: string | null = null;
  for (const line of markdown.split('\n')) {
    if (diagramFence !== null) {
      if (line.trim().startsWith(diagramFence)) diagramFence = null;
      continue;
    }
    const diagram = DIAGRAM_FENCE.exec(line);
    if (diagram) {
      diagramFence = diagram[1] ?? '```';
      continue;
    }
    if (FORMAT_ONLY_LINE.test(line)) continue;
    const marks = MAY_START_WITH_MARKS.test(line) ? (LINE_START.exec(line)?.[0].length ?? 0) : 0;
    let text = marks > 0 ? line.slice(marks) : line;
    for (const [needs, pattern, replacement] of INLINE) {
      if (holdsAny(text, needs)) text = text.replace(pattern, replacement);
    }
    text = text.trim();
    if (text) lines.push(LOOSE_SPACE.test(text) ? text.replace(/\s+/g, ' ') : text);
  }
  return lines.join(' ');
}
