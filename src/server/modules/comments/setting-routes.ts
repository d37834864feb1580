// Admin settings of comments: line breaks in comments (SPEC §3) and read-only users commenting.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../lib/guards';
import { putSection, settingsSection } from '../settings/section';
import type { CommentSettings } from '../../../shared/social-types';
import { contractRoute } from '../../lib/contract-route';
import { commentSettings, commentSettingsUpdate } from '../../../shared/contracts/comments-tags';

const COMMENT_SETTING = settingsSection({
  flags: {
    isEnabledLinebreaksInComments: 'markdown:isEnabledLinebreaksInComments',
    isRomUserAllowedToComment: 'security:isRomUserAllowedToComment',
  },
  // Each switch may come alone; neither is ever null.
  schemaOf: {
    isEnabledLinebreaksInComments: { type: 'boolean' },
    isRomUserAllowedToComment: { type: 'boolean' },
  },
});

export default async function commentSettingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const answer = () => ({
    commentSettingParams: COMMENT_SETTING.read(ctx.settings) as unknown as CommentSettings,
  });
  contractRoute(app, commentSettings, async (request) => {
    requireAdmin(request);
    return answer();
  });
  putSection(app, ctx.settings, {
    path: commentSettingsUpdate.path,
    section: COMMENT_SETTING,
    answer,
    contract: commentSettingsUpdate,
  });
}
