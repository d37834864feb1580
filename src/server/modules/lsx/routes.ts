// `GET /_api/lsx` (GROWI's route and parameters): validation, the reader check, the listing
// service (which applies listablePages), the reply. Options come as GROWI's client sends them,
// `options[depth]=…`, or flat (`depth=…`).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/app-error';
import { requireReader } from '../../lib/guards';
import { MacroOptionError } from '../../../shared/macros/options';
import { normalizeMacroPath, readListOptions } from '../../../shared/macros/lsx';
import { contractRoute } from '../../lib/contract-route';
import { LSX_OPTIONS, lsxList } from '../../../shared/contracts/macros';

export default async function lsxRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  contractRoute(app, lsxList, async (request) => {
    const access = requireReader(request);
    // The options' names are declared in the contract's query, from LSX_OPTIONS.
    const query = request.query as typeof request.query & Record<string, string | undefined>;
    const prefix = normalizeMacroPath(query.pagePath);
    if (!prefix) throw badRequest('invalid_path', 'errors.syntax_invalid', { field: 'pagePath' });
    const texts: Record<string, string | undefined> = {};
    for (const name of LSX_OPTIONS) {
      const value = query[`options[${name}]`] ?? query[name];
      if (value !== undefined) texts[name] = String(value);
    }
    try {
      const options = readListOptions(texts);
      return ctx.lsx.list(access, prefix, options, query.offset, query.limit);
    } catch (error) {
      if (error instanceof MacroOptionError)
        throw badRequest(error.key, `macros.errors.${error.key}`, error.params);
      throw error;
    }
  });
}
