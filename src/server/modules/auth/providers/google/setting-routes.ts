// Admin settings of Google sign-in, GROWI's route and field names. Permission: requireAdmin.
// The client secret is write-only (masked; the mask sent back keeps it).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../../context';
import { requireAdmin } from '../../../../lib/guards';
import type { SettingsService } from '../../../settings/service';
import { checkSectionContract, settingsSection } from '../../../settings/section';
import { contractRoute } from '../../../../lib/contract-route';
import { googleSettingUpdate } from '../../../../../shared/contracts/security';
import type { GoogleOAuthParams } from '../../../../../shared/sign-in-types';

const GOOGLE = settingsSection({
  text: { googleClientId: 'security:passport-google:clientId' },
  secrets: { googleClientSecret: 'security:passport-google:clientSecret' },
  flags: {
    isSameEmailTreatedAsIdenticalUser: 'security:passport-google:isSameEmailTreatedAsIdenticalUser',
    isSameUsernameTreatedAsIdenticalUser: 'security:passport-google:isSameUsernameTreatedAsIdenticalUser',
  },
  maxLength: 1024,
});

export const googleOAuthParams = (settings: SettingsService) =>
  GOOGLE.read(settings) as unknown as GoogleOAuthParams;

export default async function googleSettingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { settings } = ctx;
  checkSectionContract(googleSettingUpdate, GOOGLE);
  contractRoute(app, googleSettingUpdate, async (request) => {
    requireAdmin(request);
    GOOGLE.write(settings, request.body);
    return { securitySettingParams: googleOAuthParams(settings) };
  });
}
