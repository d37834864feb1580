// The admin home: system information, and the disk thresholds (issue 26).
import { defineModule } from '../../module';
import adminHomeRoutes from './routes';

export default defineModule({ name: 'admin-home', routes: [{ plugin: adminHomeRoutes }] });
