// The macros' reads (GROWI's routes and parameters): `$lsx()` lists the pages below a path, and
// `$refs()` the attachments of a page or of the pages below a path. Pages come through what the
// reader may list. Options come as GROWI's client sends them, `options[depth]=…`, or flat.
import { Type } from '@sinclair/typebox';
import { LSX_MAX_LIMIT, LSX_PAGE_SIZE } from '../macros/lsx';
import { defineContract } from './define';
import { PageSummarySchema } from './entities';
import { AttachmentSchema } from './attachments';

const OptionText = Type.Optional(Type.String({ maxLength: 1000 }));
/** `$lsx()`'s options. */
export const LSX_OPTIONS = ['depth', 'filter', 'except', 'sort', 'reverse'] as const;

export const lsxList = defineContract({
  api: 'v1',
  method: 'GET',
  path: '/lsx',
  querystring: Type.Object({
    pagePath: Type.String({ minLength: 1, maxLength: 2048 }),
    offset: Type.Integer({ minimum: 0, maximum: 1_000_000_000, default: 0 }),
    limit: Type.Integer({ minimum: 0, maximum: LSX_MAX_LIMIT, default: LSX_PAGE_SIZE }),
    ...Object.fromEntries(
      LSX_OPTIONS.flatMap((name) => [
        [name, OptionText],
        [`options[${name}]`, OptionText],
      ]),
    ),
  }),
  response: {
    200: Type.Object({
      pages: Type.Array(PageSummarySchema),
      /** Offset of the next window: the offset asked for plus the pages returned. */
      cursor: Type.Integer(),
      /** Pages matching path, depth and filters, before the window. */
      total: Type.Integer(),
    }),
  },
});

const RefsText = Type.Optional(Type.String({ maxLength: 2048 }));

/** One page's (`pagePath`), or those of a path and the pages below it (`prefix`). */
export const attachmentRefs = defineContract({
  api: 'v1',
  method: 'GET',
  path: '/attachment-refs/refs',
  querystring: Type.Object({
    prefix: RefsText,
    pagePath: RefsText,
    'options[depth]': RefsText,
    /** Names kept, matched by RE2 (linear time). */
    'options[regexp]': RefsText,
    'options[regex]': RefsText,
  }),
  response: { 200: Type.Object({ attachments: Type.Array(AttachmentSchema) }) },
});
