// `GET /_api/attachment-refs/refs` (GROWI's route): the attachments of one page (`pagePath`) or of
// every page below a path and the path itself (`prefix`, with `options[depth]`), kept by
// `options[regexp]`. Pages come through listablePages, so no attachment of a page the reader may
// not list is ever named; names are matched by RE2 (linear time).
import { and, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { pages } from '../../db/schema';
import { badRequest } from '../../lib/app-error';
import { requireReader } from '../../lib/guards';
import { listablePages, type AccessContext } from '../../policies/page-access';
import { normalizeMacroPath } from '../../../shared/macros/lsx';
import { MacroOptionError, parseDepthOption } from '../../../shared/macros/options';
import { compileRefsRegexp, REFS_MAX, type RefsMatcher } from '../../../shared/macros/refs';
import { subtreeRange } from '../pages/tree-store';

const SLASHES = sql`(length(${pages.path}) - length(replace(${pages.path}, '/', '')))`;

function pagesCondition(
  ctx: AccessContext,
  target: { prefix: string } | { pagePath: string },
  depth?: string,
): SQL {
  const live = and(eq(pages.status, 'published'), eq(pages.isEmpty, false), listablePages(ctx))!;
  if ('pagePath' in target) return and(live, eq(pages.path, target.pagePath))!;
  const { lo, hi } = subtreeRange(target.prefix);
  const below = and(gte(pages.path, lo), lt(pages.path, hi));
  let where = and(live, or(eq(pages.path, target.prefix), below))!;
  if (depth !== undefined) {
    // GROWI: pages with as many slashes as the prefix up to `end - 1` more (`1` is the prefix's own
    // level); the range's start does not count.
    const range = parseDepthOption(depth);
    const base = Math.max(1, target.prefix.split('/').length - 1);
    const max = range.end === -1 ? Number.MAX_SAFE_INTEGER : base + range.end - 1;
    where = and(where, sql`${SLASHES} >= ${base}`, sql`${SLASHES} <= ${max}`)!;
  }
  return where;
}

type RefsQuery = Record<string, string | undefined>;

export async function attachmentRefsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const text = { type: 'string', maxLength: 2048 } as const;
  app.get<{ Querystring: RefsQuery }>(
    '/attachment-refs/refs',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            prefix: text,
            pagePath: text,
            'options[depth]': text,
            'options[regexp]': text,
            'options[regex]': text,
          },
        },
      },
    },
    async (request) => {
      const access = requireReader(request);
      const q = request.query;
      const prefix = q.prefix === undefined ? null : normalizeMacroPath(q.prefix);
      const pagePath = q.pagePath === undefined ? null : normalizeMacroPath(q.pagePath);
      if (!prefix && !pagePath)
        throw badRequest('invalid_path', 'errors.syntax_invalid', { field: 'prefix' });
      try {
        const expression = q['options[regexp]'] ?? q['options[regex]'];
        const matcher: RefsMatcher | null = expression === undefined ? null : compileRefsRegexp(expression);
        const where = pagesCondition(
          access,
          prefix ? { prefix } : { pagePath: pagePath! },
          q['options[depth]'],
        );
        return {
          attachments: ctx.attachments.ofPages(where, (name) => matcher?.test(name) ?? true, REFS_MAX),
        };
      } catch (error) {
        if (error instanceof MacroOptionError)
          throw badRequest(error.key, `macros.errors.${error.key}`, error.params);
        throw error;
      }
    },
  );
}
