// Admin settings of GitHub sign-in (and a GitHub Enterprise Server address), GROWI's route and
// field names. Permission: requireAdmin. The client secret is write-only (masked; the mask sent
// back keeps it).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../../context';
import { badRequest } from '../../../../lib/app-error';
import { requireAdmin } from '../../../../lib/guards';
import type { SettingsService } from '../../../settings/service';
import { checkSectionContract, settingsSection } from '../../../settings/section';
import { contractRoute } from '../../../../lib/contract-route';
import { githubSettingUpdate } from '../../../../../shared/contracts/security';
import type { GithubOAuthParams } from '../../../../../shared/sign-in-types';

const GITHUB = settingsSection({
  text: {
    githubClientId: 'security:passport-github:clientId',
    githubBaseUrl: 'security:passport-github:baseUrl',
  },
  secrets: { githubClientSecret: 'security:passport-github:clientSecret' },
  flags: {
    isSameUsernameTreatedAsIdenticalUser: 'security:passport-github:isSameUsernameTreatedAsIdenticalUser',
  },
  maxLength: 1024,
});

export const githubOAuthParams = (settings: SettingsService) =>
  GITHUB.read(settings) as unknown as GithubOAuthParams;

export default async function githubSettingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { settings } = ctx;
  checkSectionContract(githubSettingUpdate, GITHUB);
  contractRoute(app, githubSettingUpdate, async (request) => {
    requireAdmin(request);
    const base = GITHUB.after(settings, request.body).githubBaseUrl;
    // Validated first, written after: a bad value changes nothing.
    if (request.body.githubBaseUrl !== undefined && base && !/^https?:\/\/[^/\s]+/i.test(base)) {
      throw badRequest('invalid', 'errors.syntax_invalid', { field: 'githubBaseUrl' });
    }
    GITHUB.write(settings, request.body);
    return { securitySettingParams: githubOAuthParams(settings) };
  });
}
