// Inside quire.db: the whole wiki in one file, files in chunks beside the pages.
import { defineBackend } from '../backend';
import { DatabaseStorage } from './storage';

export default defineBackend<null>({
  type: 'database',
  configOf: () => null,
  configAfter: () => null,
  check: () => undefined,
  create: (_config, { sqlite }) => new DatabaseStorage(sqlite),
  save: () => undefined,
  isRelay: () => true,
  location: () => '',
  probed: false,
  secretOf: () => '',
  view: () => ({}),
});
