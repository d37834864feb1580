// A user's fields as forms send them (the installer, registration, invitation, /me).
import { Type } from '@sinclair/typebox';
import { LANGUAGES } from '../api-types';
import { Enum } from './define';

/** User id: letters, numbers and some symbols (SPEC §5). */
export const USERNAME_PATTERN = '^[A-Za-z0-9._-]+$';
export const PASSWORD_MIN_LENGTH = 6;

export const UserFields = {
  username: Type.String({ minLength: 1, maxLength: 64, pattern: USERNAME_PATTERN }),
  name: Type.String({ minLength: 1, maxLength: 128, pattern: '\\S' }),
  email: Type.String({ format: 'email', maxLength: 254 }),
  password: Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: 1024 }),
  lang: Enum(LANGUAGES, 'string'),
};
