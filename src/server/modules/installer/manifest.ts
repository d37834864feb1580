// First run: the first administrator and the top page.
import { defineModule } from '../../module';
import installerRoutes from './routes';

export default defineModule({ name: 'installer', routes: [{ plugin: installerRoutes }] });
