// The Markdown settings' presentation part (issue 15): SPEC §9's page-break presets and a custom
// regular expression, checked; admins only; the web app reads them through app-config.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Agent, signInTeam, startTestServer, type TestServer } from '../helpers/server';
import type { AppConfigResponse } from '../../src/shared/api-types';

let server: TestServer;
let admin: Agent;
let bob: Agent;

beforeEach(async () => {
  server = await startTestServer();
  ({ admin, bob } = await signInTeam(server.app, ['bob']));
});
afterEach(async () => {
  await server.cleanup();
});

describe('presentation page-break', () => {
  it('is five hyphens by default, can be changed by admins, and reaches the web app', async () => {
    const read = await admin.get('/_api/v3/markdown-setting');
    expect(read.json().markdownParams).toMatchObject({ pageBreakSeparator: 2, pageBreakCustomSeparator: '' });
    const saved = await admin.put('/_api/v3/markdown-setting/presentation', {
      pageBreakSeparator: 3,
      pageBreakCustomSeparator: '^={3,}$',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const config = (await bob.get('/_api/v3/app-config')).json<AppConfigResponse>();
    expect(config.presentation).toEqual({ pageBreakSeparator: 3, pageBreakCustomSeparator: '^={3,}$' });

    expect((await bob.get('/_api/v3/markdown-setting')).statusCode).toBe(403);
    expect(
      (await bob.put('/_api/v3/markdown-setting/presentation', { pageBreakSeparator: 1 })).statusCode,
    ).toBe(403);
    expect(
      (await new Agent(server.app).put('/_api/v3/markdown-setting/presentation', { pageBreakSeparator: 1 }))
        .statusCode,
    ).toBe(401);
  });

  it('refuses a custom separator that cannot work, and changes nothing', async () => {
    const put = (custom: string) =>
      admin.put('/_api/v3/markdown-setting/presentation', {
        pageBreakSeparator: 3,
        pageBreakCustomSeparator: custom,
      });
    expect((await put('')).json().errors[0].message).toBe('Custom page-break is required');
    expect((await put('(')).json().errors[0].message).toBe(
      'The page-break regular expression does not work: invalid',
    );
    expect((await put('.*')).statusCode).toBe(400);
    expect(
      (await admin.put('/_api/v3/markdown-setting/presentation', { pageBreakSeparator: 4 })).statusCode,
    ).toBe(400);
    expect(server.app.ctx.settings.get('markdown:presentation:pageBreakSeparator')).toBe(2);
  });
});

describe('line breaks and indent', () => {
  it('are admin settings every browser reads through app-config', async () => {
    const breaks = await admin.put('/_api/v3/markdown-setting/lineBreak', { isEnabledLinebreaks: true });
    expect(breaks.statusCode, breaks.body).toBe(200);
    const indent = await admin.put('/_api/v3/markdown-setting/indent', {
      adminPreferredIndentSize: 2,
      isIndentSizeForced: true,
    });
    expect(indent.statusCode, indent.body).toBe(200);
    const config = (await bob.get('/_api/v3/app-config')).json<AppConfigResponse>();
    expect(config.markdown).toEqual({
      isEnabledLinebreaks: true,
      adminPreferredIndentSize: 2,
      isIndentSizeForced: true,
    });
    expect(
      (
        await admin.put('/_api/v3/markdown-setting/indent', {
          adminPreferredIndentSize: 3,
          isIndentSizeForced: false,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await bob.put('/_api/v3/markdown-setting/lineBreak', { isEnabledLinebreaks: false })).statusCode,
    ).toBe(403);
    expect(
      (
        await bob.put('/_api/v3/markdown-setting/indent', {
          adminPreferredIndentSize: 4,
          isIndentSizeForced: false,
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('diagram servers', () => {
  it('take http(s) addresses only, admins only, and reach the web app', async () => {
    const put = (agent: Agent, body: object) => agent.put('/_api/v3/markdown-setting/diagram-servers', body);
    const ok = await put(admin, { plantumlUri: 'http://127.0.0.1:8080/', blockdiagUri: '' });
    expect(ok.json().markdownParams).toEqual({ plantumlUri: 'http://127.0.0.1:8080', blockdiagUri: '' });
    const config = (await bob.get('/_api/v3/app-config')).json<AppConfigResponse>();
    expect(config.diagramServers).toEqual({ plantumlUri: 'http://127.0.0.1:8080', blockdiagUri: '' });
    for (const bad of ['javascript:alert(1)', 'ftp://x', 'http://user:pw@host', 'not a url']) {
      expect((await put(admin, { plantumlUri: bad, blockdiagUri: '' })).statusCode, bad).toBe(400);
    }
    expect(server.app.ctx.settings.get('app:plantumlUri')).toBe('http://127.0.0.1:8080');
    expect((await put(bob, { plantumlUri: '', blockdiagUri: '' })).statusCode).toBe(403);
  });
});

describe("GROWI's XSS setting", () => {
  it('reads as always on with the recommended lists, and takes only that choice', async () => {
    const read = (await admin.get('/_api/v3/markdown-setting')).json().markdownParams;
    expect(read).toMatchObject({ isEnabledXss: true, xssOption: 2 });
    expect(read.tagWhitelist).toContain('blockquote');
    expect(JSON.parse(read.attrWhitelist)['*']).toContain('href');
    const kept = await admin.put('/_api/v3/markdown-setting/xss', {
      isEnabledXss: true,
      xssOption: 2,
      tagWhitelist: read.tagWhitelist,
      attrWhitelist: read.attrWhitelist,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toEqual({
      isEnabledXss: true,
      xssOption: 2,
      tagWhitelist: read.tagWhitelist,
      attrWhitelist: read.attrWhitelist,
    });
  });

  it('refuses turning it off or other lists, in the admin language, and is for admins only', async () => {
    const off = await admin.put('/_api/v3/markdown-setting/xss', { isEnabledXss: false });
    expect(off.statusCode).toBe(400);
    expect(off.json().errors[0]).toMatchObject({
      code: 'xss_always_on',
      message: expect.stringMatching(/always on/),
    });
    const custom = await admin.put('/_api/v3/markdown-setting/xss', { isEnabledXss: true, xssOption: 3 });
    expect(custom.statusCode).toBe(400);
    expect((await bob.put('/_api/v3/markdown-setting/xss', { isEnabledXss: true })).statusCode).toBe(403);
    expect(
      (await new Agent(server.app).put('/_api/v3/markdown-setting/xss', { isEnabledXss: true })).statusCode,
    ).toBe(401);
  });
});
