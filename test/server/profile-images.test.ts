// Issue 28: profile pictures as GROWI has them — an uploaded image (its older API's
// `attachments.uploadProfileImage` / `removeProfileImage`), or the Gravatar of one's address
// (`PUT /personal-setting/image-type`), else the default picture; `imageUrlCached` says which.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, signInTeam, startTestServer, type TestServer } from '../helpers/server';
import { multipartBody, PNG_1PX } from '../helpers/multipart';

let server: TestServer;
let admin: Agent;
let bob: Agent;
let carol: Agent;

const upload = async (agent: Agent, type = 'image/png', bytes: typeof PNG_1PX | string = PNG_1PX) => {
  const { body, contentType } = await multipartBody(
    { user: 'someone-else' },
    { name: 'me.png', type, bytes },
  );
  return agent.post('/_api/attachments.uploadProfileImage', body, { 'content-type': contentType });
};
const imageOf = async (agent: Agent) =>
  (await agent.get('/_api/v3/personal-setting')).json().currentUser.imageUrlCached as string;

beforeAll(async () => {
  server = await startTestServer();
  ({ admin, bob, carol } = await signInTeam(server.app, ['bob', 'carol']));
});
afterAll(async () => {
  await server.cleanup();
});

describe('profile images', () => {
  it('are uploaded by their user, seen by readers, and replaced and removed with their files', async () => {
    expect(await imageOf(bob)).toBe('/images/icons/user.svg');
    const first = await upload(bob);
    expect(first.statusCode, first.body).toBe(200);
    const firstId = first.json().attachment._id as string;
    expect(first.json()).toMatchObject({
      ok: true,
      attachment: { filePathProxied: `/attachment/${firstId}` },
    });
    expect(await imageOf(bob)).toBe(`/attachment/${firstId}`);
    // Others, and guests in read-only guest mode, see it; the page orphan sweep leaves it alone.
    await server.app.ctx.attachments.removeOrphans();
    expect((await carol.get(`/attachment/${firstId}`)).rawPayload.equals(PNG_1PX)).toBe(true);
    expect((await new Agent(server.app).get(`/attachment/${firstId}`)).statusCode).toBe(200);

    const second = (await upload(bob)).json().attachment._id as string;
    expect(await imageOf(bob)).toBe(`/attachment/${second}`);
    expect((await carol.get(`/attachment/${firstId}`)).statusCode).toBe(404); // replaced: gone
    expect((await bob.post('/_api/attachments.removeProfileImage', { user: 'x' })).json()).toEqual({
      ok: true,
    });
    expect(await imageOf(bob)).toBe('/images/icons/user.svg');
    expect((await carol.get(`/attachment/${second}`)).statusCode).toBe(404);
    expect(await imageOf(carol)).toBe('/images/icons/user.svg'); // the form's `user` changed nobody else
  });

  it('are pictures only, for signed-in users', async () => {
    const svg = await upload(bob, 'image/svg+xml', '<svg onload="alert(1)"/>');
    expect(svg.statusCode).toBe(400);
    expect(svg.json()).toMatchObject({ ok: false });
    const guest = new Agent(server.app);
    expect((await upload(guest)).statusCode).toBe(401);
    expect((await guest.post('/_api/attachments.removeProfileImage', {})).statusCode).toBe(401);
    expect(
      (await guest.put('/_api/v3/personal-setting/image-type', { isGravatarEnabled: true })).statusCode,
    ).toBe(401);
  });

  it('may be the Gravatar of the e-mail address instead', async () => {
    const res = await bob.put('/_api/v3/personal-setting/image-type', { isGravatarEnabled: true });
    expect(res.statusCode, res.body).toBe(200);
    const email = (await bob.get('/_api/v3/personal-setting')).json().currentUser.email as string;
    const hash = createHash('md5').update(email.toLowerCase()).digest('hex');
    expect(res.json().userData).toEqual({
      isGravatarEnabled: true,
      imageUrlCached: `https://www.gravatar.com/avatar/${hash}`,
    });
    await bob.put('/_api/v3/personal-setting/image-type', { isGravatarEnabled: false });
    expect(await imageOf(bob)).toBe('/images/icons/user.svg');
    expect((await bob.put('/_api/v3/personal-setting/image-type', {})).statusCode).toBe(400);
  });

  it("answer GROWI's cache refresh for admins only (the address is worked out on every read)", async () => {
    const bobId = server.app.ctx.users.findByUsername('bob')!.id;
    expect((await admin.put('/_api/v3/users/update.imageUrlCache', { userIds: [bobId] })).json()).toEqual({});
    expect((await bob.put('/_api/v3/users/update.imageUrlCache', { userIds: [bobId] })).statusCode).toBe(403);
    expect((await admin.put('/_api/v3/users/update.imageUrlCache', { userIds: ['x'] })).statusCode).toBe(400);
  });
});
