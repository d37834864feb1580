// The file upload section of the app settings (GROWI's names), each backend's part from its
// folder; the connection test every remote backend passes before it is saved.
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { SettingsService } from '../settings/service';
import type { FileUploadSettingsView } from '../../../shared/file-storage-types';
import { STORAGE_BACKENDS } from './backends';
import { StorageProblemError, type AttachmentStorage } from './types';

export function fileUploadSettingsView(settings: SettingsService): FileUploadSettingsView {
  return Object.assign(
    { fileUploadType: settings.get('app:fileUploadType') },
    ...STORAGE_BACKENDS.map((backend) => backend.view(settings)),
  ) as FileUploadSettingsView;
}

/** Writes, reads back and deletes a probe file; throws with the backend's reason. */
export async function probeStorage(storage: AttachmentStorage): Promise<void> {
  const key = randomBytes(12).toString('hex');
  const bytes = Buffer.from(`Quire storage probe ${new Date().toISOString()}`);
  await storage.put(key, Readable.from([bytes]), () => false);
  try {
    const stream = await storage.open(key);
    if (!stream)
      throw new StorageProblemError('probe_unreadable', null, 'the probe file cannot be read back');
    const chunks: Buffer[] = [];
    for await (const piece of stream) chunks.push(piece as Buffer);
    if (!Buffer.concat(chunks).equals(bytes))
      throw new StorageProblemError('probe_different', null, 'the probe file came back different');
  } finally {
    await storage.remove(key);
  }
}

/** A reason for the admin without the secret in it (SDK messages may echo request details). */
export function reasonOf(err: unknown, secret: string): string {
  const message = err instanceof Error ? err.message || err.name : String(err);
  return secret ? message.split(secret).join('***') : message;
}
