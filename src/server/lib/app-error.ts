// Errors a service throws for the client to see. The message is an i18n key, translated per request.
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly messageKey: string,
    readonly params: Record<string, string | number> = {},
    readonly args?: Record<string, unknown>,
  ) {
    super(messageKey);
  }
}

export const badRequest = (code: string, key: string, params?: Record<string, string | number>) =>
  new AppError(400, code, key, params);
export const unauthorized = () => new AppError(401, 'login_required', 'errors.login_required');
export const forbidden = (code = 'forbidden', key = 'errors.forbidden') => new AppError(403, code, key);
export const notFoundOrForbidden = () =>
  new AppError(404, 'notfound_or_forbidden', 'errors.notfound_or_forbidden');
export const conflict = (
  code: string,
  key: string,
  params?: Record<string, string | number>,
  args?: Record<string, unknown>,
) => new AppError(409, code, key, params, args);
