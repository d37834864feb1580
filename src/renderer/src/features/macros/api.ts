// The calls behind the macros: `$lsx` listings (GROWI's GET /_api/lsx) and attachment lists.
import type { LsxResponse } from '../../../../shared/macros/lsx-types';
import type { Page } from '../../../../shared/api-types';
import type { Attachment } from '../../../../shared/attachment-types';
import { api } from '../../api/client';

export function fetchLsx(
  pagePath: string,
  options: Record<string, string>,
  offset: number,
  limit: number,
): Promise<LsxResponse> {
  const query = new URLSearchParams({ pagePath, offset: String(offset), limit: String(limit) });
  for (const [name, value] of Object.entries(options)) query.set(`options[${name}]`, value);
  return api.get<LsxResponse>(`/_api/lsx?${query.toString()}`);
}

/** The id of the page at `path` (for `$ref(file, page=/other)`), or null if it cannot be read. */
export async function pageIdByPath(path: string): Promise<string | null> {
  try {
    return (await api.get<{ page: Page }>(`/_api/v3/page?path=${encodeURIComponent(path)}`)).page._id;
  } catch {
    return null;
  }
}

/** `$refs(prefix=…, depth=…, regexp=…)`: GROWI's refs route over a subtree (or one page by path). */
export async function fetchRefs(
  target: { prefix: string } | { pagePath: string },
  options: { depth?: string; regexp?: string },
): Promise<Attachment[]> {
  const query = new URLSearchParams(
    'prefix' in target ? { prefix: target.prefix } : { pagePath: target.pagePath },
  );
  for (const [name, value] of Object.entries(options))
    if (value !== undefined) query.set(`options[${name}]`, value);
  return (await api.get<{ attachments: Attachment[] }>(`/_api/attachment-refs/refs?${query.toString()}`))
    .attachments;
}
