// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * How the page's code depends on itself: `app` (routes and layouts) uses features;
 * a feature uses its own files and the shared layers (`components`, `lib`, `utils`),
 * never another feature; the shared layers use neither. Anything two features need
 * moves down into a shared layer. Imports that leave their folder go through `@/`.
 */
const PARENT = { group: ['../*'], message: 'Import through the @/ alias (`@/lib/...`), not ../ paths.' };
const FEATURES = readdirSync(new URL('src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const layers = [
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [PARENT] }] },
  },
  ...FEATURES.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            PARENT,
            {
              group: ['@/features/*', `!@/features/${feature}`, '@/app/*'],
              message: `A feature uses its own files and the shared layers only: move what "${feature}" shares into src/components, src/lib or src/utils.`,
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['src/{components,lib,utils}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            PARENT,
            { group: ['@/features/*', '@/app/*'], message: 'The shared layers do not depend on features or routes.' },
          ],
        },
      ],
    },
  },
];

export default defineConfig(
  { ignores: ['dist', 'coverage', 'src/lib/api/schema.d.ts'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.strictTypeChecked],
    languageOptions: {
      ecmaVersion: 2023,
      globals: globals.browser,
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
    },
  },
  ...layers,
  {
    files: ['**/*.js'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
);
