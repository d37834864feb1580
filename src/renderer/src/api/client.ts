// The one HTTP client of the web app: JSON in and out, the CSRF token on every unsafe call (fetched
// once, fetched again after the session changes), and v3 errors turned into ApiError.
import type { ApiErrorBody, ApiErrorItem } from '../../../shared/api-types';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: ApiErrorItem[],
  ) {
    super(errors.map((e) => e.message).join('\n'));
    this.name = 'ApiError';
  }

  get code(): string | undefined {
    return this.errors[0]?.code;
  }
}

/** Failures that never reached the API (offline, server down, not JSON): code `network_error`. */
export const NETWORK_ERROR = 'network_error';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

let csrfToken: Promise<string> | null = null;
let acceptLanguage: string | null = null;

/** Login, the installer and logout regenerate the session: the next unsafe call fetches a new token. */
export function resetCsrfToken(): void {
  csrfToken = null;
}

/** The UI language, sent so that messages of guests' requests match the screen. */
export function setRequestLanguage(tag: string): void {
  acceptLanguage = tag;
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as { errors?: unknown }).errors) &&
    (value as ApiErrorBody).errors.every((e) => typeof e?.message === 'string')
  );
}

/** The older `/_api/…` routes answer `{ ok: false, error, code }` (SPEC §8). */
function isLegacyErrorBody(value: unknown): value is { ok: false; error: string; code?: string } {
  const body = value as { ok?: unknown; error?: unknown } | null;
  return typeof body === 'object' && body !== null && body.ok === false && typeof body.error === 'string';
}

async function send(method: Method, url: string, body: unknown, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (acceptLanguage) headers['accept-language'] = acceptLanguage;
  const isForm = body instanceof FormData;
  // A form (file upload) sets its own multipart content type with the boundary.
  if (body !== undefined && !isForm) headers['content-type'] = 'application/json';
  if (token) headers['x-csrf-token'] = token;
  try {
    return await fetch(url, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
  } catch (err) {
    throw new ApiError(0, [{ code: NETWORK_ERROR, message: String(err) }]);
  }
}

async function parse<T>(response: Response): Promise<T> {
  let data: unknown = null;
  try {
    data = await response.json();
  } catch {
    // fall through: a non-JSON reply is reported below
  }
  if (response.ok && data !== null) return data as T;
  if (isErrorBody(data)) throw new ApiError(response.status, data.errors);
  if (isLegacyErrorBody(data)) {
    throw new ApiError(response.status, [{ code: data.code ?? 'error', message: data.error }]);
  }
  throw new ApiError(response.status, [{ code: NETWORK_ERROR, message: `HTTP ${response.status}` }]);
}

function getToken(): Promise<string> {
  csrfToken ??= send('GET', '/_api/v3/csrf-token', undefined, null)
    .then((res) => parse<{ token: string }>(res))
    .then((data) => data.token);
  const pending = csrfToken;
  // A failed fetch must not poison later calls.
  pending.catch(() => {
    if (csrfToken === pending) csrfToken = null;
  });
  return pending;
}

export async function request<T>(method: Method, url: string, body?: unknown): Promise<T> {
  if (method === 'GET') return parse<T>(await send(method, url, undefined, null));
  try {
    return await parse<T>(await send(method, url, body, await getToken()));
  } catch (err) {
    // An expired or rotated session: fetch a fresh token and retry exactly once.
    if (!(err instanceof ApiError) || err.status !== 403 || err.code !== 'invalid_csrf') throw err;
    resetCsrfToken();
    return parse<T>(await send(method, url, body, await getToken()));
  }
}

export const api = {
  get: <T>(url: string) => request<T>('GET', url),
  post: <T>(url: string, body: unknown = {}) => request<T>('POST', url, body),
  put: <T>(url: string, body: unknown = {}) => request<T>('PUT', url, body),
  delete: <T>(url: string, body?: unknown) => request<T>('DELETE', url, body),
  /** A multipart form (file uploads), with the CSRF token like every unsafe call. */
  postForm: <T>(url: string, form: FormData) => request<T>('POST', url, form),
};
