import js from '@eslint/js'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import boundaries from './scripts/eslint-feature-boundaries.js'

export default tseslint.config(
  { ignores: ['build/**', 'build-*/**', 'public/build/**', 'explore-*.mjs', 'node_modules/**', 'test-results/**', 'playwright-report/**', '.cache/**', 'data/**', 'bench-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  // The store owns the connection. Only the database layer (provider/db/) and the store's
  // adapter over it know the drivers, and production code never imports the development folder
  // (provider/index.ts loads its routes lazily, in dev mode only).
  {
    files: ['provider/**/*.ts'],
    ignores: ['provider/db/**', 'provider/store/engine-db.ts', 'provider/dev/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['pg', '@electric-sql/pglite', 'kysely'].map((name) => ({
            name,
            message: 'Go through the store (provider/store/), which owns the connection.',
          })),
          patterns: [{ group: ['**/dev/*'], message: 'Development-only code: import it from provider/dev/ or the seed scripts only.' }],
        },
      ],
    },
  },
  // The store builds its queries with Kysely over the typed schema (provider/db/schema.ts); the
  // drivers stay behind provider/db/ all the same.
  {
    files: ['provider/store/**/*.ts'],
    ignores: ['provider/store/engine-db.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['pg', '@electric-sql/pglite'].map((name) => ({
            name,
            message: 'Go through the store (provider/store/), which owns the connection.',
          })),
          patterns: [{ group: ['**/dev/*'], message: 'Development-only code: import it from provider/dev/ or the seed scripts only.' }],
        },
      ],
    },
  },
  // Transactions open in one layer, the store's units of work (provider/store/units.ts and the named
  // units beside it): a route, job, domain module or seeder calls a unit and never opens its own.
  // provider/db/ is below the store (the PGlite dialect implements transactions, the migrator runs
  // in one); scripts/db-probe.ts times the bare engines on a table of its own.
  {
    files: ['provider/**/*.ts', 'scripts/**/*.ts'],
    ignores: ['provider/store/**', 'provider/db/**', 'scripts/db-probe.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message: "Transactions open in the store's units of work: call (or add) a named unit in provider/store/.",
        },
        {
          selector: 'TemplateElement[value.raw=/\\b(BEGIN|START TRANSACTION|SAVEPOINT)\\b/], Literal[value=/^\\s*(BEGIN|START TRANSACTION|SAVEPOINT)\\b/]',
          message: "Transactions open in the store's units of work: call (or add) a named unit in provider/store/.",
        },
      ],
    },
  },
  // End-to-end tests share a reused browser context per worker (playwright.config.ts), whose reset
  // between tests does not undo these context-wide settings.
  {
    files: ['tests/e2e/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name=/^(grantPermissions|clearPermissions|setGeolocation|setOffline|setExtraHTTPHeaders|setHTTPCredentials)$/]",
          message: 'Not undone between tests of a reused context: make a context of your own (browser.newContext()) for this test.',
        },
      ],
    },
  },
  // Features import each other only through their public modules (app/features/public-modules.json);
  // app/platform/ and app/components/ui/ never import a feature.
  {
    files: ['app/**/*.{ts,tsx}'],
    plugins: { baricare: boundaries },
    rules: { 'baricare/feature-boundaries': 'error' },
  },
  {
    files: ['app/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
)
