import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { boundariesPlugin } from './scripts/eslint/boundaries.js';
import { sqlInRepositoriesPlugin } from './scripts/eslint/sql-in-repositories.js';
import { venueLedgerWritersPlugin } from './scripts/eslint/venue-ledger-writers.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
      // Lint-rule fixtures break the rules on purpose (their tests lint them).
      'scripts/eslint/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: {
      nebula: boundariesPlugin,
      'nebula-sql': sqlInRepositoriesPlugin,
      'nebula-ledger': venueLedgerWritersPlugin,
    },
    rules: {
      'nebula/one-way': 'error',
      'nebula-sql/sql-in-repositories': 'error',
      'nebula-ledger/venue-ledger-writers': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/venue-web/**/*.{ts,tsx}', 'apps/console/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: [
      'apps/web/src/**/*.{ts,tsx}',
      'apps/venue-web/src/**/*.{ts,tsx}',
      'apps/console/src/**/*.{ts,tsx}',
    ],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Tool configs must default-export.
    files: [
      '**/*.config.{ts,js}',
      'eslint.config.js',
      '**/vite.config.ts',
      '**/playwright.config.ts',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
);
