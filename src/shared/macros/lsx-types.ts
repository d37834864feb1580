// The answer of `GET /_api/lsx` (GROWI's shape, less its top-page viewer count).
import type { PageSummary } from '../api-types';

export interface LsxResponse {
  pages: PageSummary[];
  /** Offset of the next window: the offset asked for plus the pages returned. */
  cursor: number;
  /** Pages matching path, depth and filters, before the window. */
  total: number;
}
