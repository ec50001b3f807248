import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['node_modules/', 'out/', 'dist/', 'corpus/', '.ci/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs['flat/recommended'],
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
  },
  {
    // Core purity (design brief §3): the domain never reads the clock, randomness, disk or network.
    files: ['main/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'node:fs*',
                'fs',
                'fs/*',
                'node:net',
                'node:http*',
                'node:child_process',
                'undici',
                'better-sqlite3',
                'electron',
              ],
              message: 'main/core is pure: pass data in, do I/O in main/services.',
            },
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'main/core takes time as an argument.' },
        { object: 'Math', property: 'random', message: 'main/core takes randomness as an argument.' },
        { object: 'crypto', property: 'getRandomValues', message: 'main/core takes randomness as an argument.' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'main/core takes time as an argument.',
        },
      ],
    },
  },
);
