// Accounts of sign-in providers linked to users: the admin's list and removal, and a user's own
// links on /me (an LDAP account associated with its password, or let go).
import { Type } from '@sinclair/typebox';
import { DateTime, defineContract, Id } from './define';
import { PaginateResultSchema } from './paging';

export const ExternalAccountSchema = Type.Object({
  _id: Id,
  providerType: Type.String(),
  accountId: Type.String(),
  createdAt: DateTime,
});

export const AdminExternalAccountSchema = Type.Composite([
  ExternalAccountSchema,
  Type.Object({
    id: Id,
    /** No hash, ever: only whether the user also has a password. */
    user: Type.Object({ _id: Id, username: Type.String(), name: Type.String(), hasPassword: Type.Boolean() }),
  }),
]);

export const externalAccountsList = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/users/external-accounts',
  querystring: Type.Object({ page: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 }) }),
  response: { 200: Type.Object({ paginateResult: PaginateResultSchema(AdminExternalAccountSchema) }) },
});

export const externalAccountRemove = defineContract({
  api: 'v3',
  method: 'DELETE',
  path: '/users/external-accounts/{id}/remove',
  params: Type.Object({ id: Id }),
  response: { 200: Type.Object({ externalAccount: ExternalAccountSchema }) },
});

export const myExternalAccounts = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/personal-setting/external-accounts',
  response: { 200: Type.Object({ externalAccounts: Type.Array(ExternalAccountSchema) }) },
});

export const associateLdap = defineContract({
  api: 'v3',
  method: 'PUT',
  path: '/personal-setting/associate-ldap',
  body: Type.Object({
    username: Type.String({ minLength: 1, maxLength: 254 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  }),
  response: { 200: Type.Object({ associateUser: ExternalAccountSchema }) },
});

export const disassociateLdap = defineContract({
  api: 'v3',
  method: 'PUT',
  path: '/personal-setting/disassociate-ldap',
  body: Type.Object({
    providerType: Type.String({ minLength: 1, maxLength: 32 }),
    accountId: Type.String({ minLength: 1, maxLength: 254 }),
  }),
  response: {
    200: Type.Object({
      disassociateUser: Type.Object({ providerType: Type.String(), accountId: Type.String() }),
    }),
  },
});
