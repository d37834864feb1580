// The Markdown settings' presentation part (GROWI's `/_api/v3/markdown-setting` routes): where
// presentation mode cuts a page into slides. Reading is for admins; the web app gets the values
// through app-config. A custom separator must compile and must not match an empty line.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/app-error';
import { requireAdmin } from '../../lib/guards';
import type { SettingsService } from './service';
import {
  customSeparatorProblem,
  PAGE_BREAK_PRESETS,
  type PresentationSettings,
} from '../../../shared/presentation';

export function presentationSettings(settings: SettingsService): PresentationSettings {
  return {
    pageBreakSeparator: settings.get('markdown:presentation:pageBreakSeparator'),
    pageBreakCustomSeparator: settings.get('markdown:presentation:pageBreakCustomSeparator'),
  };
}

export default async function markdownSettingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { settings } = ctx;
  app.get('/markdown-setting', async (request) => {
    requireAdmin(request);
    return {
      markdownParams: {
        ...presentationSettings(settings),
        isEnabledLinebreaksInComments: settings.get('markdown:isEnabledLinebreaksInComments'),
      },
    };
  });

  app.put<{ Body: PresentationSettings }>(
    '/markdown-setting/presentation',
    {
      schema: {
        body: {
          type: 'object',
          required: ['pageBreakSeparator'],
          properties: {
            pageBreakSeparator: { type: 'integer', enum: [...PAGE_BREAK_PRESETS] },
            pageBreakCustomSeparator: { type: 'string', maxLength: 200 },
          },
        },
      },
    },
    async (request) => {
      requireAdmin(request);
      const { pageBreakSeparator } = request.body;
      const custom = request.body.pageBreakCustomSeparator ?? '';
      if (pageBreakSeparator === 3) {
        const problem = customSeparatorProblem(custom);
        if (problem === 'empty')
          throw badRequest('required', 'errors.required', { field: 'pageBreakCustomSeparator' });
        if (problem) throw badRequest('invalid_separator', 'settings.invalid_page_break', { problem });
      }
      ctx.db.$client.transaction(() => {
        settings.set('markdown:presentation:pageBreakSeparator', pageBreakSeparator);
        settings.set('markdown:presentation:pageBreakCustomSeparator', custom);
      })();
      return { markdownParams: presentationSettings(settings) };
    },
  );
}
