// GROWI's admin home route: system information for administrators; and Quire's disk settings
// (issue 26): when the data folder's disk counts as low, and below what heavy writes are refused.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../lib/guards';
import type { AdminHomeResponse } from '../../../shared/admin-home-types';
import type { DiskSettings } from '../../../shared/disk-types';
import { jsonBody } from '../../lib/schemas';

const MB = { type: 'integer', minimum: 0, maximum: 1_000_000 } as const;

export default async function adminHomeRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const home = ctx.adminHome;
  app.get('/admin-home', async (request): Promise<AdminHomeResponse> => {
    requireAdmin(request);
    return { adminHomeParams: await home.params() };
  });

  app.put<{ Body: DiskSettings }>(
    '/admin-home/disk-settings',
    jsonBody(
      {
        diskWarnMb: MB,
        diskWarnPercent: { type: 'integer', minimum: 0, maximum: 50 },
        diskFloorMb: MB,
      },
      { required: ['diskWarnMb', 'diskWarnPercent', 'diskFloorMb'], closed: true },
    ),
    async (request): Promise<AdminHomeResponse> => {
      requireAdmin(request);
      ctx.disk.setThresholds(request.body);
      return { adminHomeParams: await home.params() };
    },
  );
}
