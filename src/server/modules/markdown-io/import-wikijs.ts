// Wiki.js's storage writes a page made in its HTML (visual) editor as `path.html` whose first
// lines are its front matter inside an HTML comment (`<!--`, `title: …`, …, `-->`). Such a file
// becomes a page like a Markdown one: the comment becomes front matter, the HTML stays the body
// (Markdown keeps raw HTML; the page view sanitizes it like any other). Other `.html` files (an
// exported web page in a vault) stay attachments.
const HEADER = /^\uFEFF?<!--[ \t]*\r?\n([\s\S]*?)\r?\n-->[ \t]*(?:\r?\n|$)/;

export const isHtmlFile = (file: string) => /\.html?$/i.test(file);

/** Whether the start of an `.html` file is Wiki.js's header (a comment whose first field is a key). */
export function isWikiJsHtmlPage(head: string): boolean {
  return /^\uFEFF?<!--[ \t]*\r?\n[A-Za-z][\w-]*:/.test(head);
}

/** A Wiki.js HTML page as Markdown: its header comment as front matter, then the HTML. */
export function htmlPageAsMarkdown(text: string): string {
  const match = HEADER.exec(text);
  if (!match) return text;
  return `---\n${match[1] ?? ''}\n---\n\n${text.slice(match[0].length).replace(/^(\r?\n)+/, '')}`;
}
