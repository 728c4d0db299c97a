// @ts-check
import { readdirSync, readFileSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import formatjs from 'eslint-plugin-formatjs';
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
/**
 * The components that take their texts from catalogs (they call `useT`): every text
 * they show comes from one, so a literal text in their JSX is one a Bangla reader would
 * see in English. A component joins by being translated (docs/i18n.md).
 */
const TRANSLATED = readdirSync(new URL('src', import.meta.url), { recursive: true, encoding: 'utf8' })
  .filter((path) => path.endsWith('.tsx') && !path.endsWith('.test.tsx'))
  .map((path) => `src/${path}`)
  .filter((path) => /\buseT\(/.test(readFileSync(new URL(path, import.meta.url), 'utf8')));

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
    files: TRANSLATED,
    plugins: { formatjs },
    rules: {
      'formatjs/no-literal-string-in-jsx': [
        'error',
        { props: { include: [['*', '{aria-label,alt,label,placeholder,title}']] } },
      ],
    },
  },
  {
    files: ['**/*.js'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
);
