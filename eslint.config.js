import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';

// The dependency rule between folders (docs/conventions.md "Layers"): core → db → services → contract/handlers →
// season service, devnet → demo, CLI, Electron, headless. A folder imports only the folders below it.
// The console tier (main/console/): handlers over the contract, jobs, the console's composition. core/console holds its
// pure parts, which every layer may import.
const CONSOLE = ['**/console/**', '!**/core/console/**'];
const ABOVE_SERVICES = [
  '**/ipc/**',
  '**/cli/**',
  '**/electron/**',
  '**/headless/**',
  '**/devnet/**',
  '**/season-service/**',
  '**/renderer/**',
  '**/preload/**',
  ...CONSOLE,
];
const ABOVE_DB = [...ABOVE_SERVICES, '**/services/**'];
// The faces, above the season service and the devnet.
const FACES = ['**/ipc/**', '**/cli/**', '**/electron/**', '**/headless/**', '**/renderer/**', '**/preload/**'];
// The demo (main/demo/), a face; core/demo holds its pure parts, which services may import.
const DEMO = ['**/demo/**', '!**/core/demo/**'];
const layer = (folder, below, group) => ({
  group,
  message: `${folder} imports ${below} (docs/conventions.md "Layers"): move the type or function down a layer.`,
});

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
            layer('main/core', 'core only', [...ABOVE_DB, '**/db/**']),
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
  {
    files: ['main/db/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [layer('main/db', 'core and db only', ABOVE_DB)] }] },
  },
  {
    files: ['main/services/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [layer('main/services', 'core, db and services only', [...ABOVE_SERVICES, ...DEMO])] },
      ],
    },
  },
  {
    // The console's handlers stand on the contract, and below the demo, the devnet, the season service and the faces:
    // the first start takes the demo as a port (main/console/first-start-demo.ts).
    files: ['main/console/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            layer('main/console', 'core, db, services and the contract only', [
              ...ABOVE_SERVICES.filter((p) => p !== '**/ipc/**' && !CONSOLE.includes(p)),
              ...DEMO,
            ]),
          ],
        },
      ],
    },
  },
  {
    // The public season service stands on core, db and services alone: never on the devnet that stands in for
    // ArkForge's other services, nor on a face.
    files: ['season-service/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            layer('season-service', 'core, db and services only', [
              ...FACES,
              '**/devnet/**',
              '**/main/demo/**',
              ...CONSOLE,
            ]),
          ],
        },
      ],
    },
  },
  {
    // The devnet composes a season service beside its stand-ins (devnet/season/devnet-season.ts), and no face.
    files: ['devnet/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            layer('devnet', 'core, db, services and the season service only', [
              ...FACES,
              '**/main/demo/**',
              ...CONSOLE,
            ]),
          ],
        },
      ],
    },
  },
  {
    // The contract and its answers' types (main/ipc/views/) stand on core alone.
    files: ['main/ipc/contract.ts', 'main/ipc/views/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [layer('the contract', 'core only', [...ABOVE_DB, '**/db/**', '!**/ipc/**'])] },
      ],
    },
  },
  {
    files: ['renderer/**/*.ts', 'renderer/**/*.svelte'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            layer('the renderer', 'the contract and pure core only', [
              '**/main/db/**',
              '**/main/services/**',
              '**/main/console/**',
              '**/main/cli/**',
              '**/main/electron/**',
              '**/main/headless/**',
              '**/main/ipc/*',
              '!**/main/ipc/contract.ts',
              '**/devnet/**',
              '**/season-service/**',
            ]),
          ],
        },
      ],
    },
  },
);
