// Moving attachments between backends (issue 19): every file is copied to the new backend and
// verified there by size and SHA-256; only when all are verified do the settings switch, and only
// then are the old copies removed. A failure stops the job with the old backend still in use and
// nothing removed. Starting again resumes: files already verified on the new backend are skipped.
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { SettingsService } from '../settings/service';
import type { FileUploadType, StorageMoveStatus, StorageProblem } from '../../../shared/file-storage-types';
import type { StorageRegistry } from './registry';
import { StorageProblemError, type AttachmentStorage } from './types';

interface Digest {
  size: number;
  sha256: string;
}

async function digestOf(stream: Readable): Promise<Digest> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const piece of stream) {
    const buffer = piece as Buffer;
    hash.update(buffer);
    size += buffer.length;
  }
  return { size, sha256: hash.digest('hex') };
}

async function digestIn(storage: AttachmentStorage, key: string): Promise<Digest | null> {
  const stream = await storage.open(key);
  return stream ? digestOf(stream) : null;
}

const same = (a: Digest | null, b: Digest | null) => !!a && !!b && a.size === b.size && a.sha256 === b.sha256;

/** Quire's own finding, told by code so the admin reads it in their language. */
function problemOf(err: unknown): StorageProblem | null {
  if (!(err instanceof StorageProblemError) || err.attachmentId === null) return null;
  if (err.code !== 'vanished' && err.code !== 'not_intact') return null;
  return { code: err.code, attachmentId: err.attachmentId };
}

const IDLE: StorageMoveStatus = {
  state: 'idle',
  from: null,
  to: null,
  total: 0,
  copied: 0,
  verified: 0,
  problem: null,
  error: null,
  startedAt: null,
  finishedAt: null,
};

export class StorageMover {
  private state: StorageMoveStatus = IDLE;
  private job: Promise<void> | null = null;

  constructor(
    private readonly registry: StorageRegistry,
    private readonly settings: SettingsService,
    /** Every attachment's id (the attachments module's, asked when a move starts). */
    private readonly attachmentIds: () => string[],
    private readonly log: (err: unknown, message: string) => void = () => {},
  ) {}

  status(): StorageMoveStatus {
    return { ...this.state };
  }

  isRunning(): boolean {
    return this.job !== null;
  }

  /** Starts moving every attachment to `to`; the caller checked that no move runs. */
  start(to: FileUploadType): StorageMoveStatus {
    const from = this.settings.get('app:fileUploadType');
    this.state = { ...IDLE, state: 'running', from, to, startedAt: new Date().toISOString() };
    this.job = this.run(from, to)
      .then(
        () => {
          this.state = { ...this.state, state: 'done', finishedAt: new Date().toISOString() };
        },
        (err: unknown) => {
          this.log(err, 'moving attachments failed; the old storage stays in use');
          const problem = problemOf(err);
          const error = problem ? null : err instanceof Error ? err.message : String(err);
          this.state = {
            ...this.state,
            state: 'failed',
            problem,
            error,
            finishedAt: new Date().toISOString(),
          };
        },
      )
      .finally(() => {
        this.job = null;
      });
    return this.status();
  }

  /** Waits for the job in progress (tests, shutdown). */
  async settled(): Promise<void> {
    await this.job;
  }

  private ids(): string[] {
    return this.attachmentIds();
  }

  private async run(from: FileUploadType, to: FileUploadType): Promise<void> {
    const source = this.registry.backend(from);
    const target = this.registry.backend(to);
    const done = new Set<string>();
    // Uploads keep going to the old backend meanwhile: rounds repeat until one finds nothing new.
    for (let round = 0; round < 5; round++) {
      const ids = this.ids().filter((id) => !done.has(id));
      if (ids.length === 0) break;
      this.state = { ...this.state, total: this.state.total + ids.length };
      for (const id of ids) {
        await this.copyOne(source, target, id);
        done.add(id);
        this.state = { ...this.state, verified: this.state.verified + 1 };
      }
    }
    // Everything is on the new backend, verified: switch (an upload finishing after this follows
    // on its own, see ActiveStorage.put), then let go of the old copies.
    this.settings.set('app:fileUploadType', to);
    for (const id of done) {
      await source.remove(id).catch((err: unknown) => this.log(err, `removing the old copy of ${id} failed`));
    }
  }

  private async copyOne(source: AttachmentStorage, target: AttachmentStorage, id: string): Promise<void> {
    const original = await digestIn(source, id);
    // A row whose file is gone already has nothing to lose; it stays as it is.
    if (!original) return;
    if (same(original, await digestIn(target, id))) return; // copied by an earlier, interrupted run
    const stream = await source.open(id);
    if (!stream)
      throw new StorageProblemError('vanished', id, `${id} disappeared from the old storage while moving`);
    await target.put(id, stream, () => false);
    this.state = { ...this.state, copied: this.state.copied + 1 };
    const copy = await digestIn(target, id);
    if (!same(original, copy)) {
      throw new StorageProblemError(
        'not_intact',
        id,
        `${id} did not arrive intact (${original.size} bytes, sha256 ${original.sha256.slice(0, 12)}…; found ${copy ? `${copy.size} bytes, sha256 ${copy.sha256.slice(0, 12)}…` : 'nothing'})`,
      );
    }
  }
}
