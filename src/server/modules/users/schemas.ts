// JSON schemas of user fields, shared by the installer, profile and (later) registration routes.
import { LANGUAGES } from '../../../shared/api-types';
import { PASSWORD_MIN_LENGTH } from './password';

/** User id: letters, numbers and some symbols (SPEC §5). */
export const USERNAME_PATTERN = '^[A-Za-z0-9._-]+$';

export const userFields = {
  username: { type: 'string', minLength: 1, maxLength: 64, pattern: USERNAME_PATTERN },
  name: { type: 'string', minLength: 1, maxLength: 128, pattern: '\\S' },
  email: { type: 'string', format: 'email', maxLength: 254 },
  password: { type: 'string', minLength: PASSWORD_MIN_LENGTH, maxLength: 1024 },
  lang: { type: 'string', enum: [...LANGUAGES] },
} as const;
