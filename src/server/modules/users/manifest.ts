// Accounts: people, their profiles and passwords, registration, and the admin's user list.
import { defineModule } from '../../module';
import { onSuccess, bodyOf, str, userAction, username, type Body } from '../audit/rules';
import { isMailerSetUp } from '../notifications/mail/mailer';
import { UsersService } from './service';
import { UserAdminService } from './admin-service';
import { RegistrationService } from './registration-service';
import { PasswordResetService } from './password-reset';
import userRoutes from './routes';
import userAdminRoutes from './admin-routes';
import userLookupRoutes from './lookup-routes';
import userMailRoutes from './mail-routes';
import userProfileRoutes from './profile-routes';
import registrationRoutes from './registration-routes';
import passwordResetRoutes from './password-reset-routes';
import accessTokenRoutes from './access-token-routes';
import { AccessTokensService } from './access-tokens';

declare module '../../context' {
  interface AppContext {
    users: UsersService;
    userAdmin: UserAdminService;
    registration: RegistrationService;
    passwordReset: PasswordResetService;
    accessTokens: AccessTokensService;
  }
}

export default defineModule({
  name: 'users',
  tables: ['users', 'password_reset_orders', 'access_tokens'],
  services: ({ db, events, settings }) => {
    const users = new UsersService(db, events, () => settings.get('customize:isEmailPublishedForNewUser'));
    return {
      users,
      userAdmin: new UserAdminService(db, users, settings),
      registration: new RegistrationService(users, settings),
      passwordReset: new PasswordResetService({
        db,
        users,
        settings,
        mailReady: () => isMailerSetUp(settings),
      }),
      accessTokens: new AccessTokensService(db),
    };
  },
  routes: [
    { plugin: userRoutes },
    { plugin: userAdminRoutes },
    { plugin: userLookupRoutes },
    { plugin: userMailRoutes },
    { plugin: userProfileRoutes },
    { plugin: registrationRoutes },
    { plugin: passwordResetRoutes },
    { plugin: accessTokenRoutes },
  ],
  audit: {
    routes: {
      'POST /_api/v3/register': {
        action: onSuccess('USER_REGISTRATION'),
        target: (_ctx, request) => str((bodyOf(request).registerForm as Body | undefined)?.username) || null,
      },
      'PUT /_api/v3/personal-setting/password': { action: onSuccess('USER_PASSWORD_UPDATE') },
      'PUT /_api/v3/forgot-password': { action: onSuccess('USER_PASSWORD_RESET') },
      'POST /_api/v3/users/invite': {
        action: onSuccess('ADMIN_USERS_INVITE'),
        target: (_ctx, request) =>
          ((bodyOf(request).shapedEmailList as string[] | undefined) ?? []).join(', '),
      },
      'PUT /_api/v3/users/:id/activate': userAction('ADMIN_USER_ACTIVATE'),
      'PUT /_api/v3/users/:id/deactivate': userAction('ADMIN_USER_DEACTIVATE'),
      'DELETE /_api/v3/users/:id/remove': userAction('ADMIN_USER_REMOVE'),
      'PUT /_api/v3/users/:id/grant-admin': userAction('ADMIN_USER_GRANT_ADMIN'),
      'PUT /_api/v3/users/:id/revoke-admin': userAction('ADMIN_USER_REVOKE_ADMIN'),
      'PUT /_api/v3/users/:id/grant-read-only': userAction('ADMIN_USER_GRANT_READ_ONLY'),
      'PUT /_api/v3/users/:id/revoke-read-only': userAction('ADMIN_USER_REVOKE_READ_ONLY'),
      'PUT /_api/v3/users/reset-password': {
        action: onSuccess('ADMIN_USER_PASSWORD_RESET'),
        target: (ctx, request) => username(ctx, str(bodyOf(request).id)),
      },
      // Sending the invitation again gives the account a new temporary password.
      'PUT /_api/v3/users/send-invitation-email': {
        action: onSuccess('ADMIN_USERS_INVITE'),
        target: (ctx, request) => username(ctx, str(bodyOf(request).id)),
      },
    },
  },
});
