// Where attachments live, on screen (issue 19): the admin moves the wiki's attachments into the
// database, then into a bucket on a local S3-compatible server (s3rver on 127.0.0.1), watching the
// move finish; the attachment keeps downloading throughout. The shared server is left on local.
import { expect, test, type Page } from '@playwright/test';
import { startS3, S3_KEY, type S3Standin } from '../helpers/s3-standin';
import { createPage, csrf, signIn, uniquePath } from './helpers';

let s3: S3Standin;
test.beforeAll(async () => {
  s3 = await startS3();
});
test.afterAll(async () => {
  await s3.close();
});

async function moveOnScreen(page: Page, label: string): Promise<void> {
  const form = page.getByTestId('file-upload-settings');
  await form.getByRole('radio', { name: label }).check();
  await expect(form.getByText('Every attachment will be copied to the new storage')).toBeVisible();
  await form.getByRole('button', { name: 'Move attachments' }).click();
  await expect(form.getByTestId('storage-move-status')).toContainText('All attachments moved', {
    timeout: 15_000,
  });
  await expect(form.getByRole('radio', { name: `${label} (in use)` })).toBeChecked();
}

test('an admin moves attachments into the database and into a bucket, and they keep downloading', async ({
  page,
}) => {
  test.slow();
  await signIn(page);
  const wikiPage = await createPage(page, uniquePath('stored'), 'with a file');
  const upload = await page.request.post('/_api/v3/attachment', {
    headers: { 'x-csrf-token': await csrf(page.request) },
    multipart: {
      page_id: wikiPage._id,
      file: { name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('kept bytes') },
    },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  const id = ((await upload.json()) as { attachment: { _id: string } }).attachment._id;
  const bytes = async () => (await page.request.get(`/download/${id}`)).text();

  await page.goto('/admin/app');
  try {
    await moveOnScreen(page, 'Inside the database (quire.db)');
    expect(await bytes()).toBe('kept bytes');

    const form = page.getByTestId('file-upload-settings');
    await form.getByRole('radio', { name: 'S3-compatible bucket' }).check();
    await form.getByLabel('AWS region', { exact: true }).fill('us-east');
    await form.getByLabel('Custom endpoint', { exact: true }).fill(s3.endpoint);
    await form.getByLabel('Bucket', { exact: true }).fill(s3.bucket);
    await form.getByLabel('Access key ID', { exact: true }).fill(S3_KEY.id);
    await form.getByLabel('Secret access key', { exact: true }).fill(S3_KEY.secret);
    await form.getByLabel(/Path-style addresses/).check();
    await form.getByRole('button', { name: 'Test connection' }).click();
    await expect(form.getByText('AWS region must be a region name.')).toBeVisible();
    await form.getByLabel('AWS region', { exact: true }).fill('us-east-1');
    await form.getByRole('button', { name: 'Test connection' }).click();
    await expect(page.getByTestId('toast-success').last()).toContainText('The storage works');
    if (process.env.QUIRE_E2E_SCREENSHOTS)
      await page.screenshot({
        path: `${process.env.QUIRE_E2E_SCREENSHOTS}/file-storage.png`,
        fullPage: true,
      });
    await moveOnScreen(page, 'S3-compatible bucket');
    expect(s3.object(`attachments/${id}`)?.toString()).toBe('kept bytes');
    expect(await bytes()).toBe('kept bytes');

    // Back to this machine's folder, as the other specs expect.
    await moveOnScreen(page, "This machine's folder");
    expect(await bytes()).toBe('kept bytes');
    expect(s3.object(`attachments/${id}`)).toBeNull();
  } finally {
    await backToLocal(page);
  }
});

/** Whatever happened above, the shared server ends on local storage. */
async function backToLocal(page: Page): Promise<void> {
  const url = '/_api/v3/app-settings/file-upload-setting';
  const moving = async () =>
    ((await (await page.request.get(`${url}/move`)).json()) as { moveStatus: { state: string } }).moveStatus
      .state;
  await expect.poll(moving, { timeout: 15_000 }).not.toBe('running');
  await page.request.put(url, {
    headers: { 'x-csrf-token': await csrf(page.request) },
    data: { fileUploadType: 'local' },
  });
  await expect.poll(moving, { timeout: 15_000 }).not.toBe('running');
}
