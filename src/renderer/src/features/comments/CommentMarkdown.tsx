// A comment through the pages' Markdown pipeline and sanitizer (the chunk CommentBody loads).
import Markdown from 'react-markdown';
import { commentMarkdownOptions } from '../../../../shared/comment-markdown';
import { useSession } from '../../stores/session';
import { useMarkdownExtras } from '../../components/useMarkdownExtras';

export default function CommentMarkdown({ text }: { text: string }) {
  const lineBreaks = useSession((s) => s.config.isEnabledLinebreaksInComments);
  const { after, lateRemark } = useMarkdownExtras(text);
  return <Markdown {...commentMarkdownOptions(lineBreaks, after, lateRemark)}>{text}</Markdown>;
}
