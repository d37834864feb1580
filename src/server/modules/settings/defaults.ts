// Every stored setting with its default (the defaults layer of the configuration): each module
// declares its own keys beside its code (<module>/setting-keys.ts, the sign-in providers' in their
// folders) and names them in its manifest; this file only gathers them for the settings service.
import { AUDIT_SETTINGS } from '../audit/setting-keys';
import { SIGN_IN_SETTING_DEFAULTS } from '../auth/providers/settings';
import { COMMENT_SETTINGS } from '../comments/setting-keys';
import { FILE_STORAGE_SETTINGS } from '../file-storage/setting-keys';
import { DISK_SETTINGS } from '../health/setting-keys';
import { NOTIFICATION_SETTINGS } from '../notifications/setting-keys';
import { PLUGIN_SETTINGS } from '../plugins/setting-keys';
import { SHARING_SETTINGS } from '../sharing/setting-keys';
import { GENERAL_SETTINGS } from './setting-keys';

export const SETTING_DEFAULTS = {
  ...GENERAL_SETTINGS,
  ...COMMENT_SETTINGS,
  ...PLUGIN_SETTINGS,
  ...SHARING_SETTINGS,
  ...NOTIFICATION_SETTINGS,
  ...FILE_STORAGE_SETTINGS,
  ...AUDIT_SETTINGS,
  ...DISK_SETTINGS,
  ...SIGN_IN_SETTING_DEFAULTS,
};
