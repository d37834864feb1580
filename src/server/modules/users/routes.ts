// Personal settings of the signed-in user (the profile part; the rest comes with accounts).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requireUser } from '../../lib/guards';
import { toCurrentUser } from './service';
import { userFields } from './schemas';
import type { PersonalSettingUpdate } from '../../../shared/api-types';

export default async function userRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get('/personal-setting', async (request) => ({ currentUser: toCurrentUser(requireUser(request)) }));

  app.put<{ Body: PersonalSettingUpdate }>(
    '/personal-setting',
    {
      schema: {
        body: {
          type: 'object',
          required: ['name', 'email', 'lang'],
          properties: { name: userFields.name, email: userFields.email, lang: userFields.lang },
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return { currentUser: toCurrentUser(ctx.users.updateProfile(user.id, request.body)) };
    },
  );
}
