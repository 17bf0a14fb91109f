import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/*
 * Boundaries, as in bulletproof-react: code flows one way,
 * shared (components, config, lib) → features → app.
 * - Shared code never imports a feature or the app.
 * - A feature never imports another feature or the app; what two features
 *   need from each other is composed in src/app (a page passes the cart's
 *   addItem to the product grid, the booking's openBooking to the services).
 * - src/app may import anything.
 * One zone per feature folder, read from disk, so a new feature is fenced too.
 */
const features = readdirSync('src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const boundaryZones = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'A feature must not import another feature: compose them in src/app, or move what both need to src/lib.',
  })),
  {
    target: './src/features',
    from: './src/app',
    message: 'Features must not import from src/app.',
  },
  {
    target: ['./src/components', './src/config', './src/lib', './src/hooks'],
    from: ['./src/features', './src/app'],
    message: 'Shared code (components, config, lib) must not import features or the app.',
  },
];

export default tseslint.config(
  { ignores: ['dist', 'test-results', 'playwright-report', 'src/lib/api/schema.d.ts'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: {
      ecmaVersion: 2023,
      globals: { ...globals.browser },
    },
    plugins: {
      'react-hooks': reactHooks,
      'react-refresh': reactRefresh,
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: "Import z from '@/lib/zod' (configured once: jitless, for the CSP)." }],
          patterns: [
            {
              group: ['@/features/admin/*'],
              message: 'Admin code is lazy-loaded from the router only; public code must not import it.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/lib/zod.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Resolves the '@/…' alias, so the zones see where an import really points.
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.test.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      // An import the resolver cannot follow would slip through the zones.
      'import-x/no-unresolved': ['error', { ignore: ['\\?(url|raw|inline)$'] }],
    },
  },
  {
    files: ['e2e/**/*.ts', 'playwright.config.ts', 'vite.config.ts', 'build/**/*.ts', 'scripts/**/*.mjs'],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    // The route tables (the browser's lazy pages, the server bundle's entry):
    // not components to hot-reload.
    files: ['src/app/router.tsx', 'src/entry-server.tsx'],
    rules: { 'no-restricted-imports': 'off', 'react-refresh/only-export-components': 'off' },
  },
);
