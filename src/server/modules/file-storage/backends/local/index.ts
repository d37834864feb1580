// This machine's folder (the default): `<data>/attachments/<id>`.
import path from 'node:path';
import { defineBackend } from '../backend';
import { LocalDiskStorage } from './storage';

export default defineBackend<null>({
  type: 'local',
  configOf: () => null,
  configAfter: () => null,
  check: () => undefined,
  create: (_config, { dataDir }) => new LocalDiskStorage(path.join(dataDir, 'attachments')),
  save: () => undefined,
  isRelay: () => true,
  location: () => '',
  probed: false,
  secretOf: () => '',
  view: () => ({}),
});
