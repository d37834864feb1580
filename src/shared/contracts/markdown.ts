// /admin/markdown (GROWI's `/_api/v3/markdown-setting` routes; admins only): line breaks, indent,
// presentation slides, diagram servers, and GROWI's XSS switch, which Quire keeps on (SPEC §5).
import { Type } from '@sinclair/typebox';
import { PAGE_BREAK_PRESETS } from '../presentation';
import { defineContract, Enum, SettingsGroup } from './define';

const IndentSize = Enum([2, 4] as const, 'integer');
const PageBreak = Enum(PAGE_BREAK_PRESETS, 'integer');

/** What every browser needs of the Markdown settings (app-config carries it too). */
export const MarkdownConfigSchema = Type.Object({
  isEnabledLinebreaks: Type.Boolean(),
  adminPreferredIndentSize: IndentSize,
  isIndentSizeForced: Type.Boolean(),
});

export const PresentationSchema = Type.Object({
  /** 1: a horizontal rule, 2: headings, 3: the custom separator (a regular expression). */
  pageBreakSeparator: PageBreak,
  pageBreakCustomSeparator: Type.String(),
});

export const DiagramServersSchema = Type.Object({ plantumlUri: Type.String(), blockdiagUri: Type.String() });

/**
 * GROWI's XSS settings, as Quire has them fixed: prevention on, GROWI's "recommended" option (2),
 * the product's own lists of tags and attributes.
 */
export const XssParamsSchema = Type.Object({
  isEnabledXss: Type.Boolean(),
  xssOption: Type.Integer(),
  tagWhitelist: Type.Array(Type.String()),
  attrWhitelist: Type.String(),
});

export const markdownSettings = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/markdown-setting',
  response: {
    200: Type.Object({
      markdownParams: Type.Composite([
        PresentationSchema,
        MarkdownConfigSchema,
        DiagramServersSchema,
        Type.Object({ isEnabledLinebreaksInComments: Type.Boolean() }),
        XssParamsSchema,
      ]),
    }),
  },
});

/** GROWI answers each part under its own key; Quire's web app reads `markdownParams`. */
export const lineBreakUpdate = defineContract({
  api: 'v3',
  method: 'PUT',
  path: '/markdown-setting/lineBreak',
  body: SettingsGroup(
    { isEnabledLinebreaks: Type.Boolean(), isEnabledLinebreaksInComments: Type.Boolean() },
    ['isEnabledLinebreaks'],
  ),
  response: {
    200: Type.Object({
      lineBreaksParams: Type.Object({
        isEnabledLinebreaks: Type.Boolean(),
        isEnabledLinebreaksInComments: Type.Boolean(),
      }),
      markdownParams: MarkdownConfigSchema,
    }),
  },
});

export const indentUpdate = defineContract({
  api: 'v3',
  method: 'PUT',
  path: '/markdown-setting/indent',
  body: SettingsGroup({ adminPreferredIndentSize: IndentSize, isIndentSizeForced: Type.Boolean() }, [
    'adminPreferredIndentSize',
    'isIndentSizeForced',
  ]),
  response: {
    200: Type.Object({
      indentParams: Type.Object({ adminPreferredIndentSize: IndentSize, isIndentSizeForced: Type.Boolean() }),
      markdownParams: MarkdownConfigSchema,
    }),
  },
});

/** Only prevention on with the recommended option is taken; anything else is refused (400). */
export const xssUpdate = defineContract({
  api: 'v3',
  method: 'PUT',
  path: '/markdown-setting/xss',
  body: Type.Object({
    isEnabledXss: Type.Boolean(),
    xssOption: Type.Optional(Type.Union([Type.Integer(), Type.String({ maxLength: 40 })])),
    tagWhitelist: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 500 })),
    attrWhitelist: Type.Optional(Type.String({ maxLength: 100_000 })),
  }),
  response: { 200: XssParamsSchema },
});

/** A custom separator (3) must compile and must not match an empty line. */
export const presentationUpdate = defineContract({
  api: 'v3',
  method: 'PUT',
  path: '/markdown-setting/presentation',
  body: Type.Object({
    pageBreakSeparator: PageBreak,
    pageBreakCustomSeparator: Type.Optional(Type.String({ maxLength: 200 })),
  }),
  response: { 200: Type.Object({ markdownParams: PresentationSchema }) },
});

/** SPEC §3's diagram servers: http(s) addresses, '' clears one (the environment wins over both). */
export const diagramServersUpdate = defineContract({
  api: 'v3',
  method: 'PUT',
  path: '/markdown-setting/diagram-servers',
  body: Type.Object({
    plantumlUri: Type.String({ maxLength: 2048 }),
    blockdiagUri: Type.String({ maxLength: 2048 }),
  }),
  response: { 200: Type.Object({ markdownParams: DiagramServersSchema }) },
});
