// Google sign-in, over plain OAuth 2 (tests point its endpoints at a stand-in: googleOAuthBase).
import { defineProvider } from '../provider';
import { OAuth2SignInService } from '../oauth2/service';
import { oauth2SignInRoutes } from '../oauth2/sign-in-routes';
import { externalSignIn } from '../../../audit/rules';
import { googleProvider } from './endpoints';
import googleSettingRoutes, { googleOAuthParams } from './setting-routes';

declare module '../../../../context' {
  interface AppContext {
    google: OAuth2SignInService;
  }
}

export default defineProvider({
  id: 'google',
  enabledField: 'isGoogleEnabled',
  isSetUp: ({ google }) => google.isSetUp(),
  params: ({ settings }) => ({ googleOAuth: googleOAuthParams(settings) }),
  services: ({ config, settings, externalAccounts }) => ({
    google: new OAuth2SignInService(settings, externalAccounts, googleProvider(config.googleOAuthBase)),
  }),
  routes: [
    { plugin: googleSettingRoutes },
    { plugin: oauth2SignInRoutes(({ google }) => google), prefix: '' },
  ],
  audit: { routes: { 'GET /passport/google/callback': externalSignIn } },
});
