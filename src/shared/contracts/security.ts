// /admin/security (GROWI's `/_api/v3/security-setting` routes; admins only): guest access and
// deletion authority, registration, link sharing, the upload limit, which sign-in mechanisms are
// on, and each directory or identity provider's settings. A provider's settings are a settings
// group (server/modules/settings/section.ts checks at start that its fields are this body's):
// a field left out keeps its value, null or blank clears it, a secret sent back as the mask
// keeps the stored one.
import { Type, type TBoolean, type TObject, type TProperties, type TString } from '@sinclair/typebox';
import { AUTH_IDS } from '../sign-in-types';
import { MAX_FILE_SIZE_CEILING, REGISTRATION_MODES } from '../account-types';
import { DELETION_AUTHORITIES } from '../page-tree-types';
import { defineContract, Enum, Nullable, SettingsGroup } from './define';

const Text = Type.String({ maxLength: 1024 });

/** A settings group's body as its route reads it: the group's fields and the ones it takes and leaves. */
export type GroupBody = Record<string, string | number | boolean | string[] | null | undefined>;

/** A provider's fields: each optional in a write, null or blank clearing a text. */
const open = (fields: TProperties, ignored: TProperties = {}) =>
  Type.Unsafe<GroupBody>(
    Type.Object(
      {
        ...SettingsGroup(fields, [], Object.keys(fields)).properties,
        ...Object.fromEntries(Object.entries(ignored).map(([name, schema]) => [name, Type.Optional(schema)])),
      },
      { additionalProperties: false },
    ),
  );
type Shown<T extends TProperties> = TObject<{ [K in keyof T]: T[K] extends TBoolean ? TBoolean : TString }>;
/** What an answer shows of the same fields (secrets as the mask when one is stored). */
const shown = <T extends TProperties>(fields: T): Shown<T> =>
  Type.Object(
    Object.fromEntries(
      Object.entries(fields).map(([name, schema]) => [
        name,
        schema.type === 'boolean' ? Type.Boolean() : Type.String(),
      ]),
    ),
  ) as unknown as Shown<T>;

const LDAP_FIELDS = {
  serverUrl: Text,
  isUserBind: Type.Boolean(),
  ldapBindDN: Text,
  ldapBindDNPassword: Text,
  ldapSearchFilter: Text,
  ldapAttrMapUsername: Text,
  isSameUsernameTreatedAsIdenticalUser: Type.Boolean(),
  ldapAttrMapMail: Text,
  ldapAttrMapName: Text,
  ldapGroupSearchBase: Text,
  ldapGroupSearchFilter: Text,
  ldapGroupDnProperty: Text,
};

const Endpoint = Type.String({ maxLength: 2048 });
const OIDC_FIELDS = {
  oidcProviderName: Endpoint,
  oidcIssuerHost: Endpoint,
  oidcAuthorizationEndpoint: Endpoint,
  oidcTokenEndpoint: Endpoint,
  oidcRevocationEndpoint: Endpoint,
  oidcIntrospectionEndpoint: Endpoint,
  oidcUserInfoEndpoint: Endpoint,
  oidcEndSessionEndpoint: Endpoint,
  oidcRegistrationEndpoint: Endpoint,
  oidcJWKSUri: Endpoint,
  oidcClientId: Endpoint,
  oidcClientSecret: Endpoint,
  oidcAttrMapId: Endpoint,
  oidcAttrMapUserName: Endpoint,
  oidcAttrMapName: Endpoint,
  oidcAttrMapEmail: Endpoint,
  isSameUsernameTreatedAsIdenticalUser: Type.Boolean(),
  isSameEmailTreatedAsIdenticalUser: Type.Boolean(),
};

const SamlText = Type.String({ maxLength: 2048 });
const SAML_FIELDS = {
  samlEntryPoint: SamlText,
  samlIssuer: SamlText,
  samlCert: Type.String({ maxLength: 20_000 }),
  samlAttrMapId: SamlText,
  samlAttrMapUsername: SamlText,
  samlAttrMapMail: SamlText,
  samlAttrMapFirstName: SamlText,
  samlAttrMapLastName: SamlText,
  samlABLCRule: SamlText,
  isSameUsernameTreatedAsIdenticalUser: Type.Boolean(),
  isSameEmailTreatedAsIdenticalUser: Type.Boolean(),
};
/**
 * GROWI 7's own names for the SAML fields (its server reads `entryPoint`, `cert`, `ABLCRule` …),
 * and its spec's spelling `samlAttrMapUserName`: each stands for Quire's field of the same value.
 */
export const SAML_ALIASES = {
  entryPoint: 'samlEntryPoint',
  issuer: 'samlIssuer',
  cert: 'samlCert',
  attrMapId: 'samlAttrMapId',
  attrMapUsername: 'samlAttrMapUsername',
  samlAttrMapUserName: 'samlAttrMapUsername',
  attrMapMail: 'samlAttrMapMail',
  attrMapFirstName: 'samlAttrMapFirstName',
  attrMapLastName: 'samlAttrMapLastName',
  ABLCRule: 'samlABLCRule',
} as const;
/** What GROWI's admin form sends back of the screen and Quire does not take (the environment's values). */
const SAML_READ_ONLY = {
  missingMandatoryConfigKeys: Type.Array(Type.String({ maxLength: 200 }), { maxItems: 50 }),
  useOnlyEnvVarsForSomeOptions: Type.Boolean(),
  ...Object.fromEntries(
    ['Issuer', 'Cert', 'AttrMapId', 'AttrMapUserName', 'AttrMapMail', 'AttrMapFirstName', 'AttrMapLastName']
      .concat('ABLCRule')
      .map((name) => [`samlEnvVar${name}`, Type.String({ maxLength: 20_000 })]),
  ),
};
const SAML_ALIAS_FIELDS = Object.fromEntries(
  Object.entries(SAML_ALIASES).map(([alias, field]) => [alias, Nullable(SAML_FIELDS[field])]),
);

const GITHUB_FIELDS = {
  githubClientId: Text,
  githubClientSecret: Text,
  /** A GitHub Enterprise Server address; blank for github.com. */
  githubBaseUrl: Text,
  isSameUsernameTreatedAsIdenticalUser: Type.Boolean(),
};
const GOOGLE_FIELDS = {
  googleClientId: Text,
  googleClientSecret: Text,
  isSameEmailTreatedAsIdenticalUser: Type.Boolean(),
  isSameUsernameTreatedAsIdenticalUser: Type.Boolean(),
};

export const LdapAuthSchema = shown(LDAP_FIELDS);
export const OidcAuthSchema = shown(OIDC_FIELDS);
export const SamlAuthSchema = shown(SAML_FIELDS);
export const GithubOAuthSchema = shown(GITHUB_FIELDS);
export const GoogleOAuthSchema = shown(GOOGLE_FIELDS);

export const GeneralAuthSchema = Type.Object({
  isLocalEnabled: Type.Boolean(),
  isLdapEnabled: Type.Boolean(),
  isOidcEnabled: Type.Boolean(),
  isSamlEnabled: Type.Boolean(),
  isGitHubEnabled: Type.Boolean(),
  isGoogleEnabled: Type.Boolean(),
  isBasicEnabled: Type.Boolean(),
});

const GeneralSettingSchema = Type.Object({
  restrictGuestMode: Enum(['Deny', 'Readonly'] as const, 'string'),
  pageCompleteDeletionAuthority: Enum(DELETION_AUTHORITIES, 'string'),
});
const LocalSettingSchema = Type.Object({
  registrationMode: Enum(REGISTRATION_MODES, 'string'),
  /** Allowed e-mail domains, each starting with `@`; empty allows every address. */
  registrationWhitelist: Type.Array(Type.String()),
  /** 0: no limit. */
  userUpperLimit: Type.Integer(),
  /** "Forgot password" links by e-mail (they work only while mail is set up). */
  isPasswordResetEnabled: Type.Boolean(),
});
const ShareLinkSettingSchema = Type.Object({ disableLinkSharing: Type.Boolean() });
/** The upload size limit in bytes; fixed by `QUIRE_MAX_FILE_SIZE` when `isFromEnv`. */
const FileUploadLimitSchema = Type.Object({ maxFileSize: Type.Integer(), isFromEnv: Type.Boolean() });

export const SecurityParamsSchema = Type.Object({
  generalAuth: GeneralAuthSchema,
  ldapAuth: LdapAuthSchema,
  oidcAuth: OidcAuthSchema,
  samlAuth: SamlAuthSchema,
  githubOAuth: GithubOAuthSchema,
  googleOAuth: GoogleOAuthSchema,
  generalSetting: GeneralSettingSchema,
  localSetting: LocalSettingSchema,
  shareLinkSetting: ShareLinkSettingSchema,
  fileUploadSetting: FileUploadLimitSchema,
});

export const securitySettings = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/security-setting',
  growiPath: '/security-setting/',
  response: { 200: Type.Object({ securityParams: SecurityParamsSchema }) },
});

export const generalSetting = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/security-setting/general-setting',
  response: { 200: Type.Object({ generalSetting: GeneralSettingSchema }) },
});

/**
 * Any of the two general settings Quire has. GROWI's other general fields (deletion authorities
 * by kind, user pages, session age, wiki mode …) are taken and not kept: docs/API.md says why.
 */
export const generalSettingUpdate = defineContract({
  api: 'v3',
  method: 'PUT',
  path: '/security-setting/general-setting',
  body: Type.Object(
    {
      restrictGuestMode: Type.Optional(GeneralSettingSchema.properties.restrictGuestMode),
      pageCompleteDeletionAuthority: Type.Optional(
        GeneralSettingSchema.properties.pageCompleteDeletionAuthority,
      ),
    },
    { minProperties: 1 },
  ),
  response: { 200: Type.Object({ securitySettingParams: GeneralSettingSchema }) },
});

/** Any of the local settings; GROWI's `isEmailAuthenticationEnabled` is taken, not kept. */
export const localSettingUpdate = defineContract({
  api: 'v3',
  method: 'PUT',
  path: '/security-setting/local-setting',
  body: Type.Object(
    {
      registrationMode: Type.Optional(Enum(REGISTRATION_MODES, 'string')),
      registrationWhitelist: Type.Optional(Type.Array(Type.String({ maxLength: 254 }), { maxItems: 500 })),
      userUpperLimit: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
      isPasswordResetEnabled: Type.Optional(Type.Boolean()),
    },
    { minProperties: 1 },
  ),
  response: { 200: Type.Object({ localSettingParams: LocalSettingSchema }) },
});

export const shareLinkSettingUpdate = defineContract({
  api: 'v3',
  method: 'PUT',
  path: '/security-setting/share-link-setting',
  body: Type.Object({ disableLinkSharing: Type.Boolean() }),
  response: { 200: Type.Object({ securitySettingParams: ShareLinkSettingSchema }) },
});

/** Stored even while `QUIRE_MAX_FILE_SIZE` decides: it takes effect once the variable is gone. */
export const uploadLimitUpdate = defineContract({
  api: 'v3',
  method: 'PUT',
  path: '/security-setting/file-upload-setting',
  body: Type.Object({ maxFileSize: Type.Integer({ minimum: 1, maximum: MAX_FILE_SIZE_CEILING }) }),
  response: { 200: Type.Object({ fileUploadSetting: FileUploadLimitSchema }) },
});

export const setupStrategies = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/security-setting/authentication',
  response: { 200: Type.Object({ setupStrategies: Type.Array(Enum(AUTH_IDS, 'string')) }) },
});

/**
 * A mechanism on or off. Turning off the last one anyone can sign in with, or the last an active
 * admin can, is refused (405, as GROWI).
 */
export const authenticationSwitch = defineContract({
  api: 'v3',
  method: 'PUT',
  path: '/security-setting/authentication/enabled',
  body: Type.Object({ isEnabled: Type.Boolean(), authId: Enum(AUTH_IDS, 'string') }),
  response: { 200: Type.Object({ responseParams: Type.Record(Type.String(), Type.Boolean()) }) },
});

const providerUpdate = <B extends ReturnType<typeof open>, A extends TObject>(
  path: string,
  body: B,
  answer: A,
) =>
  defineContract({
    api: 'v3',
    method: 'PUT',
    path: `/security-setting/${path}`,
    body,
    response: { 200: Type.Object({ securitySettingParams: answer }) },
  });

export const ldapSettingUpdate = providerUpdate('ldap', open(LDAP_FIELDS), LdapAuthSchema);
/** Saving re-runs discovery: the answer says whether the provider is usable now, and why not. */
export const oidcSettingUpdate = providerUpdate(
  'oidc',
  open(OIDC_FIELDS),
  Type.Composite([
    OidcAuthSchema,
    Type.Object({ isOidcSetUp: Type.Boolean(), oidcSetupError: Nullable(Type.String()) }),
  ]),
);
/** Every mandatory setting must be there after the write (GROWI's rule). */
export const samlSettingUpdate = providerUpdate(
  'saml',
  open(SAML_FIELDS, { ...SAML_ALIAS_FIELDS, ...SAML_READ_ONLY }),
  Type.Composite([
    SamlAuthSchema,
    Type.Object({
      /** GROWI's list of mandatory keys still missing (SAML is not set up while there are any). */
      missingMandatoryConfigKeys: Type.Array(Type.String()),
      /** Where the IdP posts its answer (the SP's Assertion Consumer Service URL). */
      samlCallbackUrl: Type.String(),
    }),
  ]),
);
export const githubSettingUpdate = providerUpdate('github-oauth', open(GITHUB_FIELDS), GithubOAuthSchema);
export const googleSettingUpdate = providerUpdate('google-oauth', open(GOOGLE_FIELDS), GoogleOAuthSchema);
