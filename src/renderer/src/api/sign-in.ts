// Typed calls of directory sign-in (issue 13): LDAP settings and test form, mechanisms on/off,
// external accounts. Shapes: src/shared/sign-in-types.ts.
import type { ExternalAccount } from '../../../shared/account-types';
import type {
  AuthId,
  ExternalAccountsPage,
  GithubOAuthParams,
  GoogleOAuthParams,
  LdapAuthUpdate,
  LdapSettingResponse,
  OidcAuthParams,
  OidcSettingResponse,
  TestLdapResponse,
  SamlAuthParams,
  SamlSettingResponse,
} from '../../../shared/sign-in-types';
import { api } from './client';

const V3 = '/_api/v3';

export const updateLdapSettings = async (body: LdapAuthUpdate) =>
  (await api.put<LdapSettingResponse>(`${V3}/security-setting/ldap`, body)).securitySettingParams;
export const setAuthEnabled = (authId: AuthId, isEnabled: boolean) =>
  api.put<unknown>(`${V3}/security-setting/authentication/enabled`, { authId, isEnabled });
export const testLdap = (username: string, password: string) =>
  api.post<TestLdapResponse>('/_api/login/testLdap', { loginForm: { username, password } });

export const associateLdap = async (username: string, password: string) =>
  (
    await api.put<{ associateUser: ExternalAccount }>(`${V3}/personal-setting/associate-ldap`, {
      username,
      password,
    })
  ).associateUser;
export const disassociate = (account: Pick<ExternalAccount, 'providerType' | 'accountId'>) =>
  api.put<unknown>(`${V3}/personal-setting/disassociate-ldap`, {
    providerType: account.providerType,
    accountId: account.accountId,
  });

export const listExternalAccounts = async (page: number) =>
  (await api.get<ExternalAccountsPage>(`${V3}/users/external-accounts?page=${page}`)).paginateResult;
export const removeExternalAccount = (id: string) =>
  api.delete<unknown>(`${V3}/users/external-accounts/${encodeURIComponent(id)}/remove`);

export const updateOidcSettings = async (body: Partial<OidcAuthParams>) =>
  (await api.put<OidcSettingResponse>(`${V3}/security-setting/oidc`, body)).securitySettingParams;
export type OAuthProvider = 'github' | 'google';

/** `PUT /security-setting/{github,google}-oauth` with GROWI's field names for that provider. */
export const updateOAuthSettings = async (provider: OAuthProvider, body: Record<string, string | boolean>) =>
  (
    await api.put<{ securitySettingParams: GithubOAuthParams | GoogleOAuthParams }>(
      `${V3}/security-setting/${provider}-oauth`,
      body,
    )
  ).securitySettingParams;

export const updateSamlSettings = async (body: Partial<SamlAuthParams>) =>
  (await api.put<SamlSettingResponse>(`${V3}/security-setting/saml`, body)).securitySettingParams;
