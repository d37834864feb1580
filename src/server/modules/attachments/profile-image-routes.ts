// GROWI's older profile image routes (`/_api/attachments.uploadProfileImage` and
// `.removeProfileImage`, answering `{ ok }`): signed-in users change their own picture only — the
// form's `user` field is not read. The new image replaces the old one, whose file goes.
import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import type { AppContext } from '../../context';
import { requireUser } from '../../lib/guards';
import { legacyErrorHandler } from '../../http/legacy-errors';
import { uploadPart } from './upload-part';
import { contractRoute } from '../../lib/contract-route';
import { profileImageRemove, profileImageUpload } from '../../../shared/contracts/attachments';

export default async function profileImageRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.setErrorHandler(legacyErrorHandler);
  await app.register(fastifyMultipart, { throwFileSizeLimit: false });

  contractRoute(app, profileImageUpload, async (request) => {
    const user = requireUser(request);
    const { part, limit } = await uploadPart(ctx, request);
    const attachment = await ctx.profileImages.put(user.id, {
      fileName: part.filename,
      mimeType: part.mimetype,
      stream: part.file,
      isTruncated: () => part.file.truncated,
      maxFileSize: limit,
    });
    await ctx.profileImages.remove(ctx.users.setProfileImage(user.id, attachment._id));
    return { ok: true as const, attachment };
  });

  contractRoute(app, profileImageRemove, async (request) => {
    const user = requireUser(request);
    await ctx.profileImages.remove(ctx.users.setProfileImage(user.id, null));
    return { ok: true as const };
  });
}
