// A page body rendered with the shared, sanitized Markdown pipeline (view and editor preview).
import { memo } from 'react';
import Markdown from 'react-markdown';
import { markdownOptions } from '../../../shared/markdown';

export const MarkdownView = memo(function MarkdownView({ body }: { body: string }) {
  return (
    <div className="markdown-body">
      <Markdown {...markdownOptions}>{body}</Markdown>
    </div>
  );
});
