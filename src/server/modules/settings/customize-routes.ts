// /admin/customize (GROWI's `/_api/v3/customize-setting` routes; admins only), and the custom CSS
// every browser loads (`GET /_api/v3/customize-setting/custom.css`, public: it is part of the look).
// The custom header is stored as written and sanitized where it is drawn (the page sanitizer);
// the custom script only runs while its switch is on (see http/static.ts).
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../lib/guards';
import type { SettingsService } from './service';
import { putSection, settingsSection, type SectionBody } from './section';
import { badRequest } from '../../lib/app-error';
import { contractRoute } from '../../lib/contract-route';
import {
  customCss,
  customizeCssUpdate,
  customizeFunctionUpdate,
  customizeHeaderUpdate,
  customizeHighlightUpdate,
  customizeLayout,
  customizeLayoutUpdate,
  customizeScriptUpdate,
  customizeSettings,
  customizeTheme,
  customizeThemeUpdate,
  customizeTitleUpdate,
} from '../../../shared/contracts/customize';
import {
  HIGHLIGHT_STYLES,
  UI_THEMES,
  type CustomizeConfig,
  type CustomizeFunctions,
  type CustomizeParams,
} from '../../../shared/customize-types';

const TEXT_LIMIT = 100_000;

export function customizeFunctions(settings: SettingsService): CustomizeFunctions {
  return {
    ...(FUNCTIONS.read(settings) as unknown as Omit<CustomizeFunctions, 'showPageSideAuthors'>),
    showPageSideAuthors: true,
  };
}

export function customizeParams(settings: SettingsService): CustomizeParams {
  return {
    ...customizeFunctions(settings),
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
  return {
    ...customizeFunctions(settings),
    theme,
    isContainerFluid,
    styleName,
    styleBorder,
    customizeTitle,
    customizeHeader,
  };
}

/** A version for the custom CSS address, so browsers fetch it again when it changes. */
export function customCssVersion(settings: SettingsService): string | null {
  const css = settings.get('customize:css');
  return css.trim() ? createHash('sha256').update(css).digest('hex').slice(0, 12) : null;
}

const code = { type: 'string', maxLength: TEXT_LIMIT } as const;
const STYLE = { type: 'string', enum: [...HIGHLIGHT_STYLES] } as const;
const LIST_SIZE = { type: 'integer', minimum: 1, maximum: 1000 } as const;

/** GROWI's `PUT /customize-setting/function` (its admin form sends every field). */
const FUNCTIONS = settingsSection({
  raw: {
    pageLimitationS: { key: 'customize:showPageLimitationS', schema: LIST_SIZE },
    pageLimitationM: { key: 'customize:showPageLimitationM', schema: LIST_SIZE },
    pageLimitationL: { key: 'customize:showPageLimitationL', schema: LIST_SIZE },
    pageLimitationXL: { key: 'customize:showPageLimitationXL', schema: LIST_SIZE },
  },
  flags: {
    isEnabledTimeline: 'customize:isEnabledTimeline',
    isEnabledAttachTitleHeader: 'customize:isEnabledAttachTitleHeader',
    isEnabledStaleNotification: 'customize:isEnabledStaleNotification',
    isAllReplyShown: 'customize:isAllReplyShown',
    isSearchScopeChildrenAsDefault: 'customize:isSearchScopeChildrenAsDefault',
  },
  ignored: { showPageSideAuthors: { type: 'boolean' } },
});

/** GROWI's customize routes, one settings group each: `PUT /customize-setting/<part>`. */
const PARTS = [
  [customizeFunctionUpdate, FUNCTIONS],
  [
    customizeThemeUpdate,
    settingsSection({
      raw: { theme: { key: 'customize:theme', schema: { type: 'string', enum: [...UI_THEMES] } } },
      required: ['theme'],
    }),
  ],
  [
    customizeLayoutUpdate,
    settingsSection({
      flags: { isContainerFluid: 'customize:isContainerFluid' },
      required: ['isContainerFluid'],
    }),
  ],
  [
    customizeHighlightUpdate,
    settingsSection({
      raw: {
        styleName: { key: 'customize:highlightJsStyle', schema: STYLE },
        highlightJsStyle: { key: 'customize:highlightJsStyle', schema: STYLE },
      },
      flags: {
        styleBorder: 'customize:highlightJsStyleBorder',
        highlightJsStyleBorder: 'customize:highlightJsStyleBorder',
      },
    }),
  ],
  [
    customizeTitleUpdate,
    settingsSection({
      text: { customizeTitle: 'customize:title' },
      maxLength: 200,
      required: ['customizeTitle'],
    }),
  ],
  [
    customizeHeaderUpdate,
    settingsSection({
      raw: { customizeHeader: { key: 'customize:header', schema: code } },
      required: ['customizeHeader'],
    }),
  ],
  [
    customizeCssUpdate,
    settingsSection({
      raw: { customizeCss: { key: 'customize:css', schema: code } },
      required: ['customizeCss'],
    }),
  ],
  [
    customizeScriptUpdate,
    settingsSection({
      raw: { customizeScript: { key: 'customize:script', schema: code } },
      flags: { isScriptEnabled: 'customize:isScriptEnabled' },
      required: ['customizeScript'],
    }),
  ],
] as const;

/** The highlight form takes Quire's names or GROWI's: one of each pair must come. */
function checkOf(contract: { path: string }) {
  if (contract !== customizeHighlightUpdate) return undefined;
  return (body: SectionBody) => {
    for (const [ours, growis] of [
      ['styleName', 'highlightJsStyle'],
      ['styleBorder', 'highlightJsStyleBorder'],
    ] as const)
      if (body[ours] == null && body[growis] == null)
        throw badRequest('required', 'errors.required', { field: ours });
  };
}

export default async function customizeSettingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { settings } = ctx;
  contractRoute(app, customizeSettings, async (request) => {
    requireAdmin(request);
    return { customizeParams: customizeParams(settings) };
  });
  // GROWI answers a part's PUT under `customizedParams` (here every part, so the screen stays whole).
  const answer = () => ({ customizedParams: customizeParams(settings) });

  // GROWI's single-part reads. Quire has no theme plugins, so the plugin themes list is empty.
  contractRoute(app, customizeLayout, async (request) => {
    requireAdmin(request);
    return { isContainerFluid: settings.get('customize:isContainerFluid') };
  });
  contractRoute(app, customizeTheme, async (request) => {
    requireAdmin(request);
    return { currentTheme: settings.get('customize:theme'), pluginThemesMetadatas: [] };
  });

  contractRoute(app, customCss, async (_request, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(settings.get('customize:css')),
  );

  for (const [contract, section] of PARTS)
    putSection(app, settings, { path: contract.path, section, answer, contract, check: checkOf(contract) });
}
