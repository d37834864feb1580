// ESLint flat config: typescript-eslint everywhere, React hooks rules for the renderer, and
// package boundaries: the renderer and shared code never import server or Electron code.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** What the web app never imports: the server, the desktop shell, Node. */
const RENDERER_WALLS = ['**/server/**', '**/main/**', 'electron', 'node:*', 'better-sqlite3', 'fastify'];
/** What the server never imports: the web app and the desktop shell. */
const SERVER_WALLS = ['**/renderer/**', '**/main/**', 'electron'];
const API_CALLS = 'Components call named functions of api/*.ts or features/*/api.ts, never URLs themselves.';

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'test/growi-clients/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: RENDERER_WALLS }],
    },
  },
  {
    // One HTTP convention (issue 31): a component names the call it makes; the URL lives beside
    // its siblings in an api module.
    files: ['src/renderer/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: RENDERER_WALLS },
            { group: ['**/api/client'], importNames: ['api'], message: API_CALLS },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: 'Literal[value=/^\\/_api\\//]', message: API_CALLS },
        { selector: 'TemplateElement[value.raw=/^\\/_api\\//]', message: API_CALLS },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/server/**', '**/main/**', '**/renderer/**', 'electron', 'node:*', 'fastify'] },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: SERVER_WALLS }],
    },
  },
  {
    // Routes are thin (issue 31): tables are read and written by their module's services, never
    // from a route file, which reaches neither the schema nor the database.
    files: ['src/server/modules/**/*routes.ts', 'src/server/modules/**/*-route.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: SERVER_WALLS },
            {
              group: ['**/db/schema', '**/db/schema-operations', 'drizzle-orm'],
              allowImportNames: ['USER_STATUS'],
              message: 'A route calls its module services; tables are theirs.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='ctx'][property.name='db']",
          message: 'A route calls its module services; the database is theirs.',
        },
      ],
    },
  },
);
