// The calls behind the macros: `$lsx` listings (GROWI's GET /_api/lsx) and attachment lists.
import type { LsxResponse } from '../../../../shared/macros/lsx-types';
import type { Page } from '../../../../shared/api-types';
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
