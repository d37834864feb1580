// Which sign-in mechanisms are on (GROWI's /security-setting/authentication routes), read from the
// providers' list. Permission: requireAdmin on every route. Each provider's own settings routes
// live in its folder (providers/<id>/setting-routes.ts).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { requireAdmin } from '../../lib/guards';
import type { SettingsService } from '../settings/service';
import { SIGN_IN_PROVIDERS } from './providers';
import { enabledKey } from './providers/provider';
import type { SecurityParams } from '../../../shared/account-types';
import type { AuthId, GeneralAuthParams } from '../../../shared/sign-in-types';
import { contractRoute } from '../../lib/contract-route';
import {
  authenticationSwitch,
  setupStrategies as strategiesContract,
} from '../../../shared/contracts/security';

/** GROWI's `generalAuth`: each provider's on/off switch. */
export function generalAuthParams(settings: SettingsService): GeneralAuthParams {
  return Object.fromEntries(
    SIGN_IN_PROVIDERS.map((provider) => [provider.enabledField, settings.get(enabledKey(provider.id))]),
  ) as unknown as GeneralAuthParams;
}

/** The mechanisms a person can sign in with now (Basic rides on them, so it is listed only beside). */
export function setupStrategies(ctx: AppContext): AuthId[] {
  return SIGN_IN_PROVIDERS.filter((provider) => provider.isSetUp(ctx)).map((provider) => provider.id);
}

type ProviderParams = Pick<
  SecurityParams,
  'generalAuth' | 'ldapAuth' | 'oidcAuth' | 'samlAuth' | 'githubOAuth' | 'googleOAuth'
>;

/** Every provider's section of `GET /security-setting` (each provider gives its own), secrets masked. */
export function providerParams(ctx: AppContext): ProviderParams {
  return Object.assign(
    { generalAuth: generalAuthParams(ctx.settings) },
    ...SIGN_IN_PROVIDERS.map((provider) => provider.params?.(ctx)),
  ) as ProviderParams;
}

/** Whether some active admin could still sign in with only these mechanisms (GROWI's guard 2). */
function adminCanSignInWith(ctx: AppContext, remaining: AuthId[]): boolean {
  if (remaining.includes('local') && ctx.users.hasActiveAdminWithPassword()) return true;
  const providers = remaining.filter((id) => id !== 'local' && id !== 'basic');
  return providers.length > 0 && ctx.externalAccounts.hasActiveAdminLinkedTo(providers);
}

export default async function signInSettingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { settings } = ctx;

  contractRoute(app, strategiesContract, async (request) => {
    requireAdmin(request);
    return { setupStrategies: setupStrategies(ctx) };
  });

  contractRoute(app, authenticationSwitch, async (request) => {
    requireAdmin(request);
    const { isEnabled, authId } = request.body;
    if (!isEnabled && authId !== 'basic') {
      const remaining = setupStrategies(ctx).filter((id) => id !== authId && id !== 'basic');
      if (remaining.length === 0) {
        throw new AppError(405, 'cannot_turn_everything_off', 'sign_in.cannot_turn_everything_off');
      }
      if (!adminCanSignInWith(ctx, remaining)) {
        throw new AppError(405, 'admin_auth_required', 'sign_in.admin_auth_required');
      }
    }
    const key = enabledKey(authId);
    settings.set(key, isEnabled);
    await SIGN_IN_PROVIDERS.find((provider) => provider.id === authId)?.afterSwitch?.(ctx);
    return { responseParams: { [key]: isEnabled } };
  });
}
