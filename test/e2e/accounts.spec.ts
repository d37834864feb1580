// Accounts, groups and page grants in the browser (issue 4): an administrator invites a user, who signs
// in with the temporary password, completes the profile and sees only what they may; read-only users
// get no editing; a group-only page is visible to the group's members alone.
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { InviteResponse } from '../../src/shared/account-types';
import type { Page as WikiPage } from '../../src/shared/api-types';
import { ADMIN, pageMenu, signIn, uniquePath, urlOf } from './helpers';

const run = Date.now().toString(36);

async function csrf(request: APIRequestContext): Promise<string> {
  return ((await (await request.get('/_api/v3/csrf-token')).json()) as { token: string }).token;
}

async function send(request: APIRequestContext, method: 'post' | 'put', url: string, data: unknown) {
  const res = await request[method](url, { headers: { 'x-csrf-token': await csrf(request) }, data });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
  return res.json() as Promise<unknown>;
}

/** A page with a grant, made through the API by whoever `page` is signed in as. */
async function createGrantedPage(page: Page, path: string, body: string, grant: object): Promise<WikiPage> {
  return ((await send(page.request, 'post', '/_api/v3/page', { path, body, ...grant })) as { page: WikiPage })
    .page;
}

/** Set-up of a second user (not under test here): invited by the admin, profile completed by API. */
async function invitedMember(admin: Page, browser: Browser, name: string) {
  const email = `${name}-${run}@example.com`;
  const invite = (await send(admin.request, 'post', '/_api/v3/users/invite', {
    shapedEmailList: [email],
    sendEmail: false,
  })) as InviteResponse;
  const temporary = invite.createdUserList[0]!.password;
  const context = await browser.newContext();
  const page = await context.newPage();
  await send(page.request, 'post', '/_api/v3/login', { username: email, password: temporary });
  const username = `${name}${run}`;
  await send(page.request, 'post', '/_api/v3/invited', {
    invitedForm: { username, name: `${name} member`, password: 'member password' },
  });
  return { page, context, username };
}

async function expectHidden(viewer: Page, path: string, text: string) {
  const res = await viewer.request.get(`/_api/v3/page?path=${encodeURIComponent(path)}`);
  expect(res.status()).toBe(404);
  expect(((await res.json()) as { errors: { code: string }[] }).errors[0]?.code).toBe(
    'notfound_or_forbidden',
  );
  await viewer.goto(urlOf(path));
  await expect(viewer.getByRole('heading', { name: 'This page does not exist' })).toBeVisible();
  await expect(viewer.getByText(text)).toHaveCount(0);
}

test('an invited user signs in with the temporary password, completes the profile and sees only what they may', async ({
  page,
  browser,
}) => {
  const word = `wombat${run}`;
  const root = uniquePath('Accounts');
  await signIn(page);
  const secret = await createGrantedPage(page, `${root}/Secret`, `Only me: ${word} secret`, { grant: 4 });
  await createGrantedPage(page, `${root}/Open`, `Public: ${word} open`, { grant: 1 });
  expect(secret.grant).toBe(4);

  // The admin invites by e-mail and reads the temporary password.
  const email = `carol-${run}@example.com`;
  await page.goto('/admin/users');
  await page.getByRole('button', { name: 'Invite users' }).click();
  await page.getByLabel('E-mail addresses').fill(email);
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  const temporary = (await page.getByTestId('temporary-password').textContent()) ?? '';
  expect(temporary.length).toBeGreaterThanOrEqual(6);
  await page.screenshot({ path: test.info().outputPath('invite-result.png') });
  await page.getByRole('button', { name: 'Close' }).last().click();
  await expect(page.locator(`tr:has-text("${email}")`)).toContainText('Invited');

  // The invited user signs in at once with the e-mail and the temporary password.
  const context = await browser.newContext();
  const carol = await context.newPage();
  await carol.goto('/login');
  await carol.getByLabel('User ID or e-mail').fill(email);
  await carol.getByLabel('Password').fill(temporary);
  await carol.getByRole('button', { name: 'Sign in' }).click();

  // Nothing else before the profile is complete.
  await expect(carol.getByRole('heading', { name: 'Complete your profile' })).toBeVisible();
  await expect(carol.getByRole('button', { name: 'New' })).toHaveCount(0);
  await carol.goto(urlOf(`${root}/Open`));
  await expect(carol.getByRole('heading', { name: 'Complete your profile' })).toBeVisible();
  await carol.getByLabel('User ID').fill(`carol${run}`);
  await carol.getByLabel('Name').fill('Carol Member');
  await carol.getByLabel('New password').fill('short');
  await carol.getByRole('button', { name: 'Save and continue' }).click();
  await expect(carol.getByText('Password must be at least 6 characters')).toBeVisible();
  await carol.getByLabel('New password').fill('carol password');
  await carol.screenshot({ path: test.info().outputPath('complete-profile.png') });
  await carol.getByRole('button', { name: 'Save and continue' }).click();

  // The public page is there, in the page, the tree and the recent list.
  await expect(carol.getByText(`Public: ${word} open`)).toBeVisible();
  await expect(carol.locator('.side')).toContainText('Open');
  await expect(carol.locator('.side')).not.toContainText('Secret');
  await carol.getByRole('tab', { name: 'Page tree' }).click();
  await expect(carol.getByRole('treeitem', { name: /Open/ })).toBeVisible();
  await expect(carol.getByRole('treeitem', { name: /Secret/ })).toHaveCount(0);

  // Search finds the public page only.
  await carol.goto(`/_search?q=${word}`);
  await expect(carol.locator('.search-results')).toContainText(`${root}/Open`);
  await expect(carol.locator('.search-results')).not.toContainText(`${root}/Secret`);

  // By URL the "Only me" page is not found or forbidden; its owner still reads it, with the notice.
  await expectHidden(carol, `${root}/Secret`, `Only me: ${word} secret`);
  await page.goto(urlOf(`${root}/Secret`));
  await expect(page.getByText('Only you can see this page.')).toBeVisible();
  await expect(page.getByTestId('grant-lock')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('restricted.png') });

  // Signing in later with the chosen user id and password works.
  await carol.goto('/logout');
  await carol.goto('/login');
  await carol.getByLabel('User ID or e-mail').fill(`carol${run}`);
  await carol.getByLabel('Password').fill('carol password');
  await carol.getByRole('button', { name: 'Sign in' }).click();
  await expect(carol.getByRole('button', { name: 'New' })).toBeVisible();
  await context.close();
});

test('admin screens: read-only users lose Edit and New; non-admins are refused; guests sign in first', async ({
  page,
  browser,
}) => {
  await signIn(page);
  const path = uniquePath('ReadOnly');
  await createGrantedPage(page, path, 'Readable by all members.', { grant: 1 });
  const dave = await invitedMember(page, browser, 'dave');

  await dave.page.goto(urlOf(path));
  await expect(dave.page.getByRole('link', { name: 'Edit', exact: true })).toBeVisible();

  await page.goto('/admin/users');
  await page.getByRole('searchbox', { name: 'Search users' }).fill(dave.username);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = page.locator(`tr[data-username="${dave.username}"]`);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await row.getByRole('button', { name: `Actions for ${dave.username}` }).click();
  await page.screenshot({ path: test.info().outputPath('users-admin.png') });
  await page.getByRole('menuitem', { name: 'Make read-only' }).click();
  await expect(row).toContainText('Read-only');

  await dave.page.reload();
  await expect(dave.page.getByText('Readable by all members.')).toBeVisible();
  await expect(dave.page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
  await expect(dave.page.getByRole('button', { name: 'New' })).toHaveCount(0);

  // A member is not an administrator.
  await dave.page.goto('/admin/users');
  await expect(dave.page.getByTestId('admin-forbidden')).toContainText(
    'Only administrators can open this screen.',
  );
  await dave.context.close();

  // The admin's own row offers neither deactivation nor dropping admin rights.
  await page.getByRole('searchbox', { name: 'Search users' }).fill(ADMIN.username);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.locator('tr[data-username="admin"]').getByRole('button', { name: 'Actions for admin' }).click();
  await expect(page.getByRole('menuitem', { name: 'Deactivate' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Remove admin rights' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Reset password' })).toBeVisible();

  // The personal dropdown leads admins to the admin home; narrow screens get the tabs as a dropdown.
  await page.goto('/');
  await page.getByRole('button', { name: 'Personal menu' }).click();
  await page.getByRole('link', { name: 'Admin', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Administration' })).toBeVisible();
  await page.setViewportSize({ width: 600, height: 800 });
  await page.getByRole('combobox', { name: 'Administration' }).selectOption({ label: 'User groups' });
  await expect(page).toHaveURL(/\/admin\/user-groups$/);
  await page.screenshot({ path: test.info().outputPath('admin-narrow.png') });

  const guest = await browser.newPage();
  await guest.goto('/admin/security');
  await expect(guest).toHaveURL(/\/login$/);
  await guest.close();
});

test('a group and a group-only page made in the editor: members see it, others do not', async ({
  page,
  browser,
}) => {
  await signIn(page);
  const erin = await invitedMember(page, browser, 'erin');
  const frank = await invitedMember(page, browser, 'frank');
  const groupName = `Team ${run}`;

  await page.goto('/admin/user-groups');
  await page.getByLabel('Group name').fill(groupName);
  await page.getByLabel('Description').fill('The team of this run');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await page.getByRole('link', { name: groupName }).click();
  await page.getByRole('textbox', { name: 'User ID to add' }).fill(erin.username);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.locator(`tr[data-member="${erin.username}"]`)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('group-page.png') });

  // A child group nests under it.
  await page.goto('/admin/user-groups');
  await page.getByLabel('Group name').fill(`${groupName} child`);
  await page.getByLabel('Parent group').selectOption({ label: groupName });
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.locator(`tr[data-group="${groupName} child"]`)).toContainText('└');
  await page.screenshot({ path: test.info().outputPath('groups.png') });

  // The admin (also a member) makes a group-only page in the editor.
  await send(page.request, 'post', `/_api/v3/user-groups/${await groupId(page, groupName)}/users/admin`, {});
  const path = uniquePath('GroupOnly');
  await page.goto(`${urlOf(path)}#edit`);
  const scope = page.getByRole('combobox', { name: 'Scope of disclosure' });
  await scope.selectOption({ label: 'Only inside the group(s)' });
  await page.locator('.grant-groups summary').click();
  await page.getByRole('checkbox', { name: groupName, exact: true }).check();
  await page.screenshot({ path: test.info().outputPath('grant-selector.png') });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Only members of ${groupName} can see this page.`)).toBeVisible();

  await erin.page.goto(urlOf(path));
  await expect(erin.page.getByText(`Only members of ${groupName} can see this page.`)).toBeVisible();
  await expectHidden(frank.page, path, `Only members of ${groupName}`);

  // Deleting the group asks what becomes of its pages: published, everyone sees the page.
  await page.goto('/admin/user-groups');
  await page.locator(`tr[data-group="${groupName}"]`).getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete the group ${groupName}` });
  // Its only other group is its own child, which is deleted with it: nowhere to transfer to.
  await expect(dialog.getByLabel('Transfer them to another group')).toBeDisabled();
  await page.screenshot({ path: test.info().outputPath('group-delete.png') });
  await dialog.getByLabel('Publish them all').check();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.locator(`tr[data-group="${groupName}"]`)).toHaveCount(0);
  await frank.page.goto(urlOf(path));
  await expect(frank.page.getByRole('heading', { name: 'This page does not exist' })).toHaveCount(0);
  await expect(frank.page.getByTestId('grant-lock')).toHaveCount(0);
  await erin.context.close();
  await frank.context.close();
});

test('personal settings: e-mail disclosure, password change, API token shown once, external accounts', async ({
  page,
  browser,
}) => {
  await signIn(page);
  const gina = await invitedMember(page, browser, 'gina');
  const me = gina.page;
  await me.goto('/me');
  await expect(me.getByRole('img', { name: 'Profile image' })).toHaveAttribute(
    'src',
    '/images/icons/user.svg',
  );
  // A picture of one's own: uploaded, shown in the navbar, removed again.
  await me.getByLabel('Upload a picture').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    ),
  });
  await expect(me.getByText('Your own picture is used.')).toBeVisible();
  await expect(me.locator('.avatar-button img')).toHaveAttribute('src', /^\/attachment\/[0-9a-f]{24}$/);
  await me.getByRole('button', { name: 'Remove the picture' }).click();
  await expect(me.getByText('The default profile image is used.')).toBeVisible();
  await expect(me.locator('.avatar-button img')).toHaveAttribute('src', '/images/icons/user.svg');

  await me.getByLabel('Show my e-mail address to other users').check();
  await me.getByRole('button', { name: 'Update' }).click();
  await expect(me.getByTestId('toast-success')).toContainText('Succeeded to update Profile');
  await me.reload();
  await expect(me.getByLabel('Show my e-mail address to other users')).toBeChecked();

  await me.getByLabel('Current password').fill('member password');
  await me.getByLabel('New password', { exact: true }).fill('gina new password');
  await me.getByLabel('New password (again)').fill('gina other password');
  await me.getByRole('button', { name: 'Change password' }).click();
  await expect(me.getByText('The two new passwords are not the same.')).toBeVisible();
  await me.getByLabel('New password (again)').fill('gina new password');
  await me.getByRole('button', { name: 'Change password' }).click();
  await expect(me.getByTestId('toast-success').last()).toContainText('Succeeded to update Password');

  await expect(me.getByTestId('api-token-state')).toHaveText('You have no API token.');
  await me.getByRole('button', { name: 'Generate token' }).click();
  const token = (await me.getByTestId('api-token').textContent()) ?? '';
  expect(token.length).toBeGreaterThan(20);
  await expect(me.getByTestId('api-token-state')).toContainText('Current token made on');
  await expect(me.getByText('No external account is linked to you.')).toBeVisible();
  await me.screenshot({ path: test.info().outputPath('me.png'), fullPage: true });

  // The token works for the API until it is revoked.
  const withToken = await me.request.get('/_api/v3/personal-setting', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(withToken.status()).toBe(200);
  me.once('dialog', (d) => void d.accept());
  await me.getByRole('button', { name: 'Revoke token' }).click();
  await expect(me.getByTestId('api-token-state')).toHaveText('You have no API token.');
  await expect(me.getByTestId('api-token')).toHaveCount(0);

  // An access token reads pages but cannot change them; deleting it ends it.
  const tokens = me.getByRole('region', { name: 'Access tokens' });
  await expect(tokens.getByText('No access tokens yet.')).toBeVisible();
  await tokens.getByLabel('Description').fill('reader bot');
  await tokens.getByRole('button', { name: 'Create access token' }).click();
  const scoped = (await me.getByTestId('access-token').textContent()) ?? '';
  expect(scoped).toMatch(/^[0-9a-f]{64}$/);
  await expect(tokens.getByTestId('access-tokens')).toContainText('reader bot');
  await expect(tokens.getByTestId('access-tokens')).toContainText('read:features:*');
  const headers = { 'x-growi-access-token': scoped };
  expect((await me.request.get('/_api/v3/pages/recent', { headers })).status()).toBe(200);
  expect((await me.request.get('/_api/v3/personal-setting', { headers })).status()).toBe(403);
  await tokens.getByRole('button', { name: 'Delete' }).click();
  await expect(tokens.getByText('No access tokens yet.')).toBeVisible();
  expect((await me.request.get('/_api/v3/pages/recent', { headers })).status()).toBe(401);

  // The new password signs in.
  await me.goto('/logout');
  await send(me.request, 'post', '/_api/v3/login', {
    username: gina.username,
    password: 'gina new password',
  });
  await gina.context.close();
});

test('security settings: Open registration signs the visitor in; Restricted waits for approval', async ({
  page,
  browser,
}) => {
  await signIn(page);
  const setMode = async (label: string) => {
    await page.goto('/admin/security');
    await page.getByLabel(label).check();
    // The first form's button: the sign-in forms below (issue 13) have their own "Update".
    await page.getByRole('button', { name: 'Update' }).first().click();
    await expect(page.getByTestId('toast-success').last()).toContainText('Succeeded to update Security');
  };
  try {
    await setMode('Open: anyone may register');
    await page.screenshot({ path: test.info().outputPath('security.png'), fullPage: true });
    const visitor = await browser.newPage();
    await visitor.goto('/login');
    await visitor.getByRole('link', { name: 'Create an account' }).click();
    await expect(visitor).toHaveURL(/\/register$/);
    await visitor.getByLabel('User ID').fill(`hank${run}`);
    await visitor.getByLabel('Name').fill('Hank');
    await visitor.getByLabel('E-mail').fill(`hank-${run}@example.com`);
    await visitor.getByLabel('Password').fill('123');
    await visitor.getByRole('button', { name: 'Register' }).click();
    await expect(visitor.getByText('Password must be at least 6 characters')).toBeVisible();
    await visitor.screenshot({ path: test.info().outputPath('register.png') });
    // SPEC §8's account messages come back from the server and show on the form.
    await visitor.getByLabel('Password').fill('hank password');
    await visitor.getByLabel('E-mail').fill(ADMIN.email);
    await visitor.getByRole('button', { name: 'Register' }).click();
    await expect(visitor.getByRole('alert')).toHaveText('This e-mail is already registered.');
    await visitor.getByLabel('E-mail').fill(`hank-${run}@example.com`);
    await visitor.getByLabel('User ID').fill(ADMIN.username);
    await visitor.getByRole('button', { name: 'Register' }).click();
    await expect(visitor.getByRole('alert')).toHaveText('This user ID is not available.');
    await visitor.getByLabel('User ID').fill(`hank${run}`);
    await visitor.getByRole('button', { name: 'Register' }).click();
    await expect(visitor.getByRole('button', { name: 'New' })).toBeVisible();
    await visitor.close();

    await setMode('Restricted: an administrator approves each registration');
    const waiting = await browser.newPage();
    await waiting.goto('/register');
    await waiting.getByLabel('User ID').fill(`ivy${run}`);
    await waiting.getByLabel('Name').fill('Ivy');
    await waiting.getByLabel('E-mail').fill(`ivy-${run}@example.com`);
    await waiting.getByLabel('Password').fill('ivy password');
    await waiting.getByRole('button', { name: 'Register' }).click();
    await expect(waiting.getByTestId('register-pending')).toContainText('awaiting approval');

    await page.goto('/admin/users');
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Awaiting approval' });
    const row = page.locator(`tr[data-username="ivy${run}"]`);
    await row.getByRole('button', { name: `Actions for ivy${run}` }).click();
    await page.getByRole('menuitem', { name: 'Approve' }).click();
    await expect(row).toHaveCount(0); // no longer awaiting approval
    await send(waiting.request, 'post', '/_api/v3/login', {
      username: `ivy${run}`,
      password: 'ivy password',
    });
    await waiting.close();

    await setMode('Closed: invitation only');
    const closed = await browser.newPage();
    await closed.goto('/login');
    await expect(closed.getByRole('link', { name: 'Create an account' })).toHaveCount(0);
    await closed.close();
  } finally {
    await send(page.request, 'put', '/_api/v3/security-setting/local-setting', {
      registrationMode: 'Restricted',
    });
  }
});

async function groupId(page: Page, name: string): Promise<string> {
  const res = await page.request.get('/_api/v3/user-groups?page=1&limit=1000');
  const { userGroups } = (await res.json()) as { userGroups: { _id: string; name: string }[] };
  return userGroups.find((g) => g.name === name)!._id;
}

test('a page more open than its parent is saved or moved only after the user confirms', async ({ page }) => {
  await signIn(page);
  const root = uniquePath('Wider');
  await createGrantedPage(page, `${root}/Private`, 'Mine alone.', { grant: 4 });
  await createGrantedPage(page, `${root}/Loose`, 'A public page.', { grant: 1 });

  // A new child starts with its parent's grant; choosing Public asks first. No: nothing is saved.
  await page.goto(`${urlOf(`${root}/Private/Child`)}#edit`);
  const scope = page.getByRole('combobox', { name: 'Scope of disclosure' });
  await expect(scope).toHaveValue('4');
  await scope.selectOption({ label: 'Public' });
  const asked: string[] = [];
  page.once('dialog', (d) => {
    asked.push(d.message());
    void d.dismiss();
  });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast-error')).toContainText('Not saved');
  expect(asked[0]).toContain(`more open than its parent page ${root}/Private`);
  const missing = await page.request.get(`/_api/v3/page?path=${encodeURIComponent(`${root}/Private/Child`)}`);
  expect(missing.status()).toBe(404);

  // Yes: saved public.
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('grant-lock')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Edit', exact: true })).toBeVisible();

  // Moving a public page under the private one asks the same.
  await page.goto(urlOf(`${root}/Loose`));
  await pageMenu(page, 'Move / rename');
  const dialog = page.getByRole('dialog', { name: 'Move or rename this page' });
  await dialog.getByLabel('New page path').fill(`${root}/Private/Loose`);
  page.once('dialog', (d) => void d.accept());
  await dialog.getByRole('button', { name: 'Move / rename' }).click();
  await expect(page).toHaveURL(new RegExp(`${urlOf(`${root}/Private/Loose`)}\\?renamedFrom=`));
});
