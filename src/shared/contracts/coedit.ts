// Co-editing over HTTP (its WebSocket, `GET /coedit/{pageId}`, carries y-protocols frames, not
// JSON): the draft's status and who is editing, and turning the shared text into a revision or
// back into the latest saved version.
import { Type } from '@sinclair/typebox';
import { defineContract, Enum, Id, Nullable } from './define';
import { PageSchema, UserSummarySchema } from './entities';

const PageParams = Type.Object({ pageId: Id });

export const CoeditStatusSchema = Type.Object({
  status: Enum(['new', 'synced', 'draft', 'outdated'] as const, 'string'),
  /** The revision the co-edited text started from (null without a document). */
  baseRevisionId: Nullable(Type.String()),
  latestRevisionId: Nullable(Type.String()),
  /** Users connected to the page's co-editing session now. */
  editors: Type.Array(UserSummarySchema),
  updatedAt: Nullable(Type.String()),
});

export const coeditStatus = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/coedit/{pageId}/status',
  params: PageParams,
  response: { 200: CoeditStatusSchema },
});

/** `overwrite`: save even though the page was saved outside the session since the draft started. */
export const coeditSave = defineContract({
  api: 'v3',
  method: 'POST',
  path: '/coedit/{pageId}/save',
  params: PageParams,
  body: Type.Optional(
    Type.Object({ overwrite: Type.Optional(Type.Boolean()) }, { additionalProperties: false }),
  ),
  response: { 200: Type.Object({ page: PageSchema }) },
});

export const coeditDiscard = defineContract({
  api: 'v3',
  method: 'POST',
  path: '/coedit/{pageId}/discard',
  params: PageParams,
  response: { 200: CoeditStatusSchema },
});
