// Type-aware lint, and the walls between folders (decisions 0016 and 0035), which our own rule
// (scripts/lint/walls.js) checks by the file an import resolves to, for `import()` too.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import paddock from './scripts/lint/walls.js';

// A file matching `from` (and not `exempt`) may not import one matching `to` (unless `allow`);
// `{self}` is the importer's own feature folder, `{other}` any other. Tests may import anything.
const walls = [
  // The web app (decision 0016): app → features → components, hooks, lib.
  {
    from: 'src/web/features/{self}/**',
    to: ['src/web/features/{other}/**', 'src/web/app/**'],
    message:
      'A feature never imports another feature or the app: compose features in a page in src/web/app/routes.',
  },
  {
    from: 'src/web/{components,hooks,lib}/**',
    to: ['src/web/features/**', 'src/web/app/**'],
    message: 'Shared components, hooks and lib serve every feature: they never import a feature or the app.',
  },
  {
    from: 'src/web/**',
    to: 'src/server/**',
    allowTypeImports: true,
    message: 'The browser may import server types only (`import type`).',
  },
  {
    from: 'src/shared/**',
    to: ['src/server/**', 'src/web/**', 'node:**'],
    message: 'src/shared is pure: no server, web or Node imports.',
  },
  // The server (decision 0035): composition (app, main, server) → features → everything else.
  {
    from: 'src/server/**',
    exempt: ['src/server/{app,main,server}.ts', 'src/server/features/**'],
    to: 'src/server/features/**',
    message:
      'auth, db, http and the rest sit below the features: only app.ts, main.ts and server.ts compose them.',
  },
  {
    from: 'src/server/features/**/*.repo.ts',
    to: 'src/server/features/**/*.{service,routes}.ts',
    message: 'routes → service → repo: a repo never imports a service or routes.',
  },
  {
    from: 'src/server/features/**/*.service.ts',
    to: 'src/server/features/**/*.routes.ts',
    message: 'routes → service → repo: a service never imports routes.',
  },
  {
    from: 'src/server/features/{self}/**',
    to: 'src/server/features/{other}/**',
    allow: 'src/server/features/{other}/*.service.ts',
    allowTypeImports: true,
    message:
      "Features talk through another feature's *.service.ts functions (or its types), never its repo or routes.",
  },
  {
    from: 'src/server/features/**',
    exempt: 'src/server/features/**/*.repo.ts',
    to: ['drizzle-orm', 'drizzle-orm/**', 'src/server/db/schema.ts'],
    allowTypeImports: true,
    message: 'SQL lives in repos: only *.repo.ts imports drizzle-orm or the tables (types aside).',
  },
];

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
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { paddock },
    rules: { 'paddock/walls': ['error', { root: import.meta.dirname, walls }] },
  },
  {
    files: ['src/server/features/**/*.ts'],
    ignores: ['**/*.repo.ts', '**/*.test.ts'],
    plugins: { paddock },
    rules: { 'paddock/no-sql-outside-repos': 'error' },
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
