// `GET /_api/attachment-refs/refs` (GROWI's route): the attachments of one page (`pagePath`) or of
// every page below a path and the path itself (`prefix`, with `options[depth]`), kept by
// `options[regexp]`. Pages come through listablePages, so no attachment of a page the reader may
// not list is ever named; names are matched by RE2 (linear time).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/app-error';
import { requireReader } from '../../lib/guards';
import { normalizeMacroPath } from '../../../shared/macros/lsx';
import { MacroOptionError } from '../../../shared/macros/options';
import { compileRefsRegexp, REFS_MAX, type RefsMatcher } from '../../../shared/macros/refs';
import { refsPagesCondition } from './refs-pages';
import { contractRoute } from '../../lib/contract-route';
import { attachmentRefs } from '../../../shared/contracts/macros';

export async function attachmentRefsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  contractRoute(app, attachmentRefs, async (request) => {
    const access = requireReader(request);
    const q = request.query;
    const prefix = q.prefix === undefined ? null : normalizeMacroPath(q.prefix);
    const pagePath = q.pagePath === undefined ? null : normalizeMacroPath(q.pagePath);
    if (!prefix && !pagePath) throw badRequest('invalid_path', 'errors.syntax_invalid', { field: 'prefix' });
    try {
      const expression = q['options[regexp]'] ?? q['options[regex]'];
      const matcher: RefsMatcher | null = expression === undefined ? null : compileRefsRegexp(expression);
      const where = refsPagesCondition(
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
  });
}
