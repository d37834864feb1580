// Google Cloud Storage through its own API (issue 19), against a stand-in of its JSON API on
// 127.0.0.1 that checks every request's JWT against the test service account's public key: the
// key's checks, a move into the bucket, relay and redirect delivery.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signInTeam, startTestServer, type TestServer } from '../helpers/server';
import { startGcs, type GcsStandin } from '../helpers/gcs-standin';
import { uploadAs } from '../helpers/multipart';
import { readZip } from '../helpers/archive';
import type { Page } from '../../src/shared/api-types';
import type { Attachment } from '../../src/shared/attachment-types';

const SETTING = '/_api/v3/app-settings/file-upload-setting';

describe('Google Cloud Storage through its own API', () => {
  let gcs: GcsStandin;
  let gcsServer: TestServer | undefined;
  beforeEach(async () => {
    gcs = await startGcs();
  });
  afterEach(async () => {
    await gcsServer?.app.ctx.storageMove.settled();
    await gcsServer?.cleanup();
    await gcs.close();
  });

  it('checks the key, moves files into the bucket, and serves them by relay and by redirect', async () => {
    const server = await startTestServer({ gcsApiEndpoint: gcs.url });
    gcsServer = server;
    const team = await signInTeam(server.app, ['bob', 'carol']);
    const owner = team.bob;
    const p = (await owner.post('/_api/v3/page', { path: '/gcs', body: 'x' })).json<{ page: Page }>().page;
    const uploaded = await uploadAs(owner, p._id, { name: 'g.txt', type: 'text/plain', bytes: 'in gcs' });
    const id = uploaded.json<{ attachment: Attachment }>().attachment._id;
    const settingsFor = (extra: Record<string, unknown> = {}) => ({
      fileUploadType: 'gcs',
      gcsApiKeyJson: gcs.keyJson,
      gcsBucket: gcs.bucket,
      gcsUploadNamespace: 'wiki',
      gcsReferenceFileWithRelayMode: true,
      ...extra,
    });

    const badKey = await team.admin.put(
      SETTING,
      settingsFor({ gcsApiKeyJson: '{"type":"service_account"}' }),
    );
    expect(badKey.json().errors[0].message).toBe(
      "The service account key must be Google's JSON key file, with client_email and private_key.",
    );
    const relative = await team.admin.put(
      SETTING,
      settingsFor({ gcsApiKeyJson: '', gcsApiKeyJsonPath: 'key.json' }),
    );
    expect(relative.statusCode).toBe(400);
    const missing = await team.admin.put(SETTING, settingsFor({ gcsBucket: 'no-such-bucket' }));
    expect(missing.json().errors[0].code).toBe('storage_test_failed');
    expect(server.app.ctx.settings.get('gcs:apiKeyJson')).toBe('');

    const moved = await team.admin.put(SETTING, settingsFor());
    expect(moved.statusCode, moved.body).toBe(202);
    await server.app.ctx.storageMove.settled();
    expect(server.app.ctx.storageMove.status()).toMatchObject({ state: 'done', to: 'gcs', verified: 1 });
    expect(gcs.objects.get(`wiki/attachments/${id}`)?.data.toString()).toBe('in gcs');
    const view = (await team.admin.get(SETTING)).json().fileUploadSettingParams;
    expect(view).toMatchObject({ fileUploadType: 'gcs', isGcsApiKeyJsonSet: true, gcsBucket: gcs.bucket });
    expect(JSON.stringify(view)).not.toContain('PRIVATE KEY');
    expect((await team.carol.get(`/download/${id}`)).body).toBe('in gcs');
    // Every request to the bucket carried a JWT the service account signed.
    expect(gcs.signedRequests).toBeGreaterThan(0);
    // A backup carries the bucket's files too, as it does an S3 bucket's.
    const backup = await server.app.ctx.backups.backupNow('manual');
    const entries = await readZip(fs.readFileSync(path.join(server.app.ctx.backups.dir, backup.name)));
    expect(entries.get(`attachments/${id}`)).toBe('in gcs');

    await team.admin.put(
      SETTING,
      settingsFor({ gcsApiKeyJson: undefined, gcsReferenceFileWithRelayMode: false }),
    );
    const redirected = await team.carol.get(`/attachment/${id}`);
    expect(redirected.statusCode).toBe(302);
    expect(String(redirected.headers.location)).toContain(
      `/${gcs.bucket}/wiki/attachments/${id}?X-Goog-Algorithm=GOOG4-RSA-SHA256`,
    );
    expect(String(redirected.headers.location)).toContain('X-Goog-Signature=');
  });
});
