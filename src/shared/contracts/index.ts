// Every route contract, for the tests that hold them to GROWI's spec and to the server's routes.
import type { Contract } from './define';
import * as admin from './admin';
import * as appConfig from './app-config';
import * as appSettings from './app-settings';
import * as archives from './archives';
import * as attachments from './attachments';
import * as auth from './auth';
import * as backups from './backups';
import * as coedit from './coedit';
import * as commentsTags from './comments-tags';
import * as customize from './customize';
import * as externalAccounts from './external-accounts';
import * as macros from './macros';
import * as markdown from './markdown';
import * as markdownIo from './markdown-io';
import * as notificationSettings from './notification-settings';
import * as notifications from './notifications';
import * as pageGrants from './page-grants';
import * as pageLifecycle from './page-lifecycle';
import * as pageListing from './page-listing';
import * as pages from './pages';
import * as personalSettings from './personal-settings';
import * as plugins from './plugins';
import * as revisions from './revisions';
import * as search from './search';
import * as security from './security';
import * as shareLinks from './share-links';
import * as sharing from './sharing';
import * as social from './social';
import * as userFields from './user-fields';
import * as userGroups from './user-groups';
import * as users from './users';

const FILES = [
  admin,
  appConfig,
  appSettings,
  archives,
  attachments,
  auth,
  backups,
  coedit,
  commentsTags,
  customize,
  externalAccounts,
  macros,
  markdown,
  markdownIo,
  notificationSettings,
  notifications,
  pageGrants,
  pageLifecycle,
  pageListing,
  pages,
  personalSettings,
  plugins,
  revisions,
  search,
  security,
  shareLinks,
  sharing,
  social,
  userFields,
  userGroups,
  users,
];

const isContract = (value: unknown): value is Contract =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'response' in value;

export const CONTRACTS: readonly Contract[] = FILES.flatMap((file) =>
  Object.values(file as Record<string, unknown>).filter(isContract),
);
