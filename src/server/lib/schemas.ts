// Schema pieces and checks every route file shares.
import { ID_PATTERN } from '../../shared/ids';

/** Quire's ids, for the WebSocket routes' params (every other route's are in its contract). */
export const ID = { type: 'string', pattern: ID_PATTERN } as const;

const ID_REGEXP = new RegExp(ID_PATTERN);
/** Whether a value from outside (a socket message, a form field, a file name) is one of Quire's ids. */
export const isId = (value: string): boolean => ID_REGEXP.test(value);

/** An absolute http(s) address (an identity provider's endpoint, a sign-in page). */
export function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}
