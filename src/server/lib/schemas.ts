// Schema pieces and checks every route file shares.
import { ID_PATTERN } from '../../shared/contracts/define';

/** Quire's ids, for the routes not declared by a contract yet (shared/contracts/define.ts). */
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

/**
 * A route's options when all it declares is its JSON body: an object with these properties, the
 * ones it must carry, and (`closed`) no others.
 */
export function jsonBody(
  properties: Record<string, object>,
  options: { required?: readonly string[]; closed?: boolean } = {},
) {
  return {
    schema: {
      body: {
        type: 'object',
        properties,
        ...(options.required ? { required: [...options.required] } : {}),
        ...(options.closed ? { additionalProperties: false } : {}),
      },
    },
  };
}
