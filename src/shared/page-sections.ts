// One section of a page's Markdown, for `![[Page#heading]]` embeds (issue 29): from the heading
// whose id (GitHub's slug of its text, as the page view gives it) is asked for, to the next heading
// of the same level or higher. Line by line, skipping fenced code, so a `# comment` in a code block
// is not a heading.
import GithubSlugger from 'github-slugger';

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;

/** A heading's text as the view shows it, near enough: inline marks and link targets dropped. */
const plainText = (text: string) =>
  text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[\[([^\]|]*\|)?([^\]]*)\]\]/g, '$2')
    .replace(/[*_`~]/g, '');

/** The section under the heading with this id, or null when the page has no such heading. */
export function sectionOf(markdown: string, id: string): string | null {
  const lines = markdown.split('\n');
  const slugger = new GithubSlugger();
  let fence: string | null = null;
  let start = -1;
  let level = 0;
  for (const [i, line] of lines.entries()) {
    const fenceMark = FENCE.exec(line)?.[1];
    if (fence !== null) {
      if (fenceMark?.startsWith(fence)) fence = null;
      continue;
    }
    if (fenceMark) {
      fence = fenceMark;
      continue;
    }
    const heading = ATX.exec(line);
    if (!heading) continue;
    const depth = heading[1]?.length ?? 1;
    if (start !== -1 && depth <= level) return lines.slice(start, i).join('\n').trimEnd();
    if (start === -1 && slugger.slug(plainText(heading[2] ?? '')) === id) {
      start = i;
      level = depth;
    }
  }
  return start === -1 ? null : lines.slice(start).join('\n').trimEnd();
}
