// Files attached to pages: upload, delivery, and the sweep of files no page holds.
import { defineModule } from '../../module';
import { AttachmentsService } from './service';
import {
  attachmentApiRoutes,
  attachmentFileRoutes,
  attachmentReadRoutes,
  legacyAttachmentRoutes,
} from './routes';
import { ProfileImages } from './profile-images';
import profileImageRoutes from './profile-image-routes';

declare module '../../context' {
  interface AppContext {
    attachments: AttachmentsService;
    profileImages: ProfileImages;
  }
}

export default defineModule({
  name: 'attachments',
  tables: ['attachments'],
  services: ({ db, events, files, pages }) => ({
    attachments: new AttachmentsService(db, pages, events, files),
    profileImages: new ProfileImages(db, files),
  }),
  routes: [
    { plugin: attachmentApiRoutes },
    { plugin: attachmentReadRoutes, scope: 'read' },
    { plugin: legacyAttachmentRoutes, prefix: '/_api' },
    { plugin: profileImageRoutes, prefix: '/_api' },
    { plugin: attachmentFileRoutes, prefix: '', scope: 'read' },
  ],
  start(ctx, app) {
    // Files of pages deleted completely while the server was down, and uploads a crash cut short.
    // A server closed right after starting waits for it.
    const sweep = ctx.attachments.sweep(app.log);
    return () => sweep;
  },
});
