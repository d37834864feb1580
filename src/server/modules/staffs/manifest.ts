// GROWI's staff credits (SPEC §7).
import { defineModule } from '../../module';
import staffRoutes from './routes';

export default defineModule({ name: 'staffs', routes: [{ plugin: staffRoutes }] });
