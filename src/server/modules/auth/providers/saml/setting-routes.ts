// Admin settings of SAML 2 (GROWI's `PUT /security-setting/saml`). Permission: requireAdmin.
// Every mandatory setting must be there after the update (GROWI's rule); the IdP certificate must
// be an X.509 certificate and the login rule must parse. Validated first, written after.
import { X509Certificate } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../../context';
import { badRequest } from '../../../../lib/app-error';
import { requireAdmin } from '../../../../lib/guards';
import type { SettingsService } from '../../../settings/service';
import { checkSectionContract, settingsSection } from '../../../settings/section';
import { contractRoute } from '../../../../lib/contract-route';
import { SAML_ALIASES, samlSettingUpdate } from '../../../../../shared/contracts/security';
import { AblcSyntaxError, parseRule } from './ablc';
import { certBody, missingSamlKeys, samlSettingsFrom } from './strategy';
import { callbackUrlOf } from '../../redirect-sign-in';
import type { SamlAuthParams, SamlSettingResponse } from '../../../../../shared/sign-in-types';
import { isHttpUrl } from '../../../../lib/schemas';

const P = 'security:passport-saml:' as const;
/** GROWI's fields and keys. */
const TEXT = {
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
const FLAGS = {
  isSameUsernameTreatedAsIdenticalUser: `${P}isSameUsernameTreatedAsIdenticalUser`,
  isSameEmailTreatedAsIdenticalUser: `${P}isSameEmailTreatedAsIdenticalUser`,
} as const;
const SAML = settingsSection({
  text: TEXT,
  flags: FLAGS,
  maxLengthOf: { samlCert: 20_000 },
  // GROWI 7's names for the same fields, and what its form sends back of the screen, as the
  // contract declares them: taken (an alias stands for Quire's field), the rest not kept.
  ignored: Object.fromEntries(
    Object.entries(samlSettingUpdate.body.properties as Record<string, object>).filter(
      ([field]) => !(field in TEXT) && !(field in FLAGS),
    ),
  ),
});
/** The keys `missingSamlKeys` names → API fields, for "… is required". */
const FIELD_OF: Record<string, string> = {
  [`${P}entryPoint`]: 'samlEntryPoint',
  [`${P}issuer`]: 'samlIssuer',
  [`${P}cert`]: 'samlCert',
  [`${P}attrMapId`]: 'samlAttrMapId',
  [`${P}attrMapUsername`]: 'samlAttrMapUsername',
  [`${P}attrMapMail`]: 'samlAttrMapMail',
};

export const samlAuthParams = (settings: SettingsService) => SAML.read(settings) as unknown as SamlAuthParams;

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
  checkSectionContract(samlSettingUpdate, SAML);
  contractRoute(app, samlSettingUpdate, async (request) => {
    requireAdmin(request);
    const body = { ...request.body };
    for (const [alias, field] of Object.entries(SAML_ALIASES))
      if (body[field] === undefined && body[alias] !== undefined) body[field] = body[alias];
    // What the settings would be: absent fields stay, null or blank clears (GROWI's removeIfUndefined).
    const next = SAML.after(settings, body);
    const missing = missingSamlKeys({
      entryPoint: next.samlEntryPoint!,
      issuer: next.samlIssuer!,
      cert: next.samlCert!,
      attrMapId: next.samlAttrMapId!,
      attrMapUsername: next.samlAttrMapUsername!,
      attrMapMail: next.samlAttrMapMail!,
      attrMapFirstName: '',
      attrMapLastName: '',
      ablcRule: '',
    });
    if (missing[0])
      throw badRequest('required', 'errors.required', { field: FIELD_OF[missing[0]] ?? missing[0] });
    if (!isHttpUrl(next.samlEntryPoint!))
      throw badRequest('invalid', 'errors.syntax_invalid', { field: 'samlEntryPoint' });
    if (!isCertificate(next.samlCert!))
      throw badRequest('invalid', 'errors.syntax_invalid', { field: 'samlCert' });
    const rule = next.samlABLCRule!;
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
    SAML.write(settings, body);
    return { securitySettingParams: samlSettingParams(ctx, request) };
  });
}
