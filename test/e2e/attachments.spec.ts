// Attachments in Chromium (issue 7): drop an image into the editor, see it in the preview, on the
// saved page and in the page's attachment list; a guest sees the image but no delete icon.
import { expect, test, type Page } from '@playwright/test';
import { createPage, editorText, markdownEditor, signIn, uniquePath, urlOf } from './helpers';

const shots = process.env.QUIRE_E2E_SCREENSHOTS;

/** Drops a 60×40 red PNG named `name` on the editor, as a file dragged from the desktop would be. */
async function dropImage(page: Page, name: string): Promise<void> {
  const dataTransfer = await page.evaluateHandle(async (fileName) => {
    const canvas = document.createElement('canvas');
    canvas.width = 60;
    canvas.height = 40;
    const g = canvas.getContext('2d');
    if (!g) throw new Error('no 2d context');
    g.fillStyle = '#d22';
    g.fillRect(0, 0, 60, 40);
    const blob = await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('no blob'))), 'image/png'),
    );
    const transfer = new DataTransfer();
    transfer.items.add(new File([blob], fileName, { type: 'image/png' }));
    return transfer;
  }, name);
  // Dropped below the text: the image goes at the end of the document.
  const box = await page.locator('.cm-content').boundingBox();
  if (!box) throw new Error('no editor');
  await page
    .locator('.cm-content')
    .dispatchEvent('drop', { dataTransfer, clientX: box.x + 100, clientY: box.y + box.height - 10 });
}

const loadedImage = (scope: ReturnType<Page['locator']>, name: string) => scope.locator(`img[alt="${name}"]`);

async function expectLoaded(image: ReturnType<Page['locator']>): Promise<void> {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(60);
}

test('drop an image into the editor, see it in the preview, on the page and in its list', async ({
  page,
  browser,
}) => {
  await signIn(page);
  const created = await createPage(page, uniquePath('Attach'), 'Before the picture.\n');
  await page.goto(`${urlOf(created.path)}#edit`);
  await expect(markdownEditor(page)).toBeVisible();

  await dropImage(page, 'red.png');
  await expect
    .poll(() => editorText(page))
    .toMatch(/^Before the picture\.\n\n!\[red\.png\]\(\/attachment\/[0-9a-f]{24}\)\n$/);
  await expectLoaded(loadedImage(page.locator('.editor-preview'), 'red.png'));
  if (shots) await page.screenshot({ path: `${shots}/attachments-editor.png` });

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const body = page.locator('.page .markdown-body').first();
  await expectLoaded(loadedImage(body, 'red.png'));
  const list = page.getByRole('region', { name: 'Attachments' });
  const row = list.getByRole('row').filter({ hasText: 'red.png' });
  await expect(row).toContainText('image/png');
  await expect(row).toContainText('Ada Admin');
  await expect(row.getByRole('button', { name: 'Delete red.png' })).toBeVisible();
  await expect(row.getByRole('link', { name: 'Download red.png' })).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/attachments-page.png`, fullPage: true });

  // A guest sees the picture and the list, without download or delete icons (SPEC §6).
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto(urlOf(created.path));
  await expectLoaded(loadedImage(guest.locator('.page .markdown-body').first(), 'red.png'));
  const guestRow = guest
    .getByRole('region', { name: 'Attachments' })
    .getByRole('row')
    .filter({ hasText: 'red.png' });
  await expect(guestRow).toBeVisible();
  await expect(guestRow.getByRole('button', { name: 'Delete red.png' })).toHaveCount(0);
  await expect(guestRow.getByRole('link', { name: 'Download red.png' })).toHaveCount(0);
  if (shots) await guest.screenshot({ path: `${shots}/attachments-guest.png`, fullPage: true });

  // Through a share link of the page made private, a guest sees the picture and the list.
  const token = ((await (await page.request.get('/_api/v3/csrf-token')).json()) as { token: string }).token;
  const headers = { 'x-csrf-token': token };
  const pageNow = (await (await page.request.get(`/_api/v3/page?pageId=${created._id}`)).json()) as {
    page: { revision: { _id: string; body: string } };
  };
  const privately = await page.request.put('/_api/v3/page', {
    headers,
    data: {
      pageId: created._id,
      revisionId: pageNow.page.revision._id,
      body: pageNow.page.revision.body,
      grant: 4,
    },
  });
  expect(privately.status(), await privately.text()).toBe(200);
  const link = await page.request.post('/_api/v3/share-links', {
    headers,
    data: { relatedPage: created._id },
  });
  const linkId = ((await link.json()) as { _id: string })._id;
  await guest.goto(urlOf(created.path));
  await expect(guest.locator('.page .markdown-body img')).toHaveCount(0);
  await guest.goto(`/share/${linkId}`);
  await expectLoaded(loadedImage(guest.locator('.shared-page .markdown-body'), 'red.png'));
  await expect(guest.getByRole('region', { name: 'Attachments' })).toContainText('red.png');
  if (shots) await guest.screenshot({ path: `${shots}/attachments-shared.png`, fullPage: true });
  await guestContext.close();

  // The uploader deletes it: gone from the list.
  page.once('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: 'Delete red.png' }).click();
  await expect(list.getByRole('row').filter({ hasText: 'red.png' })).toHaveCount(0);
});

test('an admin turns link sharing off: the Share dialog says so and links stop opening', async ({
  page,
  browser,
}) => {
  await signIn(page);
  const wiki = await createPage(page, uniquePath('NoSharing'), 'Not for sharing');
  const token = ((await (await page.request.get('/_api/v3/csrf-token')).json()) as { token: string }).token;
  const link = await page.request.post('/_api/v3/share-links', {
    headers: { 'x-csrf-token': token },
    data: { relatedPage: wiki._id },
  });
  const linkId = ((await link.json()) as { _id: string })._id;
  const setSharing = async (off: boolean) => {
    await page.goto('/admin/security');
    const box = page.getByLabel('Disable link sharing');
    await (off ? box.check() : box.uncheck());
    await page.getByRole('button', { name: 'Save sharing and upload settings' }).click();
    await expect(page.getByTestId('toast-success').last()).toContainText('Link sharing and uploads');
  };
  try {
    await setSharing(true);
    if (shots) await page.screenshot({ path: `${shots}/security-sharing.png`, fullPage: true });
    await page.goto(urlOf(wiki.path));
    await page.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share links' });
    await expect(dialog).toContainText('Link sharing is disabled by the administrator');
    await expect(dialog.getByRole('button', { name: 'Issue' })).toHaveCount(0);
    const guest = await browser.newPage();
    await guest.goto(`/share/${linkId}`);
    await expect(guest.getByText('Link sharing is disabled by the administrator')).toBeVisible();
    await expect(guest.getByText('Not for sharing')).toHaveCount(0);
    await guest.close();
  } finally {
    await setSharing(false);
  }
});
