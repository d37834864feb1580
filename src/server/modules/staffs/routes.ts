// GROWI's staff credits route (SPEC §7), opened by the Konami code in the web app.
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../../lib/contract-route';
import { staffs } from '../../../shared/contracts/app-config';
import { CONTRIBUTORS } from './contributors';

export default async function staffRoutes(app: FastifyInstance) {
  // Permission: anyone, guests included (GROWI's too): the credits name no page and no user.
  contractRoute(app, staffs, async () => ({ data: { contributors: CONTRIBUTORS } }));
}
