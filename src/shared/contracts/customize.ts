// /admin/customize (GROWI's `/_api/v3/customize-setting` routes; admins only). Each PUT is one
// settings group (server/modules/settings/section.ts binds its fields to setting keys and checks,
// at start, that they are this body's): a field left out keeps its value, null clears a text.
import { Type } from '@sinclair/typebox';
import { HIGHLIGHT_STYLES, UI_THEMES } from '../customize-types';
import { defineContract, Enum, SettingsGroup } from './define';

const TEXT_LIMIT = 100_000;
const Code = Type.String({ maxLength: TEXT_LIMIT });
const ListSize = Type.Integer({ minimum: 1, maximum: 1000 });
const Theme = Enum(UI_THEMES, 'string');
const Style = Enum(HIGHLIGHT_STYLES, 'string');

/** GROWI's customize "functions": list sizes (SPEC §9) and page and search behaviour. */
const functionFields = {
  isEnabledTimeline: Type.Boolean(),
  isEnabledAttachTitleHeader: Type.Boolean(),
  pageLimitationS: ListSize,
  pageLimitationM: ListSize,
  pageLimitationL: ListSize,
  pageLimitationXL: ListSize,
  isEnabledStaleNotification: Type.Boolean(),
  isAllReplyShown: Type.Boolean(),
  isSearchScopeChildrenAsDefault: Type.Boolean(),
  /** Quire always names a page's authors in its meta line; GROWI's switch is taken, not kept. */
  showPageSideAuthors: Type.Boolean(),
};

export const CustomizeParamsSchema = Type.Object({
  ...functionFields,
  theme: Theme,
  isContainerFluid: Type.Boolean(),
  styleName: Style,
  styleBorder: Type.Boolean(),
  customizeTitle: Type.String(),
  customizeHeader: Type.String(),
  customizeCss: Type.String(),
  customizeScript: Type.String(),
  isScriptEnabled: Type.Boolean(),
});

export const customizeSettings = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/customize-setting',
  response: { 200: Type.Object({ customizeParams: CustomizeParamsSchema }) },
});

export const customizeLayout = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/customize-setting/layout',
  response: { 200: Type.Object({ isContainerFluid: Type.Boolean() }) },
});

/** Quire has no theme plugins here: the plugin themes list is empty. */
export const customizeTheme = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/customize-setting/theme',
  response: { 200: Type.Object({ currentTheme: Theme, pluginThemesMetadatas: Type.Array(Type.Object({})) }) },
});

/** GROWI answers a part's PUT under `customizedParams` (here every part, so the screen stays whole). */
const Answer = { 200: Type.Object({ customizedParams: CustomizeParamsSchema }) };

const part = (path: string, body: ReturnType<typeof SettingsGroup>, growiPath?: string) =>
  defineContract({
    api: 'v3',
    method: 'PUT',
    path: `/customize-setting/${path}`,
    ...(growiPath ? { growiPath: `/customize-setting/${growiPath}` } : {}),
    body,
    response: Answer,
  });

/** GROWI's admin form sends every field; the switches may be null (off). */
export const customizeFunctionUpdate = part(
  'function',
  SettingsGroup(
    functionFields,
    [],
    [
      'isEnabledTimeline',
      'isEnabledAttachTitleHeader',
      'isEnabledStaleNotification',
      'isAllReplyShown',
      'isSearchScopeChildrenAsDefault',
    ],
  ),
);
export const customizeThemeUpdate = part('theme', SettingsGroup({ theme: Theme }, ['theme']));
export const customizeLayoutUpdate = part(
  'layout',
  SettingsGroup({ isContainerFluid: Type.Boolean() }, ['isContainerFluid']),
);
/**
 * Quire's names (`styleName`, `styleBorder`) or GROWI's (`highlightJsStyle`,
 * `highlightJsStyleBorder`): one of each pair must come (the route checks).
 */
export const customizeHighlightUpdate = part(
  'highlight',
  SettingsGroup(
    {
      styleName: Style,
      highlightJsStyle: Style,
      styleBorder: Type.Boolean(),
      highlightJsStyleBorder: Type.Boolean(),
    },
    [],
    ['styleBorder', 'highlightJsStyleBorder'],
  ),
);
export const customizeTitleUpdate = part(
  'customize-title',
  SettingsGroup({ customizeTitle: Type.String({ maxLength: 200 }) }, ['customizeTitle']),
  'customizeTitle',
);
export const customizeHeaderUpdate = part(
  'customize-header',
  SettingsGroup({ customizeHeader: Code }, ['customizeHeader']),
);
export const customizeCssUpdate = part(
  'customize-css',
  SettingsGroup({ customizeCss: Code }, ['customizeCss']),
);
/** GROWI's form sends the script alone; the switch, when it comes, turns it on or off. */
export const customizeScriptUpdate = part(
  'customize-script',
  SettingsGroup(
    { customizeScript: Code, isScriptEnabled: Type.Boolean() },
    ['customizeScript'],
    ['isScriptEnabled'],
  ),
);

/** The custom CSS every browser loads (public: it is part of the look), as `text/css`. */
export const customCss = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/customize-setting/custom.css',
  response: { 200: Type.String({ description: 'the stylesheet' }) },
});
