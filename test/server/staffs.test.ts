// Staff credits (SPEC §3, §7): GET /_api/v3/staffs answers data.contributors to anyone.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Agent, install, startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
  await install(server.app);
});
afterEach(async () => {
  await server.cleanup();
});

describe('GET /_api/v3/staffs', () => {
  it('lists sections of contributors with their members, for guests too (even in deny mode)', async () => {
    server.app.ctx.settings.set('security:restrictGuestMode', 'Deny');
    const res = await new Agent(server.app).get('/_api/v3/staffs');
    expect(res.statusCode).toBe(200);
    const { contributors } = res.json().data;
    expect(contributors.length).toBeGreaterThan(0);
    for (const section of contributors) {
      expect(section.sectionName).toEqual(expect.any(String));
      for (const group of section.memberGroups) {
        for (const member of group.members) expect(member.name).toEqual(expect.any(String));
      }
    }
    expect(contributors[0].sectionName).toBe('Quire');
  });
});
