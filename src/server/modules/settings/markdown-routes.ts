// The Markdown settings' presentation part (GROWI's `/_api/v3/markdown-setting` routes): where
// presentation mode cuts a page into slides. Reading is for admins; the web app gets the values
// through app-config. A custom separator must compile and must not match an empty line.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/app-error';
import { requireAdmin } from '../../lib/guards';
import type { SettingsService } from './service';
import { putSection, settingsSection } from './section';
import { customSeparatorProblem, type PresentationSettings } from '../../../shared/presentation';
import { contractRoute } from '../../lib/contract-route';
import {
  diagramServersUpdate,
  indentUpdate,
  lineBreakUpdate,
  markdownSettings,
  presentationUpdate,
  xssUpdate,
} from '../../../shared/contracts/markdown';
import { ALLOWED_ATTRIBUTES, ALLOWED_TAGS } from '../../../shared/sanitize-lists';

/**
 * GROWI's XSS settings, fixed (SPEC §5: prevention is always on, with the product's lists).
 * Option 2 is GROWI's "recommended" setting; the attributes apply to every tag ('*').
 */
const XSS_PARAMS = {
  isEnabledXss: true,
  xssOption: 2,
  tagWhitelist: [...ALLOWED_TAGS],
  attrWhitelist: JSON.stringify({ '*': ALLOWED_ATTRIBUTES.map((a) => (a === 'className' ? 'class' : a)) }),
};

export function presentationSettings(settings: SettingsService): PresentationSettings {
  return {
    pageBreakSeparator: settings.get('markdown:presentation:pageBreakSeparator'),
    pageBreakCustomSeparator: settings.get('markdown:presentation:pageBreakCustomSeparator'),
  };
}

/** SPEC §3's diagram servers (PLANTUML_URI, BLOCKDIAG_URI): the environment wins over the setting. */
export function diagramServers(settings: SettingsService, env: NodeJS.ProcessEnv = process.env) {
  return {
    plantumlUri: env.PLANTUML_URI || settings.get('app:plantumlUri'),
    blockdiagUri: env.BLOCKDIAG_URI || settings.get('app:blockdiagUri'),
  };
}

/** An http(s) address without credentials, query or fragment; '' clears it. */
function isServerUri(value: string): boolean {
  if (value === '') return true;
  try {
    const url = new URL(value);
    return (
      ['http:', 'https:'].includes(url.protocol) && !url.username && !url.password && !url.search && !url.hash
    );
  } catch {
    return false;
  }
}

/** What every browser needs of the Markdown settings (app-config). */
export function markdownConfig(settings: SettingsService) {
  return {
    isEnabledLinebreaks: settings.get('markdown:isEnabledLinebreaks'),
    adminPreferredIndentSize: settings.get('markdown:adminPreferredIndentSize'),
    isIndentSizeForced: settings.get('markdown:isIndentSizeForced'),
  };
}

const LINE_BREAK = settingsSection({
  flags: {
    isEnabledLinebreaks: 'markdown:isEnabledLinebreaks',
    isEnabledLinebreaksInComments: 'markdown:isEnabledLinebreaksInComments',
  },
  required: ['isEnabledLinebreaks'],
  schemaOf: { isEnabledLinebreaksInComments: { type: 'boolean' } },
});

const INDENT = settingsSection({
  raw: {
    adminPreferredIndentSize: {
      key: 'markdown:adminPreferredIndentSize',
      schema: { type: 'integer', enum: [2, 4] },
    },
  },
  flags: { isIndentSizeForced: 'markdown:isIndentSizeForced' },
  required: ['adminPreferredIndentSize', 'isIndentSizeForced'],
});

export default async function markdownSettingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { settings } = ctx;
  contractRoute(app, markdownSettings, async (request) => {
    requireAdmin(request);
    return {
      markdownParams: {
        ...presentationSettings(settings),
        ...markdownConfig(settings),
        ...diagramServers(settings),
        isEnabledLinebreaksInComments: settings.get('markdown:isEnabledLinebreaksInComments'),
        ...XSS_PARAMS,
      },
    };
  });

  contractRoute(app, presentationUpdate, async (request) => {
    requireAdmin(request);
    const { pageBreakSeparator } = request.body;
    const custom = request.body.pageBreakCustomSeparator ?? '';
    if (pageBreakSeparator === 3) {
      const problem = customSeparatorProblem(custom);
      if (problem === 'empty')
        throw badRequest('required', 'errors.required', { field: 'pageBreakCustomSeparator' });
      if (problem) throw badRequest('invalid_separator', 'settings.invalid_page_break', { problem });
    }
    ctx.settings.together(() => {
      settings.set('markdown:presentation:pageBreakSeparator', pageBreakSeparator);
      settings.set('markdown:presentation:pageBreakCustomSeparator', custom);
    });
    return { markdownParams: presentationSettings(settings) };
  });

  // GROWI's XSS switch: Quire keeps prevention on with its lists, so only that choice is taken.
  contractRoute(app, xssUpdate, async (request) => {
    requireAdmin(request);
    const { isEnabledXss, xssOption } = request.body;
    const recommended = xssOption === undefined || xssOption === 2 || xssOption === 'Recommended';
    if (!isEnabledXss || !recommended) throw badRequest('xss_always_on', 'settings.xss_always_on');
    return XSS_PARAMS;
  });

  // GROWI answers each part under its own key; Quire's web app reads markdownParams.
  putSection(app, settings, {
    path: lineBreakUpdate.path,
    contract: lineBreakUpdate,
    section: LINE_BREAK,
    answer: () => ({ lineBreaksParams: LINE_BREAK.read(settings), markdownParams: markdownConfig(settings) }),
  });
  putSection(app, settings, {
    path: indentUpdate.path,
    contract: indentUpdate,
    section: INDENT,
    answer: () => ({ indentParams: INDENT.read(settings), markdownParams: markdownConfig(settings) }),
  });

  contractRoute(app, diagramServersUpdate, async (request) => {
    requireAdmin(request);
    const plantumlUri = request.body.plantumlUri.trim().replace(/\/+$/, '');
    const blockdiagUri = request.body.blockdiagUri.trim().replace(/\/+$/, '');
    if (!isServerUri(plantumlUri))
      throw badRequest('invalid', 'errors.syntax_invalid', { field: 'plantumlUri' });
    if (!isServerUri(blockdiagUri))
      throw badRequest('invalid', 'errors.syntax_invalid', { field: 'blockdiagUri' });
    settings.set('app:plantumlUri', plantumlUri);
    settings.set('app:blockdiagUri', blockdiagUri);
    return { markdownParams: diagramServers(settings) };
  });
}
