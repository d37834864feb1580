// A comment rendered with the pages' Markdown pipeline and sanitizer, with single line breaks as
// <br> when the admin setting of SPEC §3 says so. The pipeline is loaded on demand, with the page's
// own (issue 32: not in the app's first view).
import { lazy, memo, Suspense } from 'react';

const CommentMarkdown = lazy(() => import('./CommentMarkdown'));

export const CommentBody = memo(function CommentBody({ text }: { text: string }) {
  return (
    <div className="markdown-body comment-body">
      <Suspense fallback={<div className="loading" aria-busy="true" />}>
        <CommentMarkdown text={text} />
      </Suspense>
    </div>
  );
});
