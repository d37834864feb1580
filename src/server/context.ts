// What every module gets: configuration, the database, the event bus and the services.
import fs from 'node:fs';
import path from 'node:path';
import type { ServerConfig } from './config';
import { closeDatabase, openDatabase, type Db } from './db/client';
import { EventBus } from './lib/events';
import { CoeditService } from './modules/coedit/service';
import { CoeditStore } from './modules/coedit/store';
import { LiveEventsHub } from './modules/realtime/hub';
import { PageLifecycleService } from './modules/pages/lifecycle-service';
import { PageListingService } from './modules/pages/listing-service';
import { LsxService } from './modules/lsx/service';
import { PluginsService } from './modules/plugins/service';
import { GroupCommit } from './db/group-commit';
import { rowsChangedElsewhere } from './db/row-watch';
import { PagesService } from './modules/pages/service';
import { RevisionsService } from './modules/revisions/service';
import { SearchService } from './modules/search/service';
import { SettingsService } from './modules/settings/service';
import { UsersService } from './modules/users/service';
import { UserAdminService } from './modules/users/admin-service';
import { RegistrationService } from './modules/users/registration-service';
import { UserGroupsService } from './modules/user-groups/service';
import { CommentsService } from './modules/comments/service';
import { LikesBookmarksService } from './modules/likes-bookmarks/service';
import { TagsService } from './modules/tags/service';
import { ShareLinksService } from './modules/share-links/service';
import { AttachmentsService } from './modules/attachments/service';
import { ActiveStorage, StorageRegistry } from './modules/file-storage/registry';
import { StorageMover } from './modules/file-storage/move';
import { ArchiveExportService } from './modules/archive/service';
import { ArchiveImportService } from './modules/archive/import-service';
import { DEFAULT_ARCHIVE_LIMITS } from './modules/archive/zip-guard';
import { NotificationsService } from './modules/notifications/service';
import { ExternalAccountsService } from './modules/external-accounts/service';
import { LdapSignInService } from './modules/auth/ldap-service';
import { OidcSignInService } from './modules/auth/oidc-service';
import { LoginThrottle } from './modules/auth/login-throttle';
import { DiskWatch } from './modules/health/disk-watch';
import { SamlSignInService } from './modules/auth/saml-service';
import { AuditLogService } from './modules/audit/service';
import { OAuth2SignInService } from './modules/auth/oauth2-service';
import { GITHUB } from './modules/auth/strategies/github';
import { googleProvider } from './modules/auth/strategies/google';
import { BackupsService } from './modules/backups/service';
import { PasswordResetService } from './modules/users/password-reset';
import { isMailerSetUp } from './modules/notifications/mail/mailer';
import { MarkdownImportService } from './modules/markdown-io/import-service';
import { maxFileSize } from './modules/attachments/routes';
import { DEFAULT_MARKDOWN_IMPORT_LIMITS } from './modules/markdown-io/import-stage';
import { version as quireVersion } from '../../package.json';
import { CiaoAnnouncer, type Announcer } from './modules/sharing/announcer';
import {
  REAL_MACHINE,
  SharingService,
  type MachineInfo,
  type NetworkControl,
} from './modules/sharing/service';
import { snapshotBeforeMigration } from './modules/backups/before-migration';
import { applyPendingRestore } from './modules/backups/restore-at-start';

export interface AppContext {
  config: ServerConfig;
  db: Db;
  events: EventBus;
  settings: SettingsService;
  users: UsersService;
  userAdmin: UserAdminService;
  registration: RegistrationService;
  userGroups: UserGroupsService;
  pages: PagesService;
  /** Saves that arrive together share one transaction and one fsync (db/group-commit.ts). */
  saves: GroupCommit;
  pageListing: PageListingService;
  lsx: LsxService;
  plugins: PluginsService;
  pageLifecycle: PageLifecycleService;
  revisions: RevisionsService;
  search: SearchService;
  tags: TagsService;
  comments: CommentsService;
  likes: LikesBookmarksService;
  shareLinks: ShareLinksService;
  attachments: AttachmentsService;
  coedit: CoeditService;
  backups: BackupsService;
  passwordReset: PasswordResetService;
  live: LiveEventsHub;
  archiveExport: ArchiveExportService;
  /** Issue 19: the attachment storage backends, and the job moving files between them. */
  storage: StorageRegistry;
  storageMove: StorageMover;
  archiveImport: ArchiveImportService;
  markdownImport: MarkdownImportService;
  notifications: NotificationsService;
  externalAccounts: ExternalAccountsService;
  ldap: LdapSignInService;
  /** Failed password checks at every door, per address and per account (auth/password-attempts.ts). */
  passwordAttempts: LoginThrottle;
  /** The data folder's free space: low and full are told, heavy writes refused when full (issue 26). */
  disk: DiskWatch;
  oidc: OidcSignInService;
  saml: SamlSignInService;
  /** Issue 15: the audit log. */
  audit: AuditLogService;
  github: OAuth2SignInService;
  google: OAuth2SignInService;
  sharing: SharingService;
  close(): void;
}

/** What only the process running the server can give (the listening sockets, the mDNS responder). */
export interface ContextExtras {
  network?: NetworkControl;
  /** null: never announce; default: the ciao responder, used only when `--announce` asks. */
  announcer?: Announcer | null;
  machine?: MachineInfo;
}

export const DATA_SUBDIRS = ['attachments', 'backups', 'logs'] as const;

/** Creates the data directory layout on first start: quire.db, attachments/, backups/, logs/. */
export function prepareDataDir(dataDir: string): void {
  fs.mkdirSync(dataDir, { recursive: true });
  for (const sub of DATA_SUBDIRS) fs.mkdirSync(path.join(dataDir, sub), { recursive: true });
}

export function createContext(config: ServerConfig, extras: ContextExtras = {}): AppContext {
  prepareDataDir(config.dataDir);
  const dbFile = path.join(config.dataDir, 'quire.db');
  // A restore staged by the backups module is swapped in before the database is opened.
  applyPendingRestore(config.dataDir);
  const db = openDatabase(dbFile, {
    beforeMigrate: (sqlite, folder) => snapshotBeforeMigration(sqlite, folder, config.dataDir),
  });
  const events = new EventBus();
  const settings = new SettingsService(db);
  const storageRegistry = new StorageRegistry(settings, db.$client, config.dataDir, config.gcsApiEndpoint);
  const attachmentFiles = new ActiveStorage(storageRegistry);
  const users = new UsersService(db, events, () => settings.get('customize:isEmailPublishedForNewUser'));
  const userGroups = new UserGroupsService(db);
  const pages = new PagesService(db, events, userGroups);
  const archiveLimits = { ...DEFAULT_ARCHIVE_LIMITS, ...config.archiveLimits };
  // Archive progress goes to administrators' open web apps through the live events hub.
  const notifyAdmins = (event: string, payload: unknown) => ctx.live?.toAdmins(event, payload);
  const archiveExport = new ArchiveExportService({
    dataDir: config.dataDir,
    files: attachmentFiles,
    dbFile,
    limits: archiveLimits,
    siteTitle: () => settings.get('app:title'),
    notify: notifyAdmins,
  });
  const externalAccounts = new ExternalAccountsService(db, users, settings);
  const deletionAuthority = () => settings.get('security:pageCompleteDeletionAuthority');
  const ctx: Omit<AppContext, 'live'> & { live?: LiveEventsHub } = {
    config,
    db,
    events,
    settings,
    users,
    userAdmin: new UserAdminService(db, users, settings),
    registration: new RegistrationService(users, settings),
    userGroups,
    pages,
    saves: new GroupCommit(db.$client),
    pageListing: new PageListingService(db),
    lsx: new LsxService(db),
    plugins: new PluginsService(db, path.join(config.dataDir, 'plugins'), settings),
    pageLifecycle: new PageLifecycleService(db, events, pages, deletionAuthority),
    revisions: new RevisionsService(db, pages),
    search: new SearchService(db, events, config.dataDir, config.searchWorkerMinPages),
    tags: new TagsService(db, events),
    comments: new CommentsService(db, events),
    likes: new LikesBookmarksService(db, events),
    shareLinks: new ShareLinksService(db, pages, () => !settings.get('security:disableLinkSharing')),
    attachments: new AttachmentsService(db, events, attachmentFiles),
    coedit: new CoeditService(new CoeditStore(db, dbFile), pages, users, events),
    archiveExport,
    storage: storageRegistry,
    storageMove: new StorageMover(storageRegistry, settings, db.$client),
    archiveImport: new ArchiveImportService({
      sqlite: db.$client,
      dataDir: config.dataDir,
      files: attachmentFiles,
      dirs: archiveExport.dirs,
      limits: archiveLimits,
      notify: notifyAdmins,
      // The database changed under these (from the worker's connection, which calls no cache
      // back): the search index rebuilds (searches keep using the old one meanwhile), cached
      // settings and every cache kept by row watches (db/row-watch.ts) are read again.
      afterImport: () => {
        settings.forget();
        rowsChangedElsewhere(db.$client);
        ctx.search.rebuild();
      },
      // A complete backup (database snapshot and attachments, issue 12) before every import.
      backup: async () => (await ctx.backups.backupNow('before-import')).name,
    }),
    markdownImport: new MarkdownImportService({
      apply: () => ({
        db,
        events,
        pages,
        tags: ctx.tags,
        storage: ctx.attachments.storage,
        userIdOf: (username) => users.findByUsername(username)?.id,
        maxFileSize: maxFileSize(ctx),
      }),
      workDir: archiveExport.dirs.work,
      limits: { ...DEFAULT_MARKDOWN_IMPORT_LIMITS, ...config.markdownImportLimits },
      notify: notifyAdmins,
      backup: async () => (await ctx.backups.backupNow('before-import')).name,
    }),
    notifications: new NotificationsService(db, events, {
      users,
      userGroups,
      pages,
      settings,
      backoff: { baseDelayMs: config.notificationRetryBaseMs, maxDelayMs: 60 * 60 * 1000 },
      slackApiUrl: config.slackApiUrl,
      siteUrl: () => ctx.sharing!.preferredUrl(),
    }),
    externalAccounts,
    ldap: new LdapSignInService(settings, externalAccounts),
    passwordAttempts: new LoginThrottle(),
    disk: new DiskWatch(config.dataDir, settings, (space) => events.emit('disk:changed', space)),
    oidc: new OidcSignInService(settings, externalAccounts),
    saml: new SamlSignInService(settings, externalAccounts),
    audit: new AuditLogService(db, settings),
    github: new OAuth2SignInService(settings, externalAccounts, GITHUB),
    google: new OAuth2SignInService(settings, externalAccounts, googleProvider(config.googleOAuthBase)),
    backups: new BackupsService(db.$client, config.dataDir, undefined, () =>
      attachmentFiles.kind === 'aws'
        ? {
            ids: (db.$client.prepare('SELECT id FROM attachments').all() as { id: string }[]).map(
              (r) => r.id,
            ),
            open: (id) => attachmentFiles.open(id),
          }
        : null,
    ),
    passwordReset: new PasswordResetService({
      db,
      users,
      settings,
      mailReady: () => isMailerSetUp(settings),
    }),
    sharing: new SharingService({
      config,
      db,
      settings,
      events,
      live: () => ctx.live!,
      network: extras.network ?? null,
      announcer:
        extras.announcer !== undefined
          ? extras.announcer
          : config.announce && !config.discoveryOff
            ? new CiaoAnnouncer()
            : null,
      machine: extras.machine ?? REAL_MACHINE,
      appVersion: quireVersion,
    }),
    close: () => {
      ctx.coedit.close();
      ctx.live?.close();
      closeDatabase(db);
    },
  };
  // The hub reads users, pages and sessions through the context it belongs to.
  ctx.live = new LiveEventsHub(ctx as AppContext);
  ctx.notifications.notifyUsers = (userIds) => ctx.live?.notifyUsers(userIds);
  return ctx as AppContext;
}
