// Directory sign-in in the browser (issue 13): the admin configures LDAP on /admin/security, tests
// it with the test form, signs out; a directory user signs in with the login form and sees only
// what their Quire groups allow. The spec starts its own slapd on 127.0.0.1 and switches LDAP off
// again at the end, so the specs after it sign in against local accounts only.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Page as WikiPage } from '../../src/shared/api-types';
import { LDAP_GROUPS, LDAP_MANAGER, startSlapd, type Slapd } from '../helpers/slapd';
import { signIn, unfoldProvider, uniquePath, urlOf } from './helpers';

let slapd: Slapd;
// A long walk through several screens and two browsers: more than the default 30 s on a busy machine.
test.setTimeout(90_000);
test.beforeAll(async () => {
  slapd = await startSlapd();
});
test.afterAll(async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page);
  await send(page.request, 'put', '/_api/v3/security-setting/authentication/enabled', {
    authId: 'ldap',
    isEnabled: false,
  });
  await context.close();
  await slapd.stop();
});

async function csrf(request: APIRequestContext): Promise<string> {
  return ((await (await request.get('/_api/v3/csrf-token')).json()) as { token: string }).token;
}

async function send(request: APIRequestContext, method: 'post' | 'put', url: string, data: unknown) {
  const res = await request[method](url, { headers: { 'x-csrf-token': await csrf(request) }, data });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
  return res.json() as Promise<unknown>;
}

async function runLdapTest(page: Page, username: string, password: string) {
  const form = page.locator('form.ldap-test-form');
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Test' }).click();
  return form;
}

test('an admin connects the directory; a directory user signs in and sees what their groups allow', async ({
  page,
  browser,
}) => {
  await signIn(page);
  await page.goto('/admin/security');
  const ldap = page.locator('section', { has: page.getByRole('heading', { name: 'LDAP', exact: true }) });
  await unfoldProvider(ldap);
  await ldap.getByLabel('Server URL').fill(slapd.serverUrl);
  await ldap.getByLabel('Bind DN', { exact: true }).fill(LDAP_MANAGER.dn);
  await ldap.getByLabel('Bind DN Password').fill(LDAP_MANAGER.password);
  await ldap.getByLabel('Name', { exact: true }).fill('cn');
  await ldap.getByLabel('Group Search Base DN').fill(LDAP_GROUPS);
  await ldap.getByLabel('Group Search Filter', { exact: true }).fill('(&(cn=wiki-users)(memberUid={{dn}}))');
  await ldap.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Succeeded to update LDAP')).toBeVisible();
  await expect(ldap.getByLabel('Bind DN Password')).toHaveValue('********');
  await ldap.getByLabel('Sign in with LDAP').click(); // saved at once; checked once the server agrees
  await expect(ldap.getByLabel('Sign in with LDAP')).toBeChecked();

  const form = await runLdapTest(page, 'alice', 'alice-pass');
  await expect(form.locator('.alert-success')).toHaveText('Successfully authenticated.');
  await expect(form.getByLabel('Logs')).toHaveValue(/uid=alice,ou=people/);
  await expect(form.getByLabel('Logs')).not.toHaveValue(new RegExp(LDAP_MANAGER.password));
  await runLdapTest(page, 'carol', 'carol-pass');
  await expect(form.locator('.alert-warning')).toHaveText(
    'This user does not belong to any groups designated by the group search filter.',
  );
  await page.screenshot({ path: test.info().outputPath('ldap-settings.png'), fullPage: true });

  // A directory member signs in through the ordinary login form.
  const aliceContext = await browser.newContext();
  const alice = await aliceContext.newPage();
  await alice.goto('/login');
  await alice.getByLabel('User ID or e-mail').fill('alice');
  await alice.getByLabel('Password').fill('alice-pass');
  await alice.getByRole('button', { name: 'Sign in' }).click();
  await expect(alice.getByRole('button', { name: 'New' })).toBeVisible();
  // Directory sign-in works: /me offers to link a directory account (issue 30: only then).
  await alice.goto('/me');
  await expect(alice.getByRole('heading', { name: 'Link an LDAP account' })).toBeVisible();

  // The admin puts alice in a Quire group and writes a group page and an only-me page.
  const group = (await send(page.request, 'post', '/_api/v3/user-groups', {
    name: `directory-${Date.now().toString(36)}`,
    description: 'Directory members',
    parentId: null,
  })) as { userGroup: { _id: string } };
  // Only members may grant a page to a group: the admin joins too.
  for (const member of ['alice', 'admin']) {
    await send(page.request, 'post', `/_api/v3/user-groups/${group.userGroup._id}/users/${member}`, {});
  }
  const root = uniquePath('ldap');
  const groupPage = (await send(page.request, 'post', '/_api/v3/page', {
    path: `${root}/Team`,
    body: 'For the directory team.',
    grant: 5,
    grantUserGroupIds: [{ type: 'UserGroup', item: group.userGroup._id }],
  })) as { page: WikiPage };
  expect(groupPage.page.grant).toBe(5);
  await send(page.request, 'post', '/_api/v3/page', { path: `${root}/Mine`, body: 'Admin only.', grant: 4 });

  await alice.goto(urlOf(`${root}/Team`));
  await expect(alice.getByText('For the directory team.')).toBeVisible();
  await alice.goto(urlOf(`${root}/Mine`));
  await expect(alice.getByRole('heading', { name: 'This page does not exist' })).toBeVisible();
  await expect(alice.getByText('Admin only.')).toHaveCount(0);

  // carol has the right password but is in no designated group: refused on the form.
  const carolContext = await browser.newContext();
  const carol = await carolContext.newPage();
  await carol.goto('/login');
  await carol.getByLabel('User ID or e-mail').fill('carol');
  await carol.getByLabel('Password').fill('carol-pass');
  await carol.getByRole('button', { name: 'Sign in' }).click();
  await expect(carol.getByRole('alert')).toHaveText('Ldap user is no valid');
  await aliceContext.close();
  await carolContext.close();
});
