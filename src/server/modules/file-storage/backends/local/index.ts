// This machine's folder (the default): `<data>/attachments/<id>`.
import path from 'node:path';
import { defineBackend, WITHOUT_SETTINGS } from '../backend';
import { LocalDiskStorage } from './storage';

export default defineBackend<null>({
  ...WITHOUT_SETTINGS,
  type: 'local',
  create: (_config, { dataDir }) => new LocalDiskStorage(path.join(dataDir, 'attachments')),
});
