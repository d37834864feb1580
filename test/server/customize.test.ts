// /admin/customize (issue 15): admins only; custom CSS served as a stylesheet of the wiki's own
// origin and linked from every screen; the custom script only with its switch, with a fresh CSP
// nonce, never on the sign-in, personal or admin screens; bad values refused.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import path from 'node:path';
import fs from 'node:fs';
import os from 'node:os';
import { Agent, signInTeam, startTestServer, type TestServer } from '../helpers/server';
import type { AppConfigResponse } from '../../src/shared/api-types';

let server: TestServer;
let admin: Agent;
let bob: Agent;
let rendererDir: string;

beforeEach(async () => {
  // A tiny web app so the index.html the server sends can be read.
  rendererDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-renderer-'));
  fs.writeFileSync(
    path.join(rendererDir, 'index.html'),
    '<!doctype html><html><head><title>Q</title></head><body><div id="root"></div></body></html>',
  );
  server = await startTestServer({ rendererDir });
  ({ admin, bob } = await signInTeam(server.app, ['bob']));
});
afterEach(async () => {
  await server.cleanup();
  fs.rmSync(rendererDir, { recursive: true, force: true });
});

const page = (url: string) => server.app.inject({ method: 'GET', url });

describe('customize', () => {
  it('is for admins, and reaches every browser through app-config', async () => {
    expect((await bob.get('/_api/v3/customize-setting')).statusCode).toBe(403);
    expect((await bob.put('/_api/v3/customize-setting/layout', { isContainerFluid: true })).statusCode).toBe(
      403,
    );
    expect(
      (await new Agent(server.app).put('/_api/v3/customize-setting/customize-css', { customizeCss: 'x' }))
        .statusCode,
    ).toBe(401);
    await admin.put('/_api/v3/customize-setting/theme', { theme: 'forest' });
    const layout = await admin.put('/_api/v3/customize-setting/layout', { isContainerFluid: true });
    expect(layout.json().customizedParams).toMatchObject({ isContainerFluid: true }); // GROWI's key
    await admin.put('/_api/v3/customize-setting/highlight', { styleName: 'solarized', styleBorder: true });
    await admin.put('/_api/v3/customize-setting/customize-title', {
      customizeTitle: '{{sitename}} | {{pagename}}',
    });
    await admin.put('/_api/v3/customize-setting/customize-header', { customizeHeader: '<b>Internal</b>' });
    const config = (await bob.get('/_api/v3/app-config')).json<AppConfigResponse>();
    expect(config.customize).toMatchObject({
      theme: 'forest',
      isContainerFluid: true,
      styleName: 'solarized',
      styleBorder: true,
      customizeTitle: '{{sitename}} | {{pagename}}',
      customizeHeader: '<b>Internal</b>',
    });
    expect(
      (await admin.put('/_api/v3/customize-setting/highlight', { styleName: 'neon', styleBorder: true }))
        .statusCode,
    ).toBe(400);
    // GROWI's single-part reads.
    expect((await admin.get('/_api/v3/customize-setting/layout')).json()).toEqual({ isContainerFluid: true });
    expect((await admin.get('/_api/v3/customize-setting/theme')).json()).toEqual({
      currentTheme: 'forest',
      pluginThemesMetadatas: [],
    });
    expect((await bob.get('/_api/v3/customize-setting/layout')).statusCode).toBe(403);
    expect((await bob.get('/_api/v3/customize-setting/theme')).statusCode).toBe(403);
  });

  it('links the custom CSS from every screen, served as CSS of this origin', async () => {
    expect((await page('/')).body).not.toContain('quire-custom-css');
    await admin.put('/_api/v3/customize-setting/customize-css', {
      customizeCss: '.navbar { background: hotpink; }',
    });
    const html = (await page('/some/page')).body;
    const href = /<link rel="stylesheet" id="quire-custom-css" href="([^"]+)">/.exec(html)?.[1];
    expect(href).toMatch(/^\/_api\/v3\/customize-setting\/custom\.css\?v=[0-9a-f]{12}$/);
    const css = await page(href!);
    expect(css.headers['content-type']).toContain('text/css');
    expect(css.body).toBe('.navbar { background: hotpink; }');
    expect((await page('/admin')).body).toContain('quire-custom-css');
  });

  it('runs the custom script only with its switch, with a nonce, never on sign-in or admin screens', async () => {
    const script = "document.title = 'custom';</script><script>alert(1)";
    await admin.put('/_api/v3/customize-setting/customize-script', {
      customizeScript: script,
      isScriptEnabled: false,
    });
    const off = await page('/some/page');
    expect(off.body).not.toContain('quire-custom-script');
    expect(off.headers['content-security-policy']).toContain("script-src 'self';");

    await admin.put('/_api/v3/customize-setting/customize-script', {
      customizeScript: script,
      isScriptEnabled: true,
    });
    const on = await page('/some/page');
    const nonce = /<script id="quire-custom-script" nonce="([^"]+)">/.exec(on.body)?.[1];
    expect(nonce).toBeTruthy();
    expect(on.headers['content-security-policy']).toContain(`script-src 'self' 'nonce-${nonce}'`);
    // The admin's `</script>` cannot close the element and start an inline script of its own.
    expect(on.body).toContain("document.title = 'custom';<\\/script><script>alert(1)</script>");
    expect(on.body.match(/<script/g)).toHaveLength(2);
    const again = /nonce="([^"]+)"/.exec((await page('/some/page')).body)?.[1];
    expect(again).not.toBe(nonce);
    for (const url of ['/admin', '/admin/customize', '/login', '/me', '/forgot-password']) {
      const res = await page(url);
      expect(res.body, url).not.toContain('quire-custom-script');
      expect(res.headers['content-security-policy'], url).not.toContain('nonce-');
    }
  });
});

describe("GROWI's customize forms", () => {
  it("take GROWI's highlight field names and its script form without the switch", async () => {
    const growi = await admin.put('/_api/v3/customize-setting/highlight', {
      highlightJsStyle: 'solarized',
      highlightJsStyleBorder: false,
    });
    expect(growi.statusCode, growi.body).toBe(200);
    expect(growi.json().customizedParams).toMatchObject({ styleName: 'solarized', styleBorder: false });
    const half = await admin.put('/_api/v3/customize-setting/highlight', { highlightJsStyle: 'github' });
    expect(half.statusCode).toBe(400);
    expect((await admin.get('/_api/v3/customize-setting')).json().customizeParams.styleName).toBe(
      'solarized',
    );
    await admin.put('/_api/v3/customize-setting/customize-script', {
      customizeScript: '',
      isScriptEnabled: true,
    });
    const script = await admin.put('/_api/v3/customize-setting/customize-script', {
      customizeScript: 'void 0;',
    });
    expect(script.statusCode, script.body).toBe(200);
    expect(script.json().customizedParams).toMatchObject({
      customizeScript: 'void 0;',
      isScriptEnabled: true,
    });
  });
});

describe("GROWI's customize functions (SPEC §9's list sizes)", () => {
  it('take the four list sizes and the page switches, answer them, and reach every browser', async () => {
    const body = {
      isEnabledTimeline: false,
      isEnabledAttachTitleHeader: true,
      pageLimitationS: 5,
      pageLimitationM: 6,
      pageLimitationL: 7,
      pageLimitationXL: 8,
      isEnabledStaleNotification: false,
      isAllReplyShown: true,
      isSearchScopeChildrenAsDefault: true,
      showPageSideAuthors: false,
    };
    const res = await admin.put('/_api/v3/customize-setting/function', body);
    expect(res.statusCode, res.body).toBe(200);
    // Quire always names a page's authors: that switch is taken, not kept.
    expect(res.json().customizedParams).toMatchObject({ ...body, showPageSideAuthors: true });
    expect((await admin.get('/_api/v3/customize-setting')).json().customizeParams).toMatchObject({
      pageLimitationS: 5,
      isEnabledTimeline: false,
    });
    const config = (await bob.get('/_api/v3/app-config')).json<AppConfigResponse>();
    expect(config.customize).toMatchObject({ pageLimitationL: 7, isSearchScopeChildrenAsDefault: true });
  });

  it('refuse sizes outside 1–1000 and non-admins, and change nothing then', async () => {
    expect((await admin.put('/_api/v3/customize-setting/function', { pageLimitationS: 0 })).statusCode).toBe(
      400,
    );
    expect(
      (await admin.put('/_api/v3/customize-setting/function', { pageLimitationXL: 1001 })).statusCode,
    ).toBe(400);
    expect((await bob.put('/_api/v3/customize-setting/function', { pageLimitationS: 3 })).statusCode).toBe(
      403,
    );
    expect((await admin.get('/_api/v3/customize-setting')).json().customizeParams.pageLimitationS).toBe(20);
  });
});
