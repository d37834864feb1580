// GROWI's paged-list answer (mongoose-paginate-v2's shape) for one window of `totalDocs` items.
import type { PaginateResult } from '../../shared/api-types';

export function paginateResult<T>(
  docs: T[],
  totalDocs: number,
  offset: number,
  limit: number,
): PaginateResult<T> {
  const page = Math.floor(offset / limit) + 1;
  const totalPages = Math.max(1, Math.ceil(totalDocs / limit));
  return {
    docs,
    totalDocs,
    offset,
    limit,
    totalPages,
    page,
    pagingCounter: offset + 1,
    hasPrevPage: page > 1,
    hasNextPage: page < totalPages,
    prevPage: page > 1 ? page - 1 : null,
    nextPage: page < totalPages ? page + 1 : null,
  };
}
