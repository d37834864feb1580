// /admin/sharing in Chromium: the Share on LAN switch with its confirmation, the addresses with copy
// buttons and the QR code, who is here, and the same switch in /admin/app. A server of its own:
// sharing moves its listening sockets (to 127.0.0.1 and 127.0.0.2 here — never off this machine).
import { expect, test } from '@playwright/test';
import { startBuiltServer } from './global-setup';
import { ADMIN, signIn } from './helpers';

test('share on LAN from the Sharing screen, see the addresses, the QR code and who is here', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const server = await startBuiltServer();
  const port = new URL(server.url).port;
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  try {
    const token = (await (await page.request.get('/_api/v3/csrf-token')).json()).token as string;
    await page.request.post('/_api/v3/installer', {
      headers: { 'x-csrf-token': token },
      data: { ...ADMIN, lang: 'en_US' },
    });
    await signIn(page);

    await page.goto('/admin');
    await page.getByRole('link', { name: 'Sharing' }).first().click();
    await expect(page.getByRole('heading', { name: 'Sharing', level: 1 })).toBeVisible();
    const toggle = page.getByRole('switch', { name: /Share on LAN/ });
    await expect(toggle).not.toBeChecked();
    await expect(page.getByText('Only this computer can open the wiki.')).toBeVisible();
    await expect(page.locator('.address-list li')).toHaveCount(1);
    // The web app on screen is itself connected: one browser, the admin.
    await expect(page.getByTestId('browsers')).toHaveText('1 browser is connected now.');
    await expect(page.locator('.presence-list')).toContainText('@admin');
    await expect(page.getByRole('img', { name: /QR code/ })).toHaveCount(0);

    // Turning it on says what it means first; Cancel changes nothing.
    await toggle.click();
    const dialog = page.getByRole('dialog', { name: 'Share this wiki on the network?' });
    await expect(dialog).toContainText(
      "Everyone on this network will be able to reach the wiki's sign-in page",
    );
    // Guests may read (the default): the dialog says what that means on a network (issue 30).
    await expect(dialog.getByTestId('sharing-guests-warning')).toHaveText(
      'Guests may read this wiki now: once it is shared, anyone on this network can read every public page without an account.',
    );
    await expect(dialog.getByRole('checkbox', { name: /Switch guests off/ })).toBeChecked();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(toggle).not.toBeChecked();
    expect(
      (await page.request.get(`http://127.0.0.2:${port}/_api/v3/healthcheck`).catch(() => null))?.ok() ??
        false,
    ).toBe(false);

    // Shared with guests still reading: the admin unticks the offer.
    await toggle.click();
    await page
      .getByRole('dialog')
      .getByRole('checkbox', { name: /Switch guests off/ })
      .uncheck();
    await page.getByRole('dialog').getByRole('button', { name: 'Share on LAN' }).click();
    await expect(toggle).toBeChecked();
    const guestMode = async () =>
      (
        (await (await page.request.get('/_api/v3/security-setting')).json()) as {
          securityParams: { generalSetting: { restrictGuestMode: string } };
        }
      ).securityParams.generalSetting.restrictGuestMode;
    expect(await guestMode()).toBe('Readonly');
    await expect(
      page.getByText('Colleagues on this network can open the wiki at the addresses below.'),
    ).toBeVisible();
    const second = page.locator('.address-list li', { hasText: `http://127.0.0.2:${port}` });
    await expect(second).toBeVisible();
    await expect(second.getByRole('button', { name: 'Copy' })).toBeVisible();
    const qr = page.getByRole('img', { name: /QR code of http:\/\/127\.0\.0\.\d:/ });
    await expect(qr).toBeVisible();
    expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByTestId('discovery')).toContainText('QUIRE_DISCOVERY=off');
    // A colleague's browser on the second address reaches the wiki now.
    const colleague = await browser.newContext({ baseURL: `http://127.0.0.2:${port}` });
    const theirs = await colleague.newPage();
    await theirs.goto('/');
    await expect(theirs.locator('body')).not.toBeEmpty();
    await expect(page.getByTestId('browsers')).toHaveText('2 browsers are connected now.', {
      timeout: 15_000,
    });
    await colleague.close();

    // HTTPS on the network with a certificate Quire makes: its fingerprint is shown to compare, and a
    // colleague's browser (once it accepts the certificate) gets the wiki over TLS on the same port.
    const httpsForm = page.getByTestId('https-settings');
    await httpsForm.getByLabel('On, with a certificate Quire makes for this computer').check();
    await httpsForm.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('fingerprint')).toContainText(/([0-9A-F]{2}:){31}[0-9A-F]{2}/);
    const secure = await browser.newContext({ ignoreHTTPSErrors: true });
    const overTls = await secure.newPage();
    const response = await overTls.goto(`https://127.0.0.2:${port}/`);
    expect(response?.status()).toBe(200);
    await secure.close();

    // The same switch in the app settings, beside the site URL.
    await page.goto('/admin/app');
    const section = page.getByTestId('sharing-settings');
    await expect(section.getByRole('switch', { name: /Share on LAN/ })).toBeChecked();
    await section.getByRole('switch', { name: /Share on LAN/ }).click();
    await expect(section.getByRole('switch', { name: /Share on LAN/ })).not.toBeChecked();
    const siteUrl = page.getByTestId('site-url-settings');
    await siteUrl.getByLabel('Site URL').fill('not a url');
    await siteUrl.getByRole('button', { name: 'Save' }).click();
    await expect(siteUrl.getByRole('alert')).toContainText('http:// or https://');
    await siteUrl.getByLabel('Site URL').fill(`http://127.0.0.1:${port}/`);
    await siteUrl.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The site URL was saved.')).toBeVisible();
    await expect(siteUrl.getByLabel('Site URL')).toHaveValue(`http://127.0.0.1:${port}`);

    // Shared again, the offer kept: guests are off in the same step, and the dialog says so next time.
    await section.getByRole('switch', { name: /Share on LAN/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Share on LAN' }).click();
    await expect(section.getByRole('switch', { name: /Share on LAN/ })).toBeChecked();
    expect(await guestMode()).toBe('Deny');
    await section.getByRole('switch', { name: /Share on LAN/ }).click();
    await expect(section.getByRole('switch', { name: /Share on LAN/ })).not.toBeChecked();
    await section.getByRole('switch', { name: /Share on LAN/ }).click();
    await expect(page.getByRole('dialog')).toContainText(
      'Guests are off: only people with an account can read the wiki.',
    );
  } finally {
    await context.close();
    await server.close();
  }
});
