// HTTP Basic (SPEC's "basic", off by default): scripts and curl sign in per request with a local
// or directory password, in both the read and the session scope.
import { defineProvider } from '../provider';
import basicAuthPlugin from './hook';

export default defineProvider({
  id: 'basic',
  enabledField: 'isBasicEnabled',
  isSetUp: ({ settings }) => settings.get('security:passport-basic:isEnabled'),
  hooks: [
    { plugin: basicAuthPlugin, scope: 'read' },
    { plugin: basicAuthPlugin, scope: 'session' },
  ],
});
