// One flat config: TypeScript rules plus the boundary rules of CONVENTIONS.md, enforced by resolved path.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const serverModules = readdirSync(new URL('./apps/server/src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.data-test/**', 'test-results/**', 'playwright-report/**', 'packages/db/migrations/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      // The rules that read other files (no-cycle) parse them as TypeScript; without this they skip them.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json', 'bench/tsconfig.json'],
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
      // No import cycles, type-only imports included: a cycle means two files are one concept, or a type is
      // in the wrong file (issue 19).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // 1. domain is pure: it imports zod only (checked below by module name), nothing of ours outside it.
            { target: './packages/domain', from: ['./packages/db', './apps'], message: 'domain imports only zod.' },
            // 2. db may import domain, never an app; web never imports db or the server.
            { target: './packages/db', from: './apps', message: 'db never imports an app.' },
            { target: './apps/web', from: ['./packages/db', './apps/server'], message: 'The web app never imports db or the server.' },
            // 4. web: shared → features → app. Shared code does not import features or app; features do not import app.
            {
              target: ['./apps/web/src/components', './apps/web/src/lib', './apps/web/src/config'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'Shared code does not import features or the app.',
            },
            { target: './apps/web/src/features', from: './apps/web/src/app', message: 'Features do not import the app layer.' },
            // Features do not import each other: a route in app/ composes them.
            ...webFeatures.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message: 'Features do not import each other; compose them in a route.',
            })),
            // 3. A server module's repository is its own: other modules call its service or use-case files.
            ...serverModules.map((module) => ({
              target: `./apps/server/src/modules/${module}`,
              from: serverModules.filter((other) => other !== module).map((other) => `./apps/server/src/modules/${other}/repository.ts`),
              message: "Another module's repository: call that module's service or use case instead.",
            })),
            // 6. Source never imports test code.
            { target: ['./apps/*/src', './packages/*/src'], from: ['./e2e', './bench'], message: 'Source never imports test code.' },
            // 7. Shipping code never imports test support (each app keeps its test helpers in one folder).
            {
              target: ['./apps/server/src/!(test-support)/**/!(*.test).ts', './apps/server/src/!(*.test).ts'],
              from: './apps/server/src/test-support',
              message: 'Shipping code never imports test support.',
            },
            {
              target: ['./apps/web/src/!(test)/**/!(*.test).{ts,tsx}', './apps/web/src/!(*.test).{ts,tsx}'],
              from: './apps/web/src/test',
              message: 'Shipping code never imports test support.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?!zod$|zod/|\\.)', message: 'domain is pure TypeScript that depends on zod only.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/*/routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^drizzle-orm', message: 'Routes never touch Drizzle: call the service.' }, { regex: '/repository$', message: 'Routes call the service, not the repository.' }] },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    // The build's own configuration runs in Node.
    ignores: ['apps/web/vite.config.ts'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [{ regex: '^node:', message: 'The web app runs in the browser.' }] }],
    },
  },
);
