// Turns every failure into the v3 error body `{ errors: [{ message, code }] }`, translated.
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { TFunction } from 'i18next';
import { AppError } from '../lib/app-error';
import { isDiskFull } from '../lib/disk-full';
import { requestLang, translator } from '../lib/i18n';
import type { ApiErrorItem } from '../../shared/api-types';

interface AjvIssue {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}

function fieldLabel(t: TFunction, issue: AjvIssue): string {
  const name =
    typeof issue.params.missingProperty === 'string'
      ? issue.params.missingProperty
      : (issue.instancePath.split('/').pop() ?? '');
  return t([`fields.${name}`, `accountFields.${name}`], { defaultValue: name });
}

/** One message per failed rule, in SPEC §5's words ('%s is required', 'The syntax of %s is invalid.'). */
export function validationItems(t: TFunction, issues: AjvIssue[]): ApiErrorItem[] {
  const items = issues.map((issue): ApiErrorItem => {
    const field = fieldLabel(t, issue);
    switch (issue.keyword) {
      case 'required':
        return { code: 'required', message: t('errors.required', { field }) };
      case 'minLength':
        return {
          code: 'too_short',
          message: t('errors.too_short', { field, limit: Number(issue.params.limit) }),
        };
      case 'maxLength':
        return {
          code: 'too_long',
          message: t('errors.too_long', { field, limit: Number(issue.params.limit) }),
        };
      default:
        return { code: 'invalid', message: t('errors.syntax_invalid', { field }) };
    }
  });
  return [{ code: 'validation_failed', message: t('errors.validation') }, ...items];
}

/**
 * A request body the parsers could not read to the end: busboy's own errors (a multipart upload cut
 * short or with broken part headers) are plain Errors, not Fastify's, so they are told by message.
 */
const MALFORMED_BODY =
  /^(Unexpected end of (form|multipart data)|Malformed (part header|urlencoded form)|Multipart: Boundary not found|Part terminated early|Missing Content-Type|Unsupported content type)/i;

/** The status and translated error items of any failure (also used by the older API's routes). */
export function describeError(
  error: FastifyError,
  request: FastifyRequest,
  t: TFunction,
): [number, ApiErrorItem[]] {
  if (error instanceof AppError) {
    // A `field` parameter names a request field: shown by its label, as schema failures are.
    const field = error.params?.field;
    const params =
      typeof field === 'string'
        ? {
            ...error.params,
            field: t([`fields.${field}`, `accountFields.${field}`], { defaultValue: field }),
          }
        : error.params;
    const item: ApiErrorItem = { code: error.code, message: t(error.messageKey, params) };
    if (error.args) item.args = error.args;
    return [error.statusCode, [item]];
  }
  if (error.validation) return [400, validationItems(t, error.validation as AjvIssue[])];
  if (error.code === 'FST_CSRF_INVALID_TOKEN' || error.code === 'FST_CSRF_MISSING_SECRET') {
    return [403, [{ code: 'invalid_csrf', message: t('errors.csrf') }]];
  }
  if (error.statusCode === 413) return [413, [{ code: 'too_large', message: t('errors.too_large') }]];
  if (!error.statusCode && MALFORMED_BODY.test(error.message)) {
    return [400, [{ code: 'malformed_body', message: t('errors.malformed_body') }]];
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return [error.statusCode, [{ code: 'bad_request', message: t('errors.validation') }]];
  }
  // A write refused for lack of space (issue 26): said plainly, the host told by the disk watch.
  if (isDiskFull(error)) return [507, [{ code: 'disk_full', message: t('errors.disk_full') }]];
  request.log.error({ err: error }, 'request failed');
  return [500, [{ code: 'internal', message: t('errors.internal') }]];
}

async function errorsPlugin(app: FastifyInstance, { onDiskFull }: { onDiskFull?: () => void } = {}) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const [status, errors] = describeError(error, request, translator(requestLang(request)));
    if (status === 507) onDiskFull?.();
    return reply.status(status).send({ errors });
  });
}

export default fp(errorsPlugin, { name: 'quire-errors' });
