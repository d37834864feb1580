// GROWI's paged-list answer (mongoose-paginate-v2's shape).
import { Type, type TSchema } from '@sinclair/typebox';
import { Nullable } from './define';

const Count = Type.Integer({ minimum: 0 });
const PageNumber = Type.Integer({ minimum: 1 });

export const PaginateResultSchema = <T extends TSchema>(item: T) =>
  Type.Object({
    docs: Type.Array(item),
    totalDocs: Count,
    offset: Count,
    limit: PageNumber,
    totalPages: PageNumber,
    page: PageNumber,
    pagingCounter: PageNumber,
    hasPrevPage: Type.Boolean(),
    hasNextPage: Type.Boolean(),
    prevPage: Nullable(Type.Integer({ minimum: 1 })),
    nextPage: Nullable(Type.Integer({ minimum: 1 })),
  });
