// Type-aware lint for every TypeScript file of the workspace.
import js from '@eslint/js';
import n from 'eslint-plugin-n';
import tseslint from 'typescript-eslint';

// Services depend on core and never on each other, except in a composition root that wires one
// into another (file -> the services it may import).
const SERVICES = ['core', 'api', 'mcp', 'pipeline', 'console', 'cli'];
const COMPOSITION_ROOTS = {
  'services/api/src/api-server.ts': ['mcp', 'console'],
  // The `trendscope` operator command: the pipeline's commands beside backups and API keys.
  'services/cli/src/main.ts': ['pipeline'],
};

/**
 * The import restrictions of one service's files (plus what a composition root may wire in). No
 * file under services/ imports the tests; runtime files (src/, bin/) never import the lab
 * (services/pipeline/lab/: trainers, fitters, evaluations), which only scripts and tests use.
 */
function serviceBoundary(service, { wires = [], runtime = false } = {}) {
  const others = SERVICES.filter((s) => s !== service && s !== 'core' && !wires.includes(s));
  const patterns = [
    {
      group: others.flatMap((s) => [`@trendscope/${s}`, `@trendscope/${s}/*`]),
      message: 'services import each other only in a composition root listed in eslint.config.js',
    },
    {
      regex: '^(\\.\\./)+(services/)?(core|api|mcp|pipeline|console|cli)/',
      message: 'import another package by its name (@trendscope/...), never by a relative path',
    },
    {
      regex: '^(\\.\\./)+test/',
      message:
        'services never import the tests: shared helpers (corpus loaders, metrics) live in services/pipeline/lab/',
    },
  ];
  if (runtime) {
    patterns.push({
      regex: '^((\\.\\./)+lab/|@trendscope/pipeline/lab(/|$))',
      message: 'runtime code never imports the lab (services/pipeline/lab/): move what runtime needs into src/',
    });
  }
  return ['error', { patterns }];
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '.cache/**', '.data/**', '**/dist/**', 'services/console/public/vendor/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Koa and node:http take async handlers by design.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
    },
  },
  // Each package declares what it imports (workspace packages included) in its own package.json.
  { files: ['services/**/*.ts', 'services/**/*.js'], plugins: { n }, rules: { 'n/no-extraneous-import': 'error' } },
  ...SERVICES.map((service) => ({
    files: [`services/${service}/**/*.ts`, `services/${service}/**/*.js`, `services/${service}/**/*.mjs`],
    rules: { 'no-restricted-imports': serviceBoundary(service) },
  })),
  ...SERVICES.map((service) => ({
    files: [`services/${service}/{src,bin}/**/*.{ts,js,mjs}`],
    rules: { 'no-restricted-imports': serviceBoundary(service, { runtime: true }) },
  })),
  ...Object.entries(COMPOSITION_ROOTS).map(([file, wires]) => ({
    files: [file],
    rules: { 'no-restricted-imports': serviceBoundary(file.split('/')[1], { wires, runtime: true }) },
  })),
  {
    files: ['test/**/*.ts'],
    rules: {
      // chai's `expect(x).to.be.true` is an expression statement by design.
      '@typescript-eslint/no-unused-expressions': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
