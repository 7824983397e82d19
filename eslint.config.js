// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './tools/eslint-boundaries.js';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-server/**',
      'data/**',
      '.tmp/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'dev-dist/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { local: boundaries },
    rules: {
      'local/boundaries': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  {
    // React's hook rules apply to the PWA; Playwright fixtures also call a function named `use`.
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // antd-mobile's Button loses its accessible name while loading; components/ui/Button.tsx keeps it.
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/components/ui/Button.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'antd-mobile/es/components/button',
              message: 'Import Button from @web/components/ui/Button: it keeps its name while loading.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { ...globals.node } },
  },
);
