// ESLint (flat config): `npm run lint`. TypeScript everywhere; React's hooks rules and jsx-a11y for the web app.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores([
    '**/node_modules/',
    '**/build/',
    '**/dist/',
    '**/coverage/',
    '**/.react-router/',
    'apps/web/build/',
    'bench/results/',
    'test-results/',
    'playwright-report/',
    '.data/',
    '.data-*/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: globals.node },
    rules: {
      // `const { id: _id, ...rest } = row` leaves a field out on purpose; an underscore says so.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // The service worker is a plain script the browser runs as it is (apps/web/public/sw.js).
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: globals.serviceworker, sourceType: 'script' },
  },
  {
    files: ['apps/web/app/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
    languageOptions: { globals: globals.browser },
    rules: {
      // A scrolling table or list must be reachable by keyboard (WCAG 2.1.1, axe's scrollable-region-focusable):
      // the project makes it a labelled region with tabIndex 0. Other non-interactive elements still may not.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'], allowExpressionValues: true }],
    },
  },
);
