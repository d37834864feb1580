// Tags calls (GROWI's older routes, `{ ok: true, … }`).
import type { TagsListResponse } from '../../../../shared/social-types';
import { api } from '../../api/client';

export async function updateTags(pageId: string, revisionId: string, tags: string[]): Promise<string[]> {
  return (await api.post<{ ok: true; tags: string[] }>('/_api/tags.update', { pageId, revisionId, tags }))
    .tags;
}

export const listTags = (limit = 500, offset = 0) =>
  api.get<TagsListResponse>(`/_api/tags.list?limit=${limit}&offset=${offset}`);

export async function searchTags(q: string): Promise<string[]> {
  return (await api.get<{ ok: true; tags: string[] }>(`/_api/tags.search?q=${encodeURIComponent(q)}`)).tags;
}

/** Where a tag leads: the search for its pages. */
export const tagSearchUrl = (name: string) => `/_search?q=${encodeURIComponent(`tag:${name}`)}`;
