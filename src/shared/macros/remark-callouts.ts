// GROWI's callouts, `:::note` … `:::` (also `:::tip[Own title]`), with its set of kinds, and
// Obsidian's and GitHub's, a quote opening with `[!kind]` (`> [!tip] Own title`; their other kinds
// shown as the nearest of GROWI's: issue 29, notes imported from Obsidian keep their callouts). The
// container is found in the parsed tree — a paragraph whose first line is `:::kind` up to one whose
// last line is `:::` — so fences and code stay literal and the inside is ordinary Markdown. Output
// is div/class only (SPEC §5 allowlist); an unclosed callout runs to the end of its container.
import type { Paragraph, Parent, Root, RootContent } from 'mdast';

export const CALLOUT_KINDS = ['note', 'tip', 'important', 'info', 'warning', 'danger', 'caution'] as const;

const OPENING = /^:::([A-Za-z]+)(?:\[([^\]\n]{0,200})\])?[ \t]*(?:\n|$)/;
const CLOSING = /(?:^|\n):::[ \t]*$/;

interface Box extends Parent {
  type: 'quireCallout';
  data: { hName: 'div'; hProperties: { className: string[] } };
}

function box(className: string[], children: Box['children']): Box {
  return { type: 'quireCallout', children, data: { hName: 'div', hProperties: { className } } };
}

/** The kind and label when the paragraph opens a callout; the opening line is removed from it. */
function takeOpening(paragraph: Paragraph): { kind: string; label: string } | null {
  const first = paragraph.children[0];
  if (first?.type !== 'text') return null;
  const match = OPENING.exec(first.value);
  const kind = match?.[1]?.toLowerCase() ?? '';
  if (!match || !(CALLOUT_KINDS as readonly string[]).includes(kind)) return null;
  first.value = first.value.slice(match[0].length);
  if (first.value === '') paragraph.children.shift();
  return { kind, label: match[2] ?? '' };
}

/**
 * Removes a closing `:::` line from the end of the node — a paragraph, or the last paragraph
 * inside a list or quote, where Markdown's lazy continuation puts a `:::` written right after it.
 */
function takeClosing(node: RootContent): boolean {
  if (node.type === 'paragraph') {
    const last = node.children.at(-1);
    if (last?.type !== 'text' || !CLOSING.test(last.value)) return false;
    last.value = last.value.replace(CLOSING, '');
    if (last.value === '') node.children.pop();
    return true;
  }
  if (node.type !== 'list' && node.type !== 'listItem' && node.type !== 'blockquote') return false;
  const last = node.children.at(-1);
  return last !== undefined && takeClosing(last);
}

/** Does this node open a callout (without changing it)? For nesting: `:::a` … `:::b` … `:::` `:::`. */
function opens(node: RootContent): boolean {
  if (node.type !== 'paragraph' || node.children[0]?.type !== 'text') return false;
  const match = OPENING.exec(node.children[0].value);
  return match !== null && (CALLOUT_KINDS as readonly string[]).includes(match[1]?.toLowerCase() ?? '');
}

/** Like takeClosing, but only reads: the closing line of a nested callout is left for it. */
function closes(node: RootContent): boolean {
  if (node.type === 'paragraph') {
    const last = node.children.at(-1);
    return last?.type === 'text' && CLOSING.test(last.value);
  }
  if (node.type !== 'list' && node.type !== 'listItem' && node.type !== 'blockquote') return false;
  const last = node.children.at(-1);
  return last !== undefined && closes(last);
}

/** Obsidian's (and GitHub's) kinds beyond GROWI's, as the nearest of GROWI's. */
const ALERT_KINDS: Record<string, string> = {
  abstract: 'info',
  summary: 'info',
  tldr: 'info',
  todo: 'note',
  hint: 'tip',
  success: 'tip',
  check: 'tip',
  done: 'tip',
  question: 'info',
  help: 'info',
  faq: 'info',
  attention: 'warning',
  failure: 'danger',
  fail: 'danger',
  missing: 'danger',
  error: 'danger',
  bug: 'danger',
  example: 'note',
  quote: 'note',
  cite: 'note',
};
const ALERT = /^\[!([A-Za-z]+)\][+-]?[ \t]*([^\n]*)(?:\n|$)/;

/** `> [!kind] title` … as a callout of that kind (the quote's first line removed), or null. */
function alertOf(quote: RootContent): Box | null {
  if (quote.type !== 'blockquote') return null;
  const paragraph = quote.children[0];
  const first = paragraph?.type === 'paragraph' ? paragraph.children[0] : undefined;
  const match = first?.type === 'text' ? ALERT.exec(first.value) : null;
  if (!match || !paragraph || paragraph.type !== 'paragraph' || first?.type !== 'text') return null;
  const named = match[1]?.toLowerCase() ?? '';
  const kind = (CALLOUT_KINDS as readonly string[]).includes(named) ? named : (ALERT_KINDS[named] ?? 'note');
  first.value = first.value.slice(match[0].length);
  if (first.value === '') paragraph.children.shift();
  // A line break node left where the title line ended.
  if (paragraph.children[0]?.type === 'break') paragraph.children.shift();
  const title = box(['callout-title', `callout-title-${kind}`], []);
  const label = match[2]?.trim();
  if (label) title.children = [{ type: 'text', value: label }] as Box['children'];
  const inside = quote.children.filter((node) => !isEmpty(node));
  return box(['callout', `callout-${kind}`], [
    title,
    box(['callout-body'], inside as Box['children']),
  ] as unknown as Box['children']);
}

const isEmpty = (node: RootContent) => node.type === 'paragraph' && node.children.length === 0;

function transform(parent: Parent): void {
  const children = parent.children as RootContent[];
  const out: RootContent[] = [];
  for (let i = 0; i < children.length; i += 1) {
    const child = children[i] as RootContent;
    const alert = alertOf(child);
    if (alert) {
      out.push(alert as unknown as RootContent);
      continue;
    }
    const opening = child.type === 'paragraph' ? takeOpening(child) : null;
    if (!opening) {
      out.push(child);
      continue;
    }
    const inside: RootContent[] = [child];
    let closed = takeClosing(child);
    let nested = 0;
    while (!closed && i + 1 < children.length) {
      i += 1;
      const next = children[i] as RootContent;
      inside.push(next);
      // A nested callout that opens and closes in one paragraph changes nothing.
      const opensHere = opens(next);
      const closesHere = closes(next);
      if (opensHere && !closesHere) nested += 1;
      else if (!opensHere && closesHere) {
        if (nested === 0) closed = takeClosing(next);
        else nested -= 1;
      }
    }
    const body = box(['callout-body'], inside.filter((node) => !isEmpty(node)) as Box['children']);
    const title = box(['callout-title', `callout-title-${opening.kind}`], []);
    if (opening.label) title.children = [{ type: 'text', value: opening.label }] as Box['children'];
    out.push(
      box(['callout', `callout-${opening.kind}`], [
        title,
        body,
      ] as unknown as Box['children']) as unknown as RootContent,
    );
  }
  parent.children = out as Parent['children'];
  // Callouts inside lists, quotes and other callouts (a callout's body is reached through it).
  for (const child of out) if ('children' in child && child.type !== 'paragraph') transform(child);
}

export function remarkCallouts() {
  return (tree: Root): void => transform(tree);
}
