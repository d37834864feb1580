// /admin/customize (GROWI's `/_api/v3/customize-setting` routes; admins only), and the custom CSS
// every browser loads (`GET /_api/v3/customize-setting/custom.css`, public: it is part of the look).
// The custom header is stored as written and sanitized where it is drawn (the page sanitizer);
// the custom script only runs while its switch is on (see http/static.ts).
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../lib/guards';
import type { SettingsService } from './service';
import {
  HIGHLIGHT_STYLES,
  UI_THEMES,
  type UiTheme,
  type CustomizeConfig,
  type CustomizeParams,
  type HighlightStyle,
} from '../../../shared/customize-types';

const TEXT_LIMIT = 100_000;

export function customizeParams(settings: SettingsService): CustomizeParams {
  return {
    theme: settings.get('customize:theme'),
    isContainerFluid: settings.get('customize:isContainerFluid'),
    styleName: settings.get('customize:highlightJsStyle'),
    styleBorder: settings.get('customize:highlightJsStyleBorder'),
    customizeTitle: settings.get('customize:title'),
    customizeHeader: settings.get('customize:header'),
    customizeCss: settings.get('customize:css'),
    customizeScript: settings.get('customize:script'),
    isScriptEnabled: settings.get('customize:isScriptEnabled'),
  };
}

export function customizeConfig(settings: SettingsService): CustomizeConfig {
  const { theme, isContainerFluid, styleName, styleBorder, customizeTitle, customizeHeader } =
    customizeParams(settings);
  return { theme, isContainerFluid, styleName, styleBorder, customizeTitle, customizeHeader };
}

/** A version for the custom CSS address, so browsers fetch it again when it changes. */
export function customCssVersion(settings: SettingsService): string | null {
  const css = settings.get('customize:css');
  return css.trim() ? createHash('sha256').update(css).digest('hex').slice(0, 12) : null;
}

const body = (properties: Record<string, object>, required: string[]) => ({
  schema: { body: { type: 'object', additionalProperties: false, required, properties } },
});
const text = { type: 'string', maxLength: TEXT_LIMIT } as const;

export default async function customizeSettingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { settings } = ctx;
  const answer = () => ({ customizeParams: customizeParams(settings) });

  app.get('/customize-setting', async (request) => {
    requireAdmin(request);
    return answer();
  });

  app.get('/customize-setting/custom.css', async (_request, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(settings.get('customize:css')),
  );

  app.put<{ Body: { theme: UiTheme } }>(
    '/customize-setting/theme',
    body({ theme: { type: 'string', enum: [...UI_THEMES] } }, ['theme']),
    async (request) => {
      requireAdmin(request);
      settings.set('customize:theme', request.body.theme);
      return answer();
    },
  );

  app.put<{ Body: { isContainerFluid: boolean } }>(
    '/customize-setting/layout',
    body({ isContainerFluid: { type: 'boolean' } }, ['isContainerFluid']),
    async (request) => {
      requireAdmin(request);
      settings.set('customize:isContainerFluid', request.body.isContainerFluid);
      return answer();
    },
  );

  app.put<{ Body: { styleName: HighlightStyle; styleBorder: boolean } }>(
    '/customize-setting/highlight',
    body({ styleName: { type: 'string', enum: [...HIGHLIGHT_STYLES] }, styleBorder: { type: 'boolean' } }, [
      'styleName',
      'styleBorder',
    ]),
    async (request) => {
      requireAdmin(request);
      settings.set('customize:highlightJsStyle', request.body.styleName);
      settings.set('customize:highlightJsStyleBorder', request.body.styleBorder);
      return answer();
    },
  );

  app.put<{ Body: { customizeTitle: string } }>(
    '/customize-setting/customize-title',
    body({ customizeTitle: { type: 'string', maxLength: 200 } }, ['customizeTitle']),
    async (request) => {
      requireAdmin(request);
      settings.set('customize:title', request.body.customizeTitle.trim());
      return answer();
    },
  );

  app.put<{ Body: { customizeHeader: string } }>(
    '/customize-setting/customize-header',
    body({ customizeHeader: text }, ['customizeHeader']),
    async (request) => {
      requireAdmin(request);
      settings.set('customize:header', request.body.customizeHeader);
      return answer();
    },
  );

  app.put<{ Body: { customizeCss: string } }>(
    '/customize-setting/customize-css',
    body({ customizeCss: text }, ['customizeCss']),
    async (request) => {
      requireAdmin(request);
      settings.set('customize:css', request.body.customizeCss);
      return answer();
    },
  );

  app.put<{ Body: { customizeScript: string; isScriptEnabled: boolean } }>(
    '/customize-setting/customize-script',
    body({ customizeScript: text, isScriptEnabled: { type: 'boolean' } }, [
      'customizeScript',
      'isScriptEnabled',
    ]),
    async (request) => {
      requireAdmin(request);
      ctx.settings.together(() => {
        settings.set('customize:script', request.body.customizeScript);
        settings.set('customize:isScriptEnabled', request.body.isScriptEnabled);
      });
      return answer();
    },
  );
}
