// A comment rendered with the pages' Markdown pipeline and sanitizer, with single line breaks as
// <br> when the admin setting of SPEC §3 says so.
import { memo } from 'react';
import Markdown from 'react-markdown';
import { commentMarkdownOptions } from '../../../../shared/comment-markdown';
import { useSession } from '../../stores/session';
import { useMarkdownExtras } from '../../components/useMarkdownExtras';

export const CommentBody = memo(function CommentBody({ text }: { text: string }) {
  const lineBreaks = useSession((s) => s.config.isEnabledLinebreaksInComments);
  const { after, lateRemark } = useMarkdownExtras(text);
  return (
    <div className="markdown-body comment-body">
      <Markdown {...commentMarkdownOptions(lineBreaks, after, lateRemark)}>{text}</Markdown>
    </div>
  );
});
