// GROWI's older API (`/_api/…`: search, comments, tags, attachments, LDAP test, Slack) answers
// errors as `{ ok: false, error, code }` instead of v3's list of errors.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { requestLang, translator } from '../lib/i18n';
import { describeError } from './errors';

export function legacyErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const [status, errors] = describeError(error, request, translator(requestLang(request)));
  const last = errors[errors.length - 1];
  return reply.status(status).send({
    ok: false,
    error: errors.map((e) => e.message).join(' '),
    code: last?.code ?? 'internal',
  });
}
