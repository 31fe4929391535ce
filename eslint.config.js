// Type-aware lint; imports flow one way: shared ← server, shared ← web (web may import server types only).
// Inside the web app the walls of docs/decisions/0016-web-layout.md: app → features → components,
// hooks, lib; a feature never imports another feature (pages that compose features live in
// src/web/app/routes).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The rule matches import strings, not resolved paths, so each wall is written per folder depth.
// One rule holds every web wall: a later config block's options replace an earlier block's.
const serverTypesOnly = {
  group: ['**/server/**'],
  message: 'The browser may import server types only.',
  allowTypeImports: true,
};
const webImports = (...patterns) => ['error', { patterns: [serverTypesOnly, ...patterns] }];
const crossFeature = 'A feature never imports another feature: compose them in a page in src/web/app/routes.';
/** A file `depth` folders below src/web/features/<name>: climbing `depth` levels leaves its feature. */
const featureWalls = [1, 2, 3].map((depth) => ({
  files: [`src/web/features/*/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
  rules: {
    '@typescript-eslint/no-restricted-imports': webImports(
      { regex: `^(\\.\\./){${depth}}(?!\\.\\./)`, message: crossFeature },
      {
        regex: '(^|/)(features|app)/',
        message: `${crossFeature} (Features never import src/web/app either.)`,
      },
    ),
  },
}));

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'out/', 'data/', 'coverage/', 'src/server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/only-throw-error': 'off',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-restricted-imports': webImports(),
    },
  },
  ...featureWalls,
  {
    files: ['src/web/{components,hooks,lib}/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': webImports({
        regex: '(^|/)(features|app)(/|$)',
        message:
          'Shared components, hooks and lib serve every feature: they never import a feature or the app.',
      }),
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/web/**', 'node:*'],
              message: 'src/shared is pure: no server, web or Node imports.',
            },
          ],
        },
      ],
    },
  },
  {
    // ids are read in one place, lower-cased (issue 23): a UUID in capitals is the same record
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/shared/schemas/common.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='z'][callee.property.name='uuid']",
          message:
            'Use recordId() from src/shared/schemas/common.ts: it reads an id in any case as lower case.',
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', 'e2e/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
