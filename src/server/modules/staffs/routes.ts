// GROWI's staff credits route (SPEC §7), opened by the Konami code in the web app.
import type { FastifyInstance } from 'fastify';
import type { StaffsResponse } from '../../../shared/staff-types';
import { CONTRIBUTORS } from './contributors';

export default async function staffRoutes(app: FastifyInstance) {
  // Permission: anyone, guests included (GROWI's too): the credits name no page and no user.
  app.get('/staffs', async (): Promise<StaffsResponse> => ({ data: { contributors: CONTRIBUTORS } }));
}
