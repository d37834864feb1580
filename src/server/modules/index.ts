// Every feature module of the server, in the order their services are built: a module's services
// may use those of the modules above it when they are built, and any module's at run time. Event
// listeners run in this order too (realtime last: it tells browsers only what every module took).
import type { QuireModule } from '../module';
import settings from './settings/manifest';
import health from './health/manifest';
import fileStorage from './file-storage/manifest';
import users from './users/manifest';
import userGroups from './user-groups/manifest';
import pages from './pages/manifest';
import externalAccounts from './external-accounts/manifest';
import lsx from './lsx/manifest';
import plugins from './plugins/manifest';
import revisions from './revisions/manifest';
import search from './search/manifest';
import tags from './tags/manifest';
import comments from './comments/manifest';
import likesBookmarks from './likes-bookmarks/manifest';
import shareLinks from './share-links/manifest';
import attachments from './attachments/manifest';
import coedit from './coedit/manifest';
import backups from './backups/manifest';
import archive from './archive/manifest';
import markdownIo from './markdown-io/manifest';
import notifications from './notifications/manifest';
import auth from './auth/manifest';
import audit from './audit/manifest';
import adminHome from './admin-home/manifest';
import staffs from './staffs/manifest';
import installer from './installer/manifest';
import sharing from './sharing/manifest';
import realtime from './realtime/manifest';

export const MODULES: readonly QuireModule[] = [
  settings,
  health,
  fileStorage,
  users,
  userGroups,
  pages,
  externalAccounts,
  lsx,
  plugins,
  revisions,
  search,
  tags,
  comments,
  likesBookmarks,
  shareLinks,
  attachments,
  coedit,
  backups,
  archive,
  markdownIo,
  notifications,
  auth,
  audit,
  adminHome,
  staffs,
  installer,
  sharing,
  realtime,
];
