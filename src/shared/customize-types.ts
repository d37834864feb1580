// /admin/customize (issue 15; GROWI's customize settings): layout, code highlight style, the tab
// title template, a custom header, custom CSS, and a custom script behind an explicit switch.

/** Quire's own themes (a theme plugin, chosen at /admin/plugins, is drawn over them). */
export const UI_THEMES = ['default', 'forest', 'wood', 'mono'] as const;
export type UiTheme = (typeof UI_THEMES)[number];

export const HIGHLIGHT_STYLES = ['github', 'solarized', 'high-contrast'] as const;
export type HighlightStyle = (typeof HIGHLIGHT_STYLES)[number];

/** GROWI's default title template. */
export const DEFAULT_TITLE_TEMPLATE = '{{pagename}} - {{sitename}}';

/** GROWI's customize "functions": list sizes (SPEC §9) and page and search behaviour. */
export interface CustomizeFunctions {
  isEnabledTimeline: boolean;
  isEnabledAttachTitleHeader: boolean;
  pageLimitationS: number;
  pageLimitationM: number;
  pageLimitationL: number;
  pageLimitationXL: number;
  isEnabledStaleNotification: boolean;
  isAllReplyShown: boolean;
  isSearchScopeChildrenAsDefault: boolean;
  /** Quire always names a page's authors in its meta line; GROWI's switch is taken, not kept. */
  showPageSideAuthors: boolean;
}
export type ListSize = 'S' | 'M' | 'L' | 'XL';

/** The functions' defaults: the server's stored settings start here, the web app until app-config loads. */
export const CUSTOMIZE_FUNCTION_DEFAULTS: CustomizeFunctions = {
  pageLimitationS: 20,
  pageLimitationM: 10,
  pageLimitationL: 20,
  pageLimitationXL: 20,
  isEnabledTimeline: true,
  isEnabledAttachTitleHeader: false,
  // SPEC §2's stale notice is on unless turned off.
  isEnabledStaleNotification: true,
  isAllReplyShown: false,
  isSearchScopeChildrenAsDefault: false,
  showPageSideAuthors: true,
};

export interface CustomizeParams extends CustomizeFunctions {
  theme: UiTheme;
  isContainerFluid: boolean;
  styleName: HighlightStyle;
  styleBorder: boolean;
  customizeTitle: string;
  customizeHeader: string;
  customizeCss: string;
  customizeScript: string;
  isScriptEnabled: boolean;
}

/** What every browser needs of it (app-config). */
export interface CustomizeConfig extends CustomizeFunctions {
  theme: UiTheme;
  isContainerFluid: boolean;
  styleName: HighlightStyle;
  styleBorder: boolean;
  customizeTitle: string;
  customizeHeader: string;
}

/** A tab title from the template: `{{pagename}}` the screen or page, `{{sitename}}` the wiki. */
export function customTitle(template: string, pagename: string | null, sitename: string): string {
  if (!pagename) return sitename;
  const pattern = template.trim() || DEFAULT_TITLE_TEMPLATE;
  return pattern.replace(/\{\{\s*pagename\s*\}\}/g, pagename).replace(/\{\{\s*sitename\s*\}\}/g, sitename);
}

/** Screens the custom script never runs on (GROWI's rule, and the admin's way back if it breaks). */
export function isScriptFreePath(pathname: string): boolean {
  return /^\/(admin|login|installer|register|forgot-password|invited|me)(\/|$)/.test(pathname);
}
