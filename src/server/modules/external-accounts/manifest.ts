// Accounts of directory and external sign-in linked to Quire users.
import { defineModule } from '../../module';
import { onSuccess, paramOf } from '../audit/rules';
import { ExternalAccountsService } from './service';
import externalAccountRoutes from './routes';

declare module '../../context' {
  interface AppContext {
    externalAccounts: ExternalAccountsService;
  }
}

export default defineModule({
  name: 'external-accounts',
  tables: ['external_accounts'],
  services: ({ db, users, settings }) => ({
    externalAccounts: new ExternalAccountsService(db, users, settings),
  }),
  routes: [{ plugin: externalAccountRoutes }],
  audit: {
    routes: {
      'DELETE /_api/v3/users/external-accounts/:id/remove': {
        action: onSuccess('ADMIN_EXTERNAL_ACCOUNT_REMOVE'),
        target: (_ctx, request) => paramOf(request, 'id'),
      },
    },
  },
});
