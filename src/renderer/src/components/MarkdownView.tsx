// The page body's Markdown view, loaded on demand (issue 32): react-markdown, the remark and rehype
// plugins and the sanitizer are a chunk of their own, fetched while the page's data is (see
// preloadMarkdown), so the app's first view does not carry them. Until the chunk is there the body
// shows its loading state, never raw Markdown.
import { lazy, Suspense, type ComponentProps } from 'react';

const load = () => import('./MarkdownBody');

/** Starts fetching the Markdown chunk now (a page is about to be shown). */
export function preloadMarkdown(): void {
  void load();
}

const Body = lazy(async () => ({ default: (await load()).MarkdownView }));

type Props = ComponentProps<typeof Body>;

export function MarkdownView(props: Props) {
  return (
    <Suspense fallback={<div className="markdown-body loading" aria-busy="true" />}>
      <Body {...props} />
    </Suspense>
  );
}
