// Where attachment files live (local folder, S3, GCS, issue 19), and the job moving them between backends.
import { defineModule } from '../../module';
import { FILE_STORAGE_SETTINGS } from './setting-keys';
import { ActiveStorage, StorageRegistry } from './registry';
import { StorageMover } from './move';
import fileStorageRoutes from './routes';

declare module '../../context' {
  interface AppContext {
    /** The attachment storage backends. */
    storage: StorageRegistry;
    /** The backend in use now: every attachment read and write goes through it. */
    files: ActiveStorage;
    storageMove: StorageMover;
  }
}

export default defineModule({
  name: 'file-storage',
  tables: ['stored_files', 'stored_file_chunks'],
  settings: FILE_STORAGE_SETTINGS,
  services: (ctx) => {
    const { config, db, settings } = ctx;
    const storage = new StorageRegistry(settings, db.$client, config.dataDir, config.gcsApiEndpoint);
    return {
      storage,
      files: new ActiveStorage(storage),
      // The attachments module is built later; a move asks it when it starts.
      storageMove: new StorageMover(storage, settings, () => ctx.attachments.allIds()),
    };
  },
  routes: [{ plugin: fileStorageRoutes }],
});
