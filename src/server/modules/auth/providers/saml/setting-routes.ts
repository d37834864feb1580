// Admin settings of SAML 2 (GROWI's `PUT /security-setting/saml`). Permission: requireAdmin.
// Every mandatory setting must be there after the update (GROWI's rule); the IdP certificate must
// be an X.509 certificate and the login rule must parse. Validated first, written after.
import { X509Certificate } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../../context';
import { badRequest } from '../../../../lib/app-error';
import { requireAdmin } from '../../../../lib/guards';
import type { SettingsService } from '../../../settings/service';
import { AblcSyntaxError, parseRule } from './ablc';
import { certBody, missingSamlKeys, samlSettingsFrom } from './strategy';
import { callbackUrlOf } from '../../redirect-sign-in';
import type { SamlAuthParams, SamlSettingResponse } from '../../../../../shared/sign-in-types';

const P = 'security:passport-saml:' as const;
const SAML_TEXT_FIELDS = {
  samlEntryPoint: `${P}entryPoint`,
  samlIssuer: `${P}issuer`,
  samlCert: `${P}cert`,
  samlAttrMapId: `${P}attrMapId`,
  samlAttrMapUsername: `${P}attrMapUsername`,
  samlAttrMapMail: `${P}attrMapMail`,
  samlAttrMapFirstName: `${P}attrMapFirstName`,
  samlAttrMapLastName: `${P}attrMapLastName`,
  samlABLCRule: `${P}ABLCRule`,
} as const;
const SAML_FLAGS = {
  isSameUsernameTreatedAsIdenticalUser: `${P}isSameUsernameTreatedAsIdenticalUser`,
  isSameEmailTreatedAsIdenticalUser: `${P}isSameEmailTreatedAsIdenticalUser`,
} as const;
/** Setting key → API field, for "… is required". */
const FIELD_OF: Record<string, string> = Object.fromEntries(
  Object.entries(SAML_TEXT_FIELDS).map(([field, key]) => [key, field]),
);

const text = { type: ['string', 'null'], maxLength: 2048 } as const;
const SAML_BODY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...Object.fromEntries(Object.keys(SAML_TEXT_FIELDS).map((f) => [f, text])),
    samlCert: { type: ['string', 'null'], maxLength: 20_000 },
    isSameUsernameTreatedAsIdenticalUser: { type: ['boolean', 'null'] },
    isSameEmailTreatedAsIdenticalUser: { type: ['boolean', 'null'] },
  },
} as const;

type Body = { [F in keyof SamlAuthParams]?: SamlAuthParams[F] | null };

export function samlAuthParams(settings: SettingsService): SamlAuthParams {
  const texts = Object.fromEntries(
    Object.entries(SAML_TEXT_FIELDS).map(([field, key]) => [field, settings.get(key)]),
  ) as Record<keyof typeof SAML_TEXT_FIELDS, string>;
  return {
    ...texts,
    isSameUsernameTreatedAsIdenticalUser: settings.get(SAML_FLAGS.isSameUsernameTreatedAsIdenticalUser),
    isSameEmailTreatedAsIdenticalUser: settings.get(SAML_FLAGS.isSameEmailTreatedAsIdenticalUser),
  };
}

export function samlSettingParams(
  ctx: AppContext,
  request: FastifyRequest,
): SamlSettingResponse['securitySettingParams'] {
  return {
    ...samlAuthParams(ctx.settings),
    missingMandatoryConfigKeys: missingSamlKeys(samlSettingsFrom(ctx.settings)),
    samlCallbackUrl: callbackUrlOf(ctx, request, 'saml'),
  };
}

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

function isCertificate(value: string): boolean {
  const body = certBody(value);
  try {
    new X509Certificate(
      `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)?.join('\n') ?? ''}\n-----END CERTIFICATE-----\n`,
    );
    return true;
  } catch {
    return false;
  }
}

export default async function samlSettingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { settings } = ctx;
  app.put<{ Body: Body }>(
    '/security-setting/saml',
    { schema: { body: SAML_BODY } },
    async (request): Promise<SamlSettingResponse> => {
      requireAdmin(request);
      const body = request.body;
      // What the settings would be: absent fields stay, null or blank clears (GROWI's removeIfUndefined).
      const next = new Map<string, string>();
      for (const [field, key] of Object.entries(SAML_TEXT_FIELDS)) {
        const value = body[field as keyof typeof SAML_TEXT_FIELDS];
        next.set(key, value === undefined ? settings.get(key) : (value ?? '').trim());
      }
      const missing = missingSamlKeys({
        entryPoint: next.get(`${P}entryPoint`)!,
        issuer: next.get(`${P}issuer`)!,
        cert: next.get(`${P}cert`)!,
        attrMapId: next.get(`${P}attrMapId`)!,
        attrMapUsername: next.get(`${P}attrMapUsername`)!,
        attrMapMail: next.get(`${P}attrMapMail`)!,
        attrMapFirstName: '',
        attrMapLastName: '',
        ablcRule: '',
      });
      if (missing[0])
        throw badRequest('required', 'errors.required', { field: FIELD_OF[missing[0]] ?? missing[0] });
      if (!isHttpUrl(next.get(`${P}entryPoint`)!))
        throw badRequest('invalid', 'errors.syntax_invalid', { field: 'samlEntryPoint' });
      if (!isCertificate(next.get(`${P}cert`)!))
        throw badRequest('invalid', 'errors.syntax_invalid', { field: 'samlCert' });
      const rule = next.get(`${P}ABLCRule`)!;
      if (rule) {
        try {
          parseRule(rule);
        } catch (err) {
          if (!(err instanceof AblcSyntaxError)) throw err;
          const atEnd = err.near === null && err.reason !== 'empty' ? '_at_end' : '';
          throw badRequest('invalid_ablc_rule', `sign_in.ablc_${err.reason}${atEnd}`, {
            near: err.near ?? '',
          });
        }
      }
      ctx.db.$client.transaction(() => {
        for (const [key, value] of next) settings.set(key as `${typeof P}entryPoint`, value);
        for (const [field, key] of Object.entries(SAML_FLAGS)) {
          const value = body[field as keyof typeof SAML_FLAGS];
          if (value !== undefined) settings.set(key, value ?? false);
        }
      })();
      return { securitySettingParams: samlSettingParams(ctx, request) };
    },
  );
}
