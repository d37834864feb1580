// Inside quire.db: the whole wiki in one file, files in chunks beside the pages.
import { defineBackend, WITHOUT_SETTINGS } from '../backend';
import { DatabaseStorage } from './storage';

export default defineBackend<null>({
  ...WITHOUT_SETTINGS,
  type: 'database',
  create: (_config, { sqlite }) => new DatabaseStorage(sqlite),
});
