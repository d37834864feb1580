// A user's home (SPEC §2 /user/{username}), reached from Home in the personal dropdown.
import { expect, test } from '@playwright/test';
import { ADMIN, createPage, signIn, uniquePath } from './helpers';

test("Home in the personal dropdown opens the user's home with their pages", async ({ page, browser }) => {
  await signIn(page);
  const path = uniquePath('Home list');
  await createPage(page, path, 'on the home page');
  await page.goto('/');
  await page.getByRole('button', { name: 'Personal menu' }).click();
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page).toHaveURL(`/user/${ADMIN.username}`);
  await expect(page.getByRole('heading', { name: ADMIN.name, level: 1 })).toBeVisible();
  await expect(page.getByText(`@${ADMIN.username}`)).toBeVisible();
  const created = page.getByRole('region', { name: /^Pages created/ });
  await expect(created.getByRole('link', { name: path })).toBeVisible();
  await created.getByRole('link', { name: path }).click();
  await expect(page.getByText('on the home page')).toBeVisible();

  // A guest sees the same home (guest mode is read-only); an unknown user is said to be unknown.
  const guest = await (await browser.newContext()).newPage();
  await guest.goto(`/user/${ADMIN.username}`);
  await expect(
    guest.getByRole('region', { name: /^Pages created/ }).getByRole('link', { name: path }),
  ).toBeVisible();
  await guest.goto('/user/nobody-at-all');
  await expect(guest.getByRole('alert')).toHaveText('There is no such user, or the account is not active.');
  await guest.close();
});
