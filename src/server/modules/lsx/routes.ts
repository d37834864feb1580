// `GET /_api/lsx` (GROWI's route and parameters): validation, the reader check, the listing
// service (which applies listablePages), the reply. Options come as GROWI's client sends them,
// `options[depth]=…`, or flat (`depth=…`).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/app-error';
import { requireReader } from '../../lib/guards';
import { MacroOptionError } from '../../../shared/macros/options';
import {
  LSX_MAX_LIMIT,
  LSX_PAGE_SIZE,
  normalizeMacroPath,
  readListOptions,
} from '../../../shared/macros/lsx';

const OPTION_NAMES = ['depth', 'filter', 'except', 'sort', 'reverse'] as const;
const OPTION_TEXT = { type: 'string', maxLength: 1000 } as const;

type LsxQuery = { pagePath: string; offset: number; limit: number } & Record<string, string | number>;

export default async function lsxRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const optionProperties = Object.fromEntries(
    OPTION_NAMES.flatMap((name) => [
      [name, OPTION_TEXT],
      [`options[${name}]`, OPTION_TEXT],
    ]),
  );
  app.get<{ Querystring: LsxQuery }>(
    '/lsx',
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['pagePath'],
          properties: {
            pagePath: { type: 'string', minLength: 1, maxLength: 2048 },
            offset: { type: 'integer', minimum: 0, maximum: 1_000_000_000, default: 0 },
            limit: { type: 'integer', minimum: 0, maximum: LSX_MAX_LIMIT, default: LSX_PAGE_SIZE },
            ...optionProperties,
          },
        },
      },
    },
    async (request) => {
      const access = requireReader(request);
      const { query } = request;
      const prefix = normalizeMacroPath(query.pagePath);
      if (!prefix) throw badRequest('invalid_path', 'errors.syntax_invalid', { field: 'pagePath' });
      const texts: Record<string, string | undefined> = {};
      for (const name of OPTION_NAMES) {
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
    },
  );
}
