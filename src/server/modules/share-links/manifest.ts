// Share links: a page readable by anyone holding its link.
import { defineModule } from '../../module';
import { onSuccess, pagePath, bodyOf, paramOf, str } from '../audit/rules';
import { ShareLinksService } from './service';
import shareLinkRoutes from './routes';

declare module '../../context' {
  interface AppContext {
    shareLinks: ShareLinksService;
  }
}

export default defineModule({
  name: 'share-links',
  tables: ['share_links'],
  services: ({ db, pages, settings }) => ({
    shareLinks: new ShareLinksService(db, pages, () => !settings.get('security:disableLinkSharing')),
  }),
  routes: [{ plugin: shareLinkRoutes }],
  audit: {
    routes: {
      'POST /_api/v3/share-links': {
        action: onSuccess('SHARE_LINK_CREATE'),
        target: (ctx, request) => pagePath(ctx, str(bodyOf(request).relatedPage)),
      },
      'DELETE /_api/v3/share-links/:id': {
        action: onSuccess('SHARE_LINK_DELETE'),
        target: (_ctx, request) => paramOf(request, 'id'),
      },
      'DELETE /_api/v3/share-links/all': { action: onSuccess('SHARE_LINK_DELETE'), target: () => 'all' },
      'DELETE /_api/v3/security-setting/all-share-links': {
        action: onSuccess('SHARE_LINK_DELETE'),
        target: () => 'all',
      },
    },
  },
});
