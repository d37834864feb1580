// Pages: reading, saving, the tree and lists, moving, deleting and the trash.
import { defineModule } from '../../module';
import { GroupCommit } from '../../db/group-commit';
import { bodyOf, onSuccess, pagePath, str, type Body } from '../audit/rules';
import { PagesService } from './service';
import { PageListingService } from './listing-service';
import { PageLifecycleService } from './lifecycle-service';
import pageReadRoutes from './read-routes';
import pageRoutes from './routes';
import pageListingRoutes from './listing-routes';
import pageLifecycleRoutes from './lifecycle-routes';
import pageExistRoutes from './exist-routes';
import pageInfoRoutes from './info-routes';
import { PageInfoService } from './info-service';
import pageLegacyRoutes from './legacy-routes';
import pageGrantRoutes from './grant-routes';
import pagePublishRoutes from './publish-routes';
import { PageGrantService } from './grant-service';

declare module '../../context' {
  interface AppContext {
    pages: PagesService;
    /** Saves that arrive together share one transaction and one fsync (db/group-commit.ts). */
    saves: GroupCommit;
    pageListing: PageListingService;
    pageLifecycle: PageLifecycleService;
    pageInfo: PageInfoService;
    pageGrants: PageGrantService;
  }
}

export default defineModule({
  name: 'pages',
  tables: ['pages', 'revisions', 'revision_coeditors', 'redirects'],
  services: ({ db, events, settings, userGroups }) => {
    const pages = new PagesService(db, events, userGroups);
    return {
      pages,
      saves: new GroupCommit(db.$client),
      pageListing: new PageListingService(db),
      pageLifecycle: new PageLifecycleService(db, events, pages, () =>
        settings.get('security:pageCompleteDeletionAuthority'),
      ),
      pageInfo: new PageInfoService(db, pages, () => settings.get('security:pageCompleteDeletionAuthority')),
      pageGrants: new PageGrantService(db.$client, pages, userGroups, events),
    };
  },
  routes: [
    { plugin: pageReadRoutes, scope: 'read' },
    { plugin: pageRoutes },
    { plugin: pageListingRoutes, scope: 'read' },
    { plugin: pageLifecycleRoutes },
    { plugin: pageExistRoutes, scope: 'read' },
    { plugin: pageInfoRoutes, scope: 'read' },
    { plugin: pageGrantRoutes },
    { plugin: pagePublishRoutes },
    { plugin: pageLegacyRoutes, prefix: '/_api' },
  ],
  audit: {
    routes: {
      'POST /_api/v3/pages/delete': {
        action: (status, request) =>
          status >= 400
            ? null
            : bodyOf(request).isCompletely === true
              ? 'PAGE_DELETE_COMPLETELY'
              : 'PAGE_DELETE',
        target: (ctx, request) =>
          Object.keys((bodyOf(request).pageIdToRevisionIdMap as Body | undefined) ?? {})
            .map((id) => pagePath(ctx, id))
            .join(', '),
      },
      'POST /_api/pages.remove': {
        action: (status, request) =>
          status >= 400
            ? null
            : bodyOf(request).completely === true
              ? 'PAGE_DELETE_COMPLETELY'
              : 'PAGE_DELETE',
        target: (ctx, request) => pagePath(ctx, str(bodyOf(request).page_id)),
      },
      'POST /_api/pages.revertRemove': {
        action: onSuccess('PAGE_REVERT'),
        target: (ctx, request) => pagePath(ctx, str(bodyOf(request).page_id)),
      },
      'DELETE /_api/v3/pages/empty-trash': { action: onSuccess('PAGE_EMPTY_TRASH') },
      'PUT /_api/v3/pages/rename': {
        action: onSuccess('PAGE_RENAME'),
        target: (ctx, request) =>
          `${pagePath(ctx, str(bodyOf(request).pageId))} → ${str(bodyOf(request).newPagePath)}`,
      },
      'POST /_api/v3/pages/duplicate': {
        action: onSuccess('PAGE_DUPLICATE'),
        target: (ctx, request) =>
          `${pagePath(ctx, str(bodyOf(request).pageId))} → ${str(bodyOf(request).pageNameInput)}`,
      },
      'PUT /_api/v3/pages/revert': {
        action: onSuccess('PAGE_REVERT'),
        target: (ctx, request) => pagePath(ctx, str(bodyOf(request).pageId)),
      },
    },
  },
});
