// Payloads of the directory sign-in routes (issue 13), shared by server and renderer.
import type { Static } from '@sinclair/typebox';
import type { AnswerOf } from './contracts/define';
import type { AdminExternalAccountSchema, externalAccountsList } from './contracts/external-accounts';

/** The mechanisms an admin switches on and off (GROWI v8 ids; `basic` is Quire's own). */
export const AUTH_IDS = ['local', 'ldap', 'oidc', 'saml', 'github', 'google', 'basic'] as const;
export type AuthId = (typeof AUTH_IDS)[number];

/** Shown in place of a stored secret: the secret itself is write-only. */
export const SECRET_MASK = '********';

/** `securityParams.ldapAuth` and `PUT /security-setting/ldap` (GROWI's field names). */
export interface LdapAuthParams {
  serverUrl: string;
  isUserBind: boolean;
  ldapBindDN: string;
  /** SECRET_MASK when one is stored, '' when none; sending SECRET_MASK back keeps the stored one. */
  ldapBindDNPassword: string;
  ldapSearchFilter: string;
  ldapAttrMapUsername: string;
  isSameUsernameTreatedAsIdenticalUser: boolean;
  ldapAttrMapMail: string;
  ldapAttrMapName: string;
  ldapGroupSearchBase: string;
  ldapGroupSearchFilter: string;
  ldapGroupDnProperty: string;
}
export type LdapAuthUpdate = Partial<LdapAuthParams>;
export interface LdapSettingResponse {
  securitySettingParams: LdapAuthParams;
}

/** `securityParams.generalAuth`. */
export interface GeneralAuthParams {
  isLocalEnabled: boolean;
  isLdapEnabled: boolean;
  isOidcEnabled: boolean;
  isSamlEnabled: boolean;
  isGitHubEnabled: boolean;
  isGoogleEnabled: boolean;
  isBasicEnabled: boolean;
}

/** `GET /security-setting/authentication/`: the mechanisms that are enabled and work. */
export interface SetupStrategiesResponse {
  setupStrategies: AuthId[];
}
export interface AuthEnabledUpdate {
  isEnabled: boolean;
  authId: AuthId;
}

/** `POST /_api/login/testLdap`. */
export interface TestLdapRequest {
  loginForm: { username: string; password: string };
}
export interface TestLdapResponse {
  ok: true;
  status: 'success' | 'warning';
  message: string;
  err?: { message: string; code?: string };
  ldapConfiguration?: { server: Record<string, unknown> };
  ldapAccountInfo?: Record<string, unknown>;
}

/** `GET /_api/v3/users/external-accounts?page=` (mongoose-paginate shape, as GROWI). */
export type AdminExternalAccount = Static<typeof AdminExternalAccountSchema>;
export type ExternalAccountsPage = AnswerOf<typeof externalAccountsList>;

/** `securityParams.oidcAuth` and `PUT /security-setting/oidc` (GROWI's field names). */
export interface OidcAuthParams {
  oidcProviderName: string;
  oidcIssuerHost: string;
  oidcAuthorizationEndpoint: string;
  oidcTokenEndpoint: string;
  oidcRevocationEndpoint: string;
  oidcIntrospectionEndpoint: string;
  oidcUserInfoEndpoint: string;
  oidcEndSessionEndpoint: string;
  oidcRegistrationEndpoint: string;
  oidcJWKSUri: string;
  oidcClientId: string;
  /** SECRET_MASK when one is stored; sending SECRET_MASK back keeps it. */
  oidcClientSecret: string;
  oidcAttrMapId: string;
  oidcAttrMapUserName: string;
  oidcAttrMapName: string;
  oidcAttrMapEmail: string;
  isSameUsernameTreatedAsIdenticalUser: boolean;
  isSameEmailTreatedAsIdenticalUser: boolean;
}
export interface OidcSettingResponse {
  /** Also says whether discovery worked, and why not (Quire's addition). */
  securitySettingParams: OidcAuthParams & { isOidcSetUp: boolean; oidcSetupError: string | null };
}

/** Login page: the redirect sign-ins on offer (GROWI's enabledExternalAuthType). */
export interface ExternalAuthButton {
  id: 'oidc' | 'saml' | 'github' | 'google';
  /** The admin's provider name, or '' for the default label. */
  label: string;
}

/** `securityParams.githubOAuth` and `PUT /security-setting/github-oauth` (GROWI's names + baseUrl). */
export interface GithubOAuthParams {
  githubClientId: string;
  /** SECRET_MASK when one is stored; sending SECRET_MASK back keeps it. */
  githubClientSecret: string;
  /** Quire's addition: a GitHub Enterprise Server (`https://github.company.com`); '' for github.com. */
  githubBaseUrl: string;
  isSameUsernameTreatedAsIdenticalUser: boolean;
}

/** `securityParams.googleOAuth` and `PUT /security-setting/google-oauth` (GROWI's names). */
export interface GoogleOAuthParams {
  googleClientId: string;
  /** SECRET_MASK when one is stored; sending SECRET_MASK back keeps it. */
  googleClientSecret: string;
  isSameEmailTreatedAsIdenticalUser: boolean;
  isSameUsernameTreatedAsIdenticalUser: boolean;
}

/** `securityParams.samlAuth` and `PUT /security-setting/saml` (GROWI's field names). */
export interface SamlAuthParams {
  samlEntryPoint: string;
  samlIssuer: string;
  /** The IdP's signing certificate (PEM or its base64 body): public, so shown as stored. */
  samlCert: string;
  samlAttrMapId: string;
  samlAttrMapUsername: string;
  samlAttrMapMail: string;
  samlAttrMapFirstName: string;
  samlAttrMapLastName: string;
  samlABLCRule: string;
  isSameUsernameTreatedAsIdenticalUser: boolean;
  isSameEmailTreatedAsIdenticalUser: boolean;
}
export interface SamlSettingResponse {
  securitySettingParams: SamlAuthParams & {
    /** GROWI's list of mandatory keys still missing (SAML is not set up while there are any). */
    missingMandatoryConfigKeys: string[];
    /** Where the IdP posts its answer (the SP's Assertion Consumer Service URL). */
    samlCallbackUrl: string;
  };
}
