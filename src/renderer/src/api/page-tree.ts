// Typed calls of the tree, lifecycle and history API (issue 3).
import type { Page, PageResponse, Revision } from '../../../shared/api-types';
import type {
  ChildrenResponse,
  DiffChange,
  PageListResponse,
  RevisionSummary,
  TreeNode,
} from '../../../shared/page-tree-types';
import { api } from './client';

const q = encodeURIComponent;

export const getPageByPath = (path: string) => api.get<PageResponse>(`/_api/v3/page?path=${q(path)}`);

export const getRootNode = async () =>
  (await api.get<{ rootPage: TreeNode | null }>('/_api/v3/page-listing/root')).rootPage;

export const getChildren = (parent: { id: string } | { path: string }, after?: string, limit = 100) => {
  const where = 'id' in parent ? `id=${parent.id}` : `path=${q(parent.path)}`;
  const cursor = after === undefined ? '' : `&after=${q(after)}`;
  return api.get<ChildrenResponse>(`/_api/v3/page-listing/children?${where}${cursor}&limit=${limit}`);
};

export const listDescendants = (path: string, page: number, limit: number) =>
  api.get<PageListResponse>(`/_api/v3/pages/list?path=${q(path)}&page=${page}&limit=${limit}`);

export const listTrash = (page: number, limit: number) =>
  api.get<PageListResponse>(`/_api/v3/pages/trash?page=${page}&limit=${limit}`);

/** `confirmWiderGrant`: the user agreed that the page may be more open than its new parent. */
export const renamePage = async (
  page: Page,
  newPagePath: string,
  isRecursively: boolean,
  confirmWiderGrant = false,
) =>
  (
    await api.put<PageResponse>('/_api/v3/pages/rename', {
      pageId: page._id,
      revisionId: page.revision._id,
      newPagePath,
      isRecursively,
      ...(confirmWiderGrant ? { confirmWiderGrant } : {}),
    })
  ).page;

export const duplicatePage = async (
  pageId: string,
  pageNameInput: string,
  isRecursively: boolean,
  confirmWiderGrant = false,
) =>
  (
    await api.post<PageResponse>('/_api/v3/pages/duplicate', {
      pageId,
      pageNameInput,
      isRecursively,
      ...(confirmWiderGrant ? { confirmWiderGrant } : {}),
    })
  ).page;

export const deletePage = (
  page: { _id: string; revisionId: string },
  options: { isRecursively: boolean; isCompletely: boolean },
) =>
  api.post<{ paths: string[] }>('/_api/v3/pages/delete', {
    pageIdToRevisionIdMap: { [page._id]: page.revisionId },
    ...options,
  });

export const revertPage = async (pageId: string, isRecursively: boolean) =>
  (await api.put<PageResponse>('/_api/v3/pages/revert', { pageId, isRecursively })).page;

/** GROWI 7's publish / unpublish: the page is done, or work in progress again. */
export const setPageWip = (pageId: string, wip: boolean) =>
  api.put<Page>(`/_api/v3/page/${pageId}/${wip ? 'unpublish' : 'publish'}`);

export const unlinkRedirect = (pageId: string, fromPath: string) =>
  api.put<{ unlinkedCount: number }>('/_api/v3/pages/unlink', { pageId, fromPath });

export const emptyTrash = () => api.delete<{ deletedCount: number }>('/_api/v3/pages/empty-trash');

export const listRevisions = (pageId: string, page: number, limit: number) =>
  api.get<{ revisions: RevisionSummary[]; totalCount: number }>(
    `/_api/v3/revisions/list?pageId=${pageId}&page=${page}&limit=${limit}`,
  );

export const getRevision = async (pageId: string, revisionId: string) =>
  (await api.get<{ revision: Revision }>(`/_api/v3/revisions/${revisionId}?pageId=${pageId}`)).revision;

export const getDiff = (pageId: string, to: string, from?: string) =>
  api.get<{ from: Revision | null; to: Revision; changes: DiffChange[] }>(
    `/_api/v3/revisions/diff?pageId=${pageId}&to=${to}${from ? `&from=${from}` : ''}`,
  );

export const restoreRevision = async (page: Page, targetRevisionId: string) =>
  (
    await api.put<PageResponse>('/_api/v3/revisions/restore', {
      pageId: page._id,
      revisionId: page.revision._id,
      targetRevisionId,
    })
  ).page;

export const getTemplate = async (path: string) =>
  (
    await api.get<{ template: { templatePath: string; body: string } | null }>(
      `/_api/v3/pages/template?path=${q(path)}`,
    )
  ).template;
