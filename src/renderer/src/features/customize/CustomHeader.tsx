// The admin's custom header, through the page sanitizer (the chunk Customizations loads).
import Markdown from 'react-markdown';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize from 'rehype-sanitize';
import { sanitizeSchema } from '../../../../shared/sanitize-schema';

export default function CustomHeader({ header }: { header: string }) {
  return <Markdown rehypePlugins={[rehypeRaw, [rehypeSanitize, sanitizeSchema]]}>{header}</Markdown>;
}
