// GROWI's admin home route: system information for administrators.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../lib/guards';
import { AdminHomeService } from './service';
import type { AdminHomeResponse } from '../../../shared/admin-home-types';

export default async function adminHomeRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const home = new AdminHomeService(ctx.db, ctx.config.dataDir, ctx.search, process.env);
  app.get('/admin-home', async (request): Promise<AdminHomeResponse> => {
    requireAdmin(request);
    return { adminHomeParams: home.params() };
  });
}
