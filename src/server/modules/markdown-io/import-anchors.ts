// Heading and block links of imported notes land where the page view puts them. The view gives a
// heading the id GitHub's slugger makes of its text (rehype-slug: `## Set up` → `set-up`, the
// second `Set up` → `set-up-1`), so a link to a heading is rewritten to that id. Obsidian names a
// heading by its text (`[[Note#Set up]]`, `[[Note#Parent#Child]]`), Wiki.js and Outline by an id of
// their own: both are matched to a heading by slug. Obsidian's block ids (`text ^ab12`) become
// anchors the view keeps (`<a id="^ab12">`, prefixed `user-content-` by the sanitizer, which the
// page's hash scrolling knows).
import GithubSlugger, { slug } from 'github-slugger';

/** Wiki links in a heading as the view will show them: their label, else their name. */
const WIKI_LINK_TEXT = /!?\[\[([^\]|\n]+?)(?:\\?\|([^\]\n]*))?\]\]/g;

export function headingText(raw: string): string {
  return raw.replace(WIKI_LINK_TEXT, (_m, target: string, shown?: string) =>
    (shown?.trim() || (target.split('#')[0] ?? '').split('/').pop() || target).trim(),
  );
}

/** The ids the view gives a note's headings, in order, by the slug of their text alone. */
export class HeadingAnchors {
  private readonly byBase = new Map<string, string>();

  constructor(headings: string[]) {
    const slugger = new GithubSlugger();
    for (const raw of headings) {
      const text = headingText(raw);
      const id = slugger.slug(text);
      const base = slug(text);
      if (!this.byBase.has(base)) this.byBase.set(base, id);
    }
  }

  /**
   * The id for a fragment naming a heading (its text, or an id another tool made of it), or null.
   * Obsidian's `Parent#Child` names the last heading.
   */
  idOf(fragment: string): string | null {
    const last = fragment.split('#').filter(Boolean).pop() ?? '';
    return this.byBase.get(slug(last)) ?? null;
  }
}

/**
 * A block id at the end of a line (after a space, or right after a link or embed), or alone on one:
 * ` ^ab12` (letters, digits and dashes).
 */
const BLOCK_ID = /(?<=^|[ \t\])])\^([A-Za-z0-9-]+)[ \t]*$/gm;

export const blockAnchorId = (id: string) => `^${id}`;

/** Where block ids stand in the text (code already masked) and the anchors that replace them. */
export function blockIdEdits(masked: string): { start: number; end: number; text: string }[] {
  return [...masked.matchAll(BLOCK_ID)].map((match) => {
    const [whole, id = ''] = match;
    const text = `<a id="${blockAnchorId(id)}"></a>`;
    return { start: match.index, end: match.index + whole.length, text };
  });
}

/** The link fragment for a fragment of an imported link: a heading's id, a block's anchor, or as written. */
export function fragmentFor(anchors: HeadingAnchors | undefined, fragment: string): string {
  if (!fragment) return '';
  if (fragment.startsWith('^')) return blockAnchorId(fragment.slice(1));
  return anchors?.idOf(fragment) ?? fragment;
}
