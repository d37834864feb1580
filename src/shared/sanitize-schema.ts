// The Markdown content filter (SPEC §5): rehype-sanitize's schema with the product's allowlist.
// XSS prevention is always on. Disallowed tags are stripped but their body is kept (even a
// <script>'s text stays, as inert text); URLs keep the default protocol allowlist, so
// `javascript:`, `data:` and `vbscript:` never survive in href or src.
import { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';

export { ALLOWED_ATTRIBUTES, ALLOWED_TAGS } from './sanitize-lists';
import { ALLOWED_ATTRIBUTES, ALLOWED_TAGS } from './sanitize-lists';

export const sanitizeSchema: SanitizeSchema = {
  tagNames: [...ALLOWED_TAGS],
  attributes: { '*': [...ALLOWED_ATTRIBUTES] },
  // Nothing is dropped with its content: a disallowed element is unwrapped and its text kept.
  strip: [],
  required: {},
  // Table parts only inside tables, as in the default schema.
  ancestors: defaultSchema.ancestors,
  // href: http, https, irc(s), mailto, xmpp and relative URLs; src: http, https and relative URLs.
  protocols: { href: defaultSchema.protocols?.href ?? [], src: defaultSchema.protocols?.src ?? [] },
  // User-written ids are prefixed (`user-content-`) so they cannot clobber globals of the app's DOM;
  // heading anchors are added after sanitizing, so their ids stay plain.
  clobber: ['id'],
  clobberPrefix: 'user-content-',
  allowComments: false,
  allowDoctypes: false,
};
