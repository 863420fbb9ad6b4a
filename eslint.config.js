// @ts-check
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

// ---------------------------------------------------------------------------------------------
// The layers (docs/layout.md "What the linter forbids"). Each rule below is shown to fail on a
// forbidden import by scripts/lint-rules.test.ts.
// ---------------------------------------------------------------------------------------------

/**
 * How the sdk's modules (the folders of sdk/src) may import each other: each module names the
 * modules it may import, and nothing else. The graph only points down (lint-rules.test.ts checks
 * that it has no cycle), in the layers of shared/design.md:
 *
 *   errors                      the one error union, below everything
 *   internal                    store, clock, London time, money, validation: may throw errors
 *   model                       shared value types and their schemas
 *   brands, calculators,        catalogues, the calculators, account field rules: on the model
 *     accounts
 *   sales, entitlements         the sale schedule; capabilities, tiers and tools of a brand
 *   exchanges, referrals,       the exchange table; commission; subscription timelines
 *     billing
 *   transport                   GraphQL over HTTP and graphql-ws, the typed operations
 *   tracker, matching, casino   the engines: the member's books, oddsmatcher and finders, slots
 *   feed                        the odds feed contract and its live client (matching, transport)
 *   analytics, notifications,   client stores: each on the layers below it
 *     offline, push, integrations
 *   element                     <matchkit-calculator>, on the calculators
 *
 * The root index.ts re-exports the modules; no module imports it. Tests may import any module
 * (a test of the feed builds a snapshot with the matching engines and the transport's fakes).
 */
export const SDK_LAYERS = {
  errors: [],
  internal: ['errors'],
  model: ['errors', 'internal'],
  brands: ['errors', 'internal', 'model'],
  calculators: ['errors', 'internal', 'model'],
  accounts: ['errors', 'internal', 'model'],
  sales: ['errors', 'internal', 'model', 'brands'],
  entitlements: ['errors', 'internal', 'model', 'brands'],
  exchanges: ['errors', 'internal', 'model', 'brands', 'entitlements'],
  referrals: ['errors', 'internal', 'model', 'brands', 'sales'],
  billing: ['errors', 'internal', 'model', 'brands', 'sales', 'entitlements'],
  transport: ['errors', 'internal', 'model'],
  tracker: ['errors', 'internal', 'model', 'brands', 'sales', 'calculators', 'exchanges', 'transport'],
  matching: ['errors', 'internal', 'model', 'calculators', 'exchanges'],
  casino: ['errors', 'internal', 'model', 'calculators', 'tracker'],
  feed: ['errors', 'internal', 'model', 'transport', 'matching'],
  analytics: ['errors', 'internal', 'model', 'brands'],
  notifications: ['errors', 'internal', 'model', 'brands'],
  offline: ['errors', 'internal', 'model'],
  push: ['errors', 'internal', 'model'],
  integrations: ['errors', 'internal', 'model'],
  element: ['errors', 'internal', 'model', 'calculators'],
};

/** One zone per sdk module: every other module it does not list, and the root index. */
const sdkLayerZones = Object.entries(SDK_LAYERS).map(([module, allowed]) => ({
  target: `sdk/src/${module}`,
  from: [
    'sdk/src/index.ts',
    ...Object.keys(SDK_LAYERS)
      .filter((other) => other !== module && !allowed.includes(other))
      .map((other) => `sdk/src/${other}`),
  ],
  message: `sdk/src/${module} may import only ${allowed.join(', ') || 'nothing of another module'} (SDK_LAYERS in eslint.config.js).`,
}));

/**
 * The web app's features (example-app/web/src/features/<feature>/). A feature imports another only
 * through that feature's index.ts, which names what the others may use; one zone per feature, so a
 * new feature is covered by being a folder. Two exceptions: a feature's style sheets (a .css file
 * is no module's internals: the classes another feature's markup uses), and a page another feature
 * loads lazily (`import()`, marked where it is imported: a chunk of its own needs its own module).
 */
const FEATURES = 'example-app/web/src/features';
const featureZones = readdirSync(path.join(ROOT, FEATURES), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map(({ name }) => ({
    target: `${FEATURES}/!(${name})/**`,
    from: `${ROOT}/${FEATURES}/${name}/**`,
    // (globs: the zone's `from` is one; `index.{ts,tsx}` is a glob for that reason)
    except: [`${ROOT}/${FEATURES}/${name}/index.{ts,tsx}`, `${ROOT}/${FEATURES}/${name}/**/*.css`],
    message: `Import ${name} through its index.ts (${FEATURES}/${name}/index.ts), exporting there what other features use.`,
  }));

/** The example app's parts: the web app and the server meet only through the packages they both import. */
const appZones = [
  {
    target: 'example-app/web',
    from: 'example-app/server',
    message: 'The web app never imports server code: share it through @matchkit/app-contract or @matchkit/sdk.',
  },
  {
    target: 'example-app/server',
    from: 'example-app/web',
    message: 'The server never imports web code: share it through @matchkit/app-contract or @matchkit/sdk.',
  },
];

/**
 * The workspace packages, the longer path first. A file inside one of them imports another package
 * by its name (`@matchkit/sdk`, `@matchkit/app-contract`), never by a relative path into its files.
 * The repository's own tooling (scripts/, the root's configuration) and examples/ (the guides' code,
 * run by the browser tests) are not packages: they may be imported by path (the test services).
 */
const PACKAGES = ['example-app/contract', 'example-app', 'react-bindings', 'sdk'];

/**
 * The sdk's test helpers that other packages' tests import by path today (test servers, arbitraries):
 * not part of the published package, and no workspace package of test helpers exists yet (adding one
 * changes the lockfile). Only a test or a test helper may import them.
 */
const SHARED_TEST_HELPERS = [
  'sdk/src/transport/test-servers.ts',
  'sdk/src/analytics/testing/loopback-server.ts',
  'sdk/src/tracker/testing/arbitraries.ts',
];
/** A test, or a file only tests import (`test-*.ts`, `testing/`). */
const isTestFile = (rel) => /(^|\/)(test-[^/]*|[^/]*\.test\.[^/]*|[^/]*\.bench\.[^/]*)$|\/testing\//.test(rel);

/** The package a path belongs to (its folder), or null for the repository's own tooling. */
function packageOf(file) {
  const rel = path.relative(ROOT, file).split(path.sep).join('/');
  return PACKAGES.find((p) => rel === p || rel.startsWith(`${p}/`)) ?? null;
}

/** A rule of this repository: no relative import leaves the package it is written in. */
const noRelativePackageImport = {
  meta: {
    type: 'problem',
    docs: { description: 'A package imports another package by its name, never by a relative path into its files.' },
    messages: {
      reach: '"{{source}}" reaches from {{from}} into {{to}} by a relative path: import the package by its name.',
    },
    schema: [],
  },
  /** @param {import('eslint').Rule.RuleContext} context */
  create(context) {
    const file = context.physicalFilename;
    const from = packageOf(file);
    if (from === null) return {};
    const fromTest = isTestFile(path.relative(ROOT, file).split(path.sep).join('/'));
    /** @param {{ source?: unknown }} node */
    const check = (node) => {
      const source = /** @type {{ value?: unknown } | null | undefined} */ (node.source);
      const spec = source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), spec);
      const to = packageOf(target);
      if (to === from || to === null) return;
      const rel = path.relative(ROOT, target).split(path.sep).join('/');
      if (fromTest && SHARED_TEST_HELPERS.some((helper) => helper === rel || helper === `${rel}.ts`)) return;
      context.report({
        node: /** @type {import('estree').Node} */ (source),
        messageId: 'reach',
        data: { source: spec, from, to },
      });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default tseslint.config(
  {
    // scripts/lint-fixtures: files that break the rules on purpose, linted by scripts/lint-rules.test.ts.
    // generated: GraphQL Code Generator's output (npm run codegen), checked fresh by scripts/codegen.test.ts.
    ignores: [
      '**/generated/**',
      '**/dist/**',
      '**/dist-test/**',
      '**/node_modules/**',
      'docs/api/**',
      '**/temp/**',
      'coverage/**',
      'scripts/lint-fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['react-bindings/**/*.{ts,tsx}', 'example-app/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // A query's key is made from its document (@matchkit/react's matchkitQueryKey), never typed as
    // the operation's name: a renamed operation would leave a typed key invalidating nothing.
    files: ['example-app/web/src/**/*.{ts,tsx}'],
    ignores: ['example-app/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression > Literal:first-child",
          message: "Make the key from the query's document: matchkitQueryKey(Document), so it cannot drift from the operation's name.",
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.{js,mjs}', '*.config.{js,ts}', 'example-app/*.config.ts', 'example-app/server/*.{mjs,ts}'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly' },
    },
    rules: { 'no-console': 'off' },
  },
  {
    // The recipes are programs a developer runs at a terminal: they print what they did. The
    // React one follows the hooks' rules, as the bindings and the web app do.
    files: ['examples/recipes/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, 'no-console': 'off' },
  },
  {
    // The server's command-line entry points print for a person at a terminal.
    files: ['example-app/server/src/main.ts', 'example-app/server/src/cli/**/*.ts', 'example-app/server/bench/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    // Where an import leads, for the rules below: TypeScript sources by their extension-less paths;
    // a workspace package by its name stays under node_modules (not followed to its sources), so it
    // counts as external: a package's cycles are its own, and one package is linted as a whole.
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    plugins: { 'import-x': importX, matchkit: { rules: { 'no-relative-package-import': noRelativePackageImport } } },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/external-module-folders': ['node_modules'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts', '.cts'] },
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.json'], symlinks: false }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'matchkit/no-relative-package-import': 'error',
    },
  },
  {
    files: ['example-app/**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: [...appZones, ...featureZones] }] },
  },
  {
    files: ['sdk/src/**/*.{ts,tsx}'],
    ignores: ['sdk/src/**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: sdkLayerZones }] },
  },
);
