// A route's bound on how often one client may call it in an hour (@fastify/rate-limit), refused
// with a translated 429 that says in how many minutes to try again.
import type { FastifyContextConfig } from 'fastify';
import { AppError } from './app-error';

const HOUR_MS = 60 * 60 * 1000;

export function hourlyLimit(max: number, code: string, i18nKey: string): FastifyContextConfig {
  return {
    rateLimit: {
      max,
      timeWindow: HOUR_MS,
      errorResponseBuilder: (_request, { ttl }) =>
        new AppError(429, code, i18nKey, { minutes: Math.max(1, Math.ceil(ttl / 60_000)) }),
    },
  };
}
