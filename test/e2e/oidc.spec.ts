// OpenID Connect in the browser (issue 13): the admin sets the provider up on /admin/security; a
// colleague clicks the login page's button, signs in on the provider's screens (oidc-provider,
// started by this spec on 127.0.0.1) and comes back signed in as a new user. A forged callback
// lands on /login with a translated message. Nothing may leave this machine: the provider's
// development screens link a web font, so every request off 127.0.0.1 is aborted.
import { expect, test, type APIRequestContext, type BrowserContext } from '@playwright/test';
import { OIDC_CLIENT, startOidcProvider, type TestProvider } from '../helpers/oidc-provider';
import { signIn, unfoldProvider } from './helpers';

const run = Date.now().toString(36);
const PERSON = {
  sub: `sub-${run}`,
  preferred_username: `oidc${run}`,
  name: 'Olive Idp',
  email: `olive-${run}@example.org`,
};
let provider: TestProvider;
// A long walk through several screens and two browsers: more than the default 30 s on a busy machine.
test.setTimeout(90_000);

test.beforeAll(async ({ baseURL }) => {
  provider = await startOidcProvider(`${baseURL}/passport/oidc/callback`, [PERSON]);
});
test.afterAll(async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page);
  await send(page.request, '/_api/v3/security-setting/authentication/enabled', {
    authId: 'oidc',
    isEnabled: false,
  });
  await context.close();
  await provider.stop();
});

async function send(request: APIRequestContext, url: string, data: unknown) {
  const token = ((await (await request.get('/_api/v3/csrf-token')).json()) as { token: string }).token;
  const res = await request.put(url, { headers: { 'x-csrf-token': token }, data });
  expect(res.ok(), await res.text()).toBe(true);
}

async function onlyLoopback(context: BrowserContext) {
  await context.route('**/*', (route) =>
    new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort(),
  );
}

test('an admin sets up OpenID Connect; a colleague signs in through the provider', async ({
  page,
  browser,
}) => {
  await signIn(page);
  await page.goto('/admin/security');
  const oidc = page.locator('section', { has: page.getByRole('heading', { name: 'OpenID Connect' }) });
  await unfoldProvider(oidc);
  await oidc.getByLabel('Provider name (shown on the login button)').fill('Team IdP');
  await oidc.getByLabel('Issuer URL').fill(provider.issuer);
  await oidc.getByLabel('Client ID').fill(OIDC_CLIENT.id);
  await oidc.getByLabel('Client secret').fill(OIDC_CLIENT.secret);
  await oidc.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Succeeded to update OpenID Connect')).toBeVisible();
  await expect(oidc.getByLabel('Client secret')).toHaveValue('********');
  await oidc.getByLabel('Sign in with OpenID Connect').click();
  await expect(oidc.getByLabel('Sign in with OpenID Connect')).toBeChecked();

  const context = await browser.newContext();
  await onlyLoopback(context);
  const colleague = await context.newPage();
  await colleague.goto('/login');
  await colleague.getByRole('link', { name: 'Sign in with Team IdP' }).click();
  await colleague.locator('input[name="login"]').fill(PERSON.sub);
  await colleague.locator('input[name="password"]').fill('anything');
  await colleague.getByRole('button', { name: 'Sign-in' }).click();
  await colleague.getByRole('button', { name: 'Continue' }).click();
  await expect(colleague.getByRole('button', { name: 'New' })).toBeVisible();
  await colleague.goto('/me');
  await expect(colleague.getByRole('cell', { name: PERSON.sub })).toBeVisible();

  // A callback nobody started comes back to the login page with a message, never an error page.
  const stranger = await browser.newContext();
  const strangerPage = await stranger.newPage();
  await strangerPage.goto('/passport/oidc/callback?code=stolen&state=forged');
  await expect(strangerPage).toHaveURL(/\/login\?externalAccountLoginError=sign_in_failure/);
  await expect(strangerPage.getByRole('alert')).toHaveText('Sign in failure.');
  await context.close();
  await stranger.close();
});
