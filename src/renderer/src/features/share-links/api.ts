// Share links calls (v3).
import { publicOrigin } from '../../stores/session';
import type { Page } from '../../../../shared/api-types';
import type { CreatedShareLink, ShareLink, ShareLinkCreateRequest } from '../../../../shared/social-types';
import { api } from '../../api/client';

export async function createShareLink(body: ShareLinkCreateRequest): Promise<CreatedShareLink> {
  return api.post<CreatedShareLink>('/_api/v3/share-links', body);
}

export async function getShareLinks(pageId: string): Promise<ShareLink[]> {
  return (await api.get<{ shareLinksResult: ShareLink[] }>(`/_api/v3/share-links?relatedPage=${pageId}`))
    .shareLinksResult;
}

export async function getAllShareLinks(): Promise<ShareLink[]> {
  return (await api.get<{ shareLinks: ShareLink[] }>('/_api/v3/share-links/all')).shareLinks;
}

export const deleteShareLink = (id: string) => api.delete(`/_api/v3/share-links/${id}`);
export const deleteAllShareLinks = () => api.delete('/_api/v3/share-links/all');

export const getSharedPage = (id: string) =>
  api.get<{ page: Page; shareLink: ShareLink }>(`/_api/v3/share-links/${id}/page`);

/** The address to hand out. */
export const shareLinkUrl = (id: string) => `${publicOrigin()}/share/${id}`;

/** SPEC §5: the number of days must be a whole number of at least 1 ("You entered invalid value"). */
export function expiryFromDays(days: string, now: number = Date.now()): string | null | 'invalid' {
  const text = days.trim();
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > 36500) return 'invalid';
  return new Date(now + Number(text) * 86_400_000).toISOString();
}

/** SPEC §9: share link expiry is shown as yyyy-MM-dd HH:mm. */
export function formatExpiry(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
