// GitHub sign-in (github.com or a GitHub Enterprise Server on the LAN), over plain OAuth 2.
import { defineProvider } from '../provider';
import { OAuth2SignInService } from '../oauth2/service';
import { oauth2SignInRoutes } from '../oauth2/sign-in-routes';
import { externalSignIn } from '../../../audit/rules';
import { GITHUB } from './endpoints';
import githubSettingRoutes, { githubOAuthParams } from './setting-routes';

declare module '../../../../context' {
  interface AppContext {
    github: OAuth2SignInService;
  }
}

export default defineProvider({
  id: 'github',
  enabledField: 'isGitHubEnabled',
  isSetUp: ({ github }) => github.isSetUp(),
  params: ({ settings }) => ({ githubOAuth: githubOAuthParams(settings) }),
  services: ({ settings, externalAccounts }) => ({
    github: new OAuth2SignInService(settings, externalAccounts, GITHUB),
  }),
  routes: [
    { plugin: githubSettingRoutes },
    { plugin: oauth2SignInRoutes(({ github }) => github), prefix: '' },
  ],
  audit: { routes: { 'GET /passport/github/callback': externalSignIn } },
});
