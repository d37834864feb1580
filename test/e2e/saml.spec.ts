// SAML 2 in the browser (issue 13): the admin sets SAML up on /admin/security with a test IdP on
// 127.0.0.1 (samlify, its own signing key); a colleague clicks "Sign in with SAML", the IdP's page
// posts the signed answer back, and they are signed in as a new user. SAML is switched off after.
import { expect, test } from '@playwright/test';
import { serveIdp, startIdp } from '../helpers/saml-idp';
import { csrf, signIn, unfoldProvider } from './helpers';

const run = Date.now().toString(36);
const SP = `http://quire.test/saml-${run}`;

test('an admin sets up SAML; a colleague signs in through the IdP', async ({ page, browser }) => {
  test.slow();
  const idp = await startIdp(['uid', 'mail', 'firstName', 'lastName']);
  const idpPage = await serveIdp(idp, SP, {
    uid: `saml${run}`,
    mail: `saml${run}@example.com`,
    firstName: 'Sam',
    lastName: 'Lee',
  });
  try {
    await signIn(page);
    await page.goto('/admin/security');
    const form = page.getByTestId('saml-settings');
    await unfoldProvider(page.locator('section', { has: form }));
    await form.getByLabel("Entry point (the IdP's single sign-on URL)").fill(idpPage.entryPoint);
    await form.getByLabel("Issuer (this wiki's entity ID)").fill(SP);
    await form.getByLabel('IdP signing certificate (PEM)').fill(idp.cert);
    await form.getByLabel('Attribute for the identifier').fill('uid');
    await form.getByLabel('Attribute for the username').fill('uid');
    await form.getByLabel('Attribute for the e-mail address').fill('mail');
    await form.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByTestId('toast-success').last()).toContainText('SAML');
    await page.getByRole('checkbox', { name: 'Sign in with SAML' }).click();
    await expect(page.getByRole('checkbox', { name: 'Sign in with SAML' })).toBeChecked();

    const colleague = await (await browser.newContext()).newPage();
    await colleague.goto('/login');
    await colleague.getByRole('link', { name: 'Sign in with SAML' }).click();
    await expect(colleague).toHaveURL(/\/$/, { timeout: 15_000 });
    const me = await (await colleague.request.get('/_api/v3/app-config')).json();
    expect(me.currentUser).toMatchObject({ username: `saml${run}`, name: 'Sam Lee' });
  } finally {
    await page.request.put('/_api/v3/security-setting/authentication/enabled', {
      headers: { 'x-csrf-token': await csrf(page.request) },
      data: { isEnabled: false, authId: 'saml' },
    });
    await idpPage.close();
  }
});
