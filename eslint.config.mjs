import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import eslintConfigPrettier from 'eslint-config-prettier';

// Docmost's server configuration (apps/server/eslint.config.mjs): the recommended JavaScript and
// typescript-eslint rules, formatting left to Prettier, and the same rules turned off so code
// moved between this package and Docmost lints the same in both.
/** @type {import('eslint').Linter.Config[]} */
export default [
  js.configs.recommended,
  ...tseslint.configs.recommended,
  eslintConfigPrettier,
  {
    ignores: [
      'eslint.config.mjs',
      '.dependency-cruiser.cjs',
      'dist/**',
      'dist-host/**',
      'dist-web/**',
      'node_modules/**',
      'coverage/**',
    ],
  },
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.jest },
      sourceType: 'module',
      // No type information (no `projectService`, which Docmost's config turns on): none of the
      // rules above uses it, and building the TypeScript programs for it made the lint take 20 s
      // instead of 8.6 on the 2-core machine (issue 36). The type-check is npm run typecheck.
      parser: tseslint.parser,
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': 'off',
      '@typescript-eslint/ban-ts-comment': 'off',
      '@typescript-eslint/no-empty-object-type': 'off',
      'prefer-rest-params': 'off',
      'no-useless-catch': 'off',
      'no-useless-escape': 'off',
      '@typescript-eslint/no-require-imports': [
        'error',
        { allowAsImport: true },
      ],
    },
  },
  {
    // CommonJS files (the jest config, the worker loader): require is how they import.
    files: ['**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
];
