// Local accounts: a username or e-mail and a password kept (hashed) by Quire. The sign-in form's
// routes are the auth module's own (auth/routes.ts): every other way rides on the session they make.
import { defineProvider } from '../provider';

export default defineProvider({
  id: 'local',
  enabledField: 'isLocalEnabled',
  isSetUp: ({ settings }) => settings.get('security:passport-local:isEnabled'),
});
