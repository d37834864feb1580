// Slack's mrkdwn: escaping, links, and a page's Markdown or a change to it turned into a short
// Slack text (GROWI's prepareSlackMessageForPage).
import { diffLines } from 'diff';

const MAX_TEXT = 2000;

/** Slack's three control characters (`&`, `<`, `>`), escaped as its docs ask. */
export function slackEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** `<url|text>`; a `|` in the text would end it, so it becomes a look-alike. */
export function slackLink(url: string, text: string): string {
  return `<${url}|${slackEscape(text).replace(/\|/g, '¦')}>`;
}

function clip(text: string): string {
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
}

/** The start of a page for Slack: bullets as `•`, headings bold, Markdown links as Slack links. */
export function markdownForSlack(markdown: string): string {
  const lines = markdown
    .slice(0, MAX_TEXT * 2)
    .split('\n')
    .map((line) =>
      slackEscape(line)
        .replace(/^(\s*)[*+-]\s+/, '$1• ')
        .replace(/^#{1,6}\s+(.+?)\s*#*$/, '*$1*')
        .replace(
          /\[([^\]]+)\]\((https?:\/\/[^)\s]+)\)/g,
          (_m, text: string, url: string) => `<${url}|${text}>`,
        ),
    );
  return clip(lines.join('\n'));
}

/** A change for Slack: added lines marked with a pen, removed runs counted (GROWI's format). */
export function changeForSlack(before: string, after: string): string {
  // Bounded: a huge rewrite is summed up rather than diffed on the server's thread.
  const parts = diffLines(before, after, { maxEditLength: 2_000, timeout: 200 });
  if (!parts) return `:memo: ${before.split('\n').length} → ${after.split('\n').length} lines`;
  const out: string[] = [];
  for (const part of parts) {
    const lines = part.value.replace(/\n$/, '').split('\n');
    if (part.added) out.push(...lines.map((line) => `${slackEscape(line)} :lower_left_fountain_pen:`));
    else if (part.removed)
      out.push(
        lines.length > 1
          ? `:wastebasket: ... ${lines.length} lines`
          : `:wastebasket: ~${slackEscape(lines[0] ?? '')}~`,
      );
    if (out.join('\n').length > MAX_TEXT) break;
  }
  return clip(out.join('\n'));
}
