// PlantUML and blockdiag through the servers the admin names (SPEC §3): without one a block stays
// code; with one it becomes an image whose address carries the encoded source. A stand-in server
// on 127.0.0.1 decodes what it is asked for.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateRawSync, inflateSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { createPage, csrf, signIn, uniquePath, urlOf } from './helpers';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_';
function plantumlDecode(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i += 4) {
    const [a, b, c, d] = [...text.slice(i, i + 4)].map((ch) => ALPHABET.indexOf(ch));
    bytes.push((a! << 2) | (b! >> 4), ((b! & 0xf) << 4) | (c! >> 2), ((c! & 0x3) << 6) | d!);
  }
  return inflateRawSync(Buffer.from(bytes)).toString('utf8');
}

test('plantuml and blockdiag blocks become images of the servers the admin named', async ({ page }) => {
  const asked: string[] = [];
  const server = http.createServer((req, res) => {
    asked.push(req.url ?? '');
    res
      .writeHead(200, { 'content-type': 'image/svg+xml' })
      .end('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await signIn(page);
  const path = uniquePath('diagrams');
  await createPage(
    page,
    path,
    '```plantuml\nAlice -> Bob: hello\n```\n\n```blockdiag\nblockdiag { A -> B; }\n```',
  );
  try {
    await page.goto(urlOf(path));
    await expect(page.locator('article .markdown-body pre').first()).toContainText('Alice -> Bob: hello');

    await page.goto('/admin/markdown');
    const form = page.getByTestId('diagram-servers');
    await form.getByLabel('PlantUML server').fill(base);
    await form.getByLabel('blockdiag server (Kroki-compatible)').fill(`${base}/`);
    await form.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByTestId('toast-success').last()).toContainText('Diagram servers');

    await page.goto(urlOf(path));
    await expect(page.getByTestId('plantuml-diagram')).toBeVisible();
    await expect(page.getByTestId('blockdiag-diagram')).toBeVisible();
    // Each image is asked for at least once; a re-render may ask again, which is fine.
    const plantumlAsked = () => asked.find((url) => url.startsWith('/svg/'));
    const blockdiagAsked = () => asked.find((url) => url.startsWith('/blockdiag/svg/'));
    await expect.poll(() => Boolean(plantumlAsked() && blockdiagAsked())).toBe(true);
    expect(asked.every((url) => url.startsWith('/svg/') || url.startsWith('/blockdiag/svg/'))).toBe(true);
    const plantuml = plantumlAsked()!;
    expect(plantumlDecode(plantuml.slice('/svg/'.length))).toBe('Alice -> Bob: hello');
    const blockdiag = blockdiagAsked()!;
    expect(inflateSync(Buffer.from(blockdiag.slice('/blockdiag/svg/'.length), 'base64url')).toString()).toBe(
      'blockdiag { A -> B; }',
    );
  } finally {
    await page.request.put('/_api/v3/markdown-setting/diagram-servers', {
      headers: { 'x-csrf-token': await csrf(page.request) },
      data: { plantumlUri: '', blockdiagUri: '' },
    });
    // The browser may hold a keep-alive connection open; close it rather than wait for it.
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
