#!/usr/bin/env node
// Size budgets: what an app pays, in gzipped bytes, for importing a few names from the packages
// as a user installs them. Needs a build first (`npm run build`). Steps:
//   1. `npm pack` sdk/ and react-bindings/ into a temp folder (what npm would publish);
//   2. install both tarballs into a scratch project in another temp folder (their dependencies
//      come from the registry or the npm cache; peers are not installed, react stays external);
//   3. bundle each entry from inside the scratch project with esbuild (the repo's tsconfig paths
//      cannot apply: the stdin resolves from the scratch folder and no tsconfig is read), minified
//      ESM, ES2020, browser, react external, and gzip it at level 9.
// The budget is for the whole: the entry with everything it imports, statically or with import()
// (analytics loads its engine with import() when `init` runs; a page that uses analytics pays
// for both). What is loaded up front, before any import(), is printed beside it.
// Prints each figure, its budget and the ratio to it, beside a baseline measured in the same run
// (valibot's smallest schema with safeParse, the floor any valibot-validated import pays). Exits 1
// when an entry is over budget, a `transport:` entry bundles a file of graphql (graphql-js), or the packages
// cannot be packed or installed. The temp folders are always removed.
// `--json` prints the figures as one JSON object on stdout instead (for comparisons);
// `--analyze <text>` also prints, for each entry whose name contains <text>, what its bundle is made of.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { analyzeMetafile, build } from 'esbuild';

const root = resolve(import.meta.dirname, '..');
const packages = ['sdk', 'react-bindings'];
// Peers an app provides: React, and TanStack Query (a peer of @matchkit/react).
const external = ['react', 'react-dom', 'react/jsx-runtime', '@tanstack/react-query'];

/**
 * [name, source, budget in bytes gzipped, extra externals?]; `null` marks the baseline, measured
 * but not judged. The extra externals leave more packages out of that entry's bundle (the
 * `@matchkit/react` rows of issue 11 measure the bindings alone, with the sdk external).
 */
const entries = [
  [
    'baseline: valibot (one string schema with safeParse)',
    `import * as v from 'valibot'; export const s = v.string(); export const parse = (x) => v.safeParse(s, x);`,
    null,
  ],
  // Issue 19 asks 3 KB: 3.45 KB after the valibot schemas, 3.14 KB now that each number's range
  // is checked in the number's run and each cross-field rule in the object's run (no v.pipe,
  // v.check or v.rawCheck left) and the calculators' reading of an object (unknown keys, arrays,
  // undefined fields) happens in that same run instead of a second walk. NOT MET: what is left
  // is valibot's object, optional, picklist and number (1.28 KB alone) and behaviours the
  // calculators have always had, each measured in docs/guides/calculators.md ("Why valibot"):
  // refusing unknown keys 0.20 KB, the typed error 0.18 KB, the range messages 0.13 KB, the
  // refund rule 0.10 KB, none of them to be dropped. The budget holds the measured figure.
  ['calculators: backLay (with its validation)', `export { backLay } from '@matchkit/sdk/calculators';`, 3.15 * 1024],
  // Issue 19 asks 10 KB (11.9 KB before, with its budget raised to 12 KB). With valibot and every
  // input schema (carrying the forms' labels, units and help) it measured 14.09 KB: the registry's
  // own text (titles, results, worked examples) was about 4.7 KB of it, valibot about 2 KB. With
  // the registry in a subpath of its own (below), 10.29 KB; with the forms' words in the registry
  // too, 8.60 KB; 8.43 KB with backLay's cuts (above). Met.
  ['calculators: whole subpath', `export * from '@matchkit/sdk/calculators';`, 10 * 1024],
  // The advanced calculator pages (issue 19 moved them out of `/calculators`): every form with its
  // inputs read from the schemas (so every schema and valibot), its words (labels, help, units),
  // results and worked examples. 9.22 KB when it moved; 9.20 KB with the forms' words moved in;
  // 9.30 KB since the cross-field rules run in the objects' runs (every schema carries that code).
  ['calculators/registry: whole subpath', `export * from '@matchkit/sdk/calculators/registry';`, 11 * 1024],
  ['calculators/schemas: whole subpath (valibot input schemas)', `export * from '@matchkit/sdk/calculators/schemas';`, 10 * 1024],
  // Issue 11: what a page pays for <matchkit-calculator>, with everything it needs (backLay and its
  // validation, the markup, the styles): 5.7 KB when it landed; 7.74 KB with valibot (issue 19),
  // 7.29 KB once the form's words left the calculators' schemas; 7.35 KB with whole sentences and
  // bet types in its messages and selects; 7.06 KB with backLay's cuts (above).
  ['element: <matchkit-calculator> (whole subpath)', `export * from '@matchkit/sdk/element';`, 8 * 1024],
  // The same element in one file for a plain page with no build step (issue 19):
  // dist/element/standalone.js, built by scripts/element-standalone.mjs with everything it imports,
  // valibot included, so the page needs no import map. Measured the same way, from the installed
  // file: 7.31 KB when it landed, within a few bytes of the row above (the same code, bundled earlier).
  [
    'element: dist/element/standalone.js (a plain page: one file, no import map)',
    `export * from './node_modules/@matchkit/sdk/dist/element/standalone.js';`,
    8 * 1024,
  ],
  // 25 KB while zod/mini (the model's schemas) and valibot (the calculators it calls) were both in
  // it (24.82 KB at issue 19's calculator change); back to 24 KB with the matching schemas in valibot
  // too (18.05 KB then; 23.95 KB with zod/mini alone before issue 19).
  ['matching: createOddsmatcher', `export { createOddsmatcher } from '@matchkit/sdk/matching';`, 24 * 1024],
  ['matching: whole subpath', `export * from '@matchkit/sdk/matching';`, 40 * 1024],
  ['errors: isMatchkitError', `export { isMatchkitError } from '@matchkit/sdk/errors';`, 1024],
  [
    'entitlements: planTier + availableTools (with both catalogues)',
    `export { planTier, availableTools } from '@matchkit/sdk/entitlements';`,
    6 * 1024,
  ],
  // activeSale takes a brand reference and resolves it, so both catalogues come with it (88% of
  // the bundle). It crossed 6 KB by 2 bytes when the catalogues gained billing data (the secondary
  // brand's upgrade offers, each plan list's recommended plan), not sales code: raised on purpose.
  [
    'sales: activeSale + saleCountdown (with both catalogues)',
    `export { activeSale, saleCountdown } from '@matchkit/sdk/sales';`,
    6.1 * 1024,
  ],
  ['exchanges: whole subpath', `export * from '@matchkit/sdk/exchanges';`, 6 * 1024],
  ['brands: defineBrand (schema + validation)', `export { defineBrand } from '@matchkit/sdk/brands';`, 16 * 1024],
  ['casino: wageringExpectedValue', `export { wageringExpectedValue } from '@matchkit/sdk/casino';`, 12 * 1024],
  ['casino: whole subpath', `export * from '@matchkit/sdk/casino';`, 14 * 1024],
  [
    'integrations: createIntegrationsStore',
    `export { createIntegrationsStore, browserFocusSource } from '@matchkit/sdk/integrations';`,
    2 * 1024,
  ],
  ['notifications: createNotificationsStore', `export { createNotificationsStore } from '@matchkit/sdk/notifications';`, 2 * 1024],
  // Issue 26: 6.09 KB once createAnalytics refuses an unknown option by name (its keys' list).
  ['analytics: createAnalytics + parseCampaign', `export { createAnalytics, parseCampaign } from '@matchkit/sdk/analytics';`, 6.25 * 1024],
  [
    'analytics: with createClickTracking + createNetworkCapture',
    `export { createAnalytics, parseCampaign, createClickTracking, createNetworkCapture } from '@matchkit/sdk/analytics';`,
    8 * 1024,
  ],
  ['push: whole subpath', `export * from '@matchkit/sdk/push';`, 3 * 1024],
  // Issue 26: 1.02 KB once registerOfflineWorker refuses an unknown option by name.
  ['offline: whole subpath', `export * from '@matchkit/sdk/offline';`, 1.25 * 1024],
  ['accounts: whole subpath (readers, valibot schemas, form validators)', `export * from '@matchkit/sdk/accounts';`, 12 * 1024],
  // 5.5 KB since issue 20's review: settlement nets commission by the balance sheet's account keys
  // (bookAccount, so it reads the exchanges and bookmakers catalogue: 5.25 KB then), and issue 19's
  // tracker validation through valibot-run schemas (tracker/fields.ts) took it to 5.46 KB. Raised
  // from 5 KB on purpose: netting one account under two spellings was a wrong figure.
  ['tracker: settleBet (with its validation)', `export { settleBet } from '@matchkit/sdk/tracker';`, 5.5 * 1024],
  // 16.25 KB once backLayBet (the tools' "add to profit tracker") brought the calculators' backLay
  // with it, so the recorded lay stake is the calculator's own; raised from 16 KB on purpose.
  // 19 KB since issue 19's calculator change (18.67 KB then): backLay's valibot schema, with its
  // form labels, is heavier than the hand-written checker it replaced. The tracker has no zod/mini of
  // its own: moving the model and brands schemas to valibot left it at 18.68 KB.
  // 19.25 KB since issue 20's impossible-settlement rule, corrected for accas (a lost back needs
  // one of its lays won): 19.05 KB then. Raised from 19 KB on purpose.
  // 20 KB since issue 20's defect 10 and review findings: the balance sheet matches accounts by the
  // catalogue's keys (bookAccount reads the exchanges and the new bookmakers list), and
  // importBetsCsvInPart reads a file bet by bet: 19.90 KB then. Raised from 19.25 KB on purpose.
  ['tracker: whole subpath (with both catalogues)', `export * from '@matchkit/sdk/tracker';`, 20 * 1024],
  ['billing: prorate', `export { prorate } from '@matchkit/sdk/billing';`, 1.5 * 1024],
  // 12.25 KB since issue 19: the timeline split into five modules (types, prices, parse, fold,
  // api) and londonClockTime took it from 11.99 to 12.04 KB. Raised from 12 KB on purpose.
  // 13 KB since issue 20: yearlySaving, downgrades at renewal (downgradeOptions, the downgrade
  // and cancel-downgrade changes, pendingDowngrade) and messages with London dates in words took
  // it to 12.82 KB. Raised from 12.25 KB on purpose.
  // 14 KB since issue 25: a member's monthly recurring revenue (monthlyRevenueAt, revenueChanges,
  // classifyRevenueChange, revenueMovements, so the admin dashboard and a page agree) took it from
  // 12.96 to 13.83 KB. Raised from 13 KB on purpose.
  ['billing: whole subpath (with both catalogues)', `export * from '@matchkit/sdk/billing';`, 14 * 1024],
  ['referrals: parseReferralCode', `export { parseReferralCode } from '@matchkit/sdk/referrals';`, 1024],
  // 10.75 KB since issue 21: commission states at an instant (commissionStatement: pending until the
  // refund window has passed, held for review, payable, paid; payouts refused above payable) took it
  // from 9.36 to 10.45 KB. Raised from 10 KB on purpose.
  ['referrals: whole subpath (with both catalogues)', `export * from '@matchkit/sdk/referrals';`, 10.75 * 1024],
  // The odds feed (issue 10): the contract the server shares 1.18 KB (with its remembered record
  // keys), the live client with the two GraphQL documents (their text is most of it) 3.14 KB, the
  // whole subpath 3.85 KB when measured.
  // Issue 24 (fan-out at 600 events): applyPatch applies quote moves (a price's key and new quotes,
  // resolveQuoteMoves), 1.53 KB: raised to 1.6 KB on purpose.
  // Issue 24's long tasks: applyPatch copies on write (each list's keys kept per array, a
  // replace-only patch set in place on a copy: 19 to 5 ms p50 a patch at 600 events in Node),
  // 1.62 KB; a frame's patches setting in place the lists the frame made, 1.64 KB: raised to 1.7 KB
  // on purpose.
  ['feed: applyPatch + isFeedGapError (the contract)', `export { applyPatch, isFeedGapError } from '@matchkit/sdk/feed';`, 1.7 * 1024],
  // Issue 26: 3.62 KB once both refuse an unknown option by name (a MatchkitValidationError).
  // Issue 24 (fan-out at 600 events): the patches document asks for quote columns, fromWire reads
  // and checks them, the live client resolves them: 3.74 to 4.32 KB. Raised to 4.4 KB on purpose
  // (a member's patch is a third of its bytes at 600 events: docs/scaling.md).
  // Issue 24's long tasks: the copy-on-write applyPatch above, 4.44 KB: raised to 4.5 KB on purpose.
  // Issue 24's long tasks: the snapshot read in pages at one seq (pageSize, OddsSnapshotPageQuery,
  // each page's keys made as it comes, joined) and a frame's patches copying each list once: no
  // task of the feed over 50 ms of CPU in the browser bench (a 12 MB JSON.parse of 50 to 400 ms
  // before, and a frame of 149 ms of CPU after a load): 4.44 to 4.87 KB. Then the pages three at a
  // time, put in their places, a failed page stopping the rest and a seq let go (NOT_FOUND) read
  // again: pages one after another made the first load 12 s to 22-56 s in the bench, three at a
  // time about as long as the whole snapshot (docs/performance.md): 4.87 to 5.09 KB. Raised to
  // 5.15 KB on purpose. Then the review's fallbacks: a seq let go, or a server that does not know
  // pages (a process of the last release during a rolling deploy, a third party's server), reads
  // the whole snapshot once instead of failing or trying three times, and a malformed `pages` or
  // an aborted signal ends the read: 5.09 to 5.34 KB. Raised to 5.4 KB on purpose.
  ['feed: createLiveFeed + graphqlFeedSource', `export { createLiveFeed, graphqlFeedSource } from '@matchkit/sdk/feed';`, 5.4 * 1024],
  // Issue 24: each price's source and updatedAt on the wire (the two fragments, fromWire checking
  // the instant) took the live client from 3.64 to 3.70 KB and the whole subpath from 4.47 to 4.55 KB
  // (+91 bytes gzipped). Raised from 4.5 KB on purpose. Issue 24 again: applyPatch and mergeKeyed
  // find a patch's records by binary search (45 ms a patch down to about 10 at 600 events) took the
  // whole subpath from 4.55 to 4.64 KB and left the live client at 3.74 KB: raised to 4.7 KB on purpose.
  // Issue 24 again, quote moves (quoteMoveOf, resolveQuoteMoves, the columns both ways): 4.64 to
  // 5.37 KB, raised to 5.45 KB on purpose.
  // Issue 24's long tasks again, the copy-on-write applyPatch: 5.44 to 5.48 KB, raised to 5.55 KB on purpose.
  // Issue 24's long tasks again, the snapshot's pages and a frame's patches (the two lines above):
  // 5.48 to 5.92 KB, raised to 6 KB on purpose; the pages three at a time (the line above): 5.92 to
  // 6.14 KB, raised to 6.2 KB on purpose; the review's fallbacks (the line above): 6.14 to 6.38 KB,
  // raised to 6.45 KB on purpose.
  ['feed: whole subpath', `export * from '@matchkit/sdk/feed';`, 6.45 * 1024],
  // The transport rows were lowered in issue 11 (no graphql-js print, no graphql-ws client, option
  // checks from one table): REST pair 4.86 -> 4.02 KB, with createGraphQLClient 9.69 -> 6.46 KB,
  // createSubscriptionClient 11.75 -> 6.46 KB (6.14 KB once the option rules were constants of their
  // own), whole subpath 27.30 -> 22.04 KB when measured (22.45 KB with graphqlRequest).
  ['transport: isTransportError', `export { isTransportError } from '@matchkit/sdk/transport';`, 1024],
  [
    'transport: checkIntegrations + logoutIntegration',
    `export { checkIntegrations, logoutIntegration } from '@matchkit/sdk/transport';`,
    4.25 * 1024,
  ],
  [
    'transport: createGraphQLClient + isTransportError + REST pair',
    `export { createGraphQLClient, isTransportError, checkIntegrations, logoutIntegration } from '@matchkit/sdk/transport';`,
    6.75 * 1024,
  ],
  // Issue 19: the subscription client is a layer over graphql-ws's createClient (3.36 KB of it
  // here): 9.05 KB with the layer driven by graphql-ws's own events and retries.
  ['transport: createSubscriptionClient', `export { createSubscriptionClient } from '@matchkit/sdk/transport';`, 9.1 * 1024],
  ['transport: MeQuery (a typed document)', `export { MeQuery } from '@matchkit/sdk/transport';`, 1024],
  // Issue 11's two transport rows. The peers, measured with the same settings (the issue's table):
  // graphql-request 2.9 KB + graphql 11.5 KB; Apollo's HttpLink 8.6 KB + graphql; urql core 9.2 KB;
  // graphql-ws's client alone 3.5 KB. The issue asks 3 KB for GraphQL over HTTP with the error
  // union, and 7 KB for the transport with subscriptions (the next row). graphqlRequest is the
  // lean entry: one POST per call, the same error union and partial results as the full client
  // (each attempt is the same code, exchange.ts), text or a typed document string only, no
  // retries, no timeout but the caller's signal, no cookie read.
  [
    'transport: graphqlRequest + isTransportError (GraphQL over HTTP with the error union, no graphql runtime; issue 11: 3 KB)',
    `export { graphqlRequest, isTransportError } from '@matchkit/sdk/transport';`,
    3 * 1024,
  ],
  // The transport with subscriptions: both clients, HTTP and ws, with the error union, the
  // connection-state store, reconnects and token renewal. createLeanSubscriptionClient runs
  // createSubscriptionClient's core, with its checks of `url`, the insecure-transport policy
  // (tokens only over wss or to loopback, unless opted out) and the option keys (an unknown one
  // refused by name, issue 26); it leaves out the other options' value checks (0.29 KB), the
  // request checks, the operation scanner and the DocumentNode printer. Issues 11 and 19 ask
  // 7 KB: NOT MET, 8.30 KB (8,498 bytes). graphqlRequest + isTransportError + graphql-ws's
  // createClient bundle to 5.91 KB together, which leaves 1.09 KB for the sdk's layer; the layer
  // is 1.92 KB without the checks (each part measured in docs/guides/transport.md#bundle-cost),
  // and the checks the lead put back for security by default and issue 26 are 0.48 KB more (the
  // insecure-transport policy 0.24 KB, the option keys 0.14 KB, the url 0.08 KB, dropping a
  // caller's authorization for 'anonymous' 0.03 KB). The budget holds the measured figure; 7 KB
  // against those checks awaits the product owner's decision.
  [
    'transport: graphqlRequest + isTransportError + createLeanSubscriptionClient (the transport with subscriptions; issue 19 asks 7 KB)',
    `export { graphqlRequest, isTransportError, createLeanSubscriptionClient } from '@matchkit/sdk/transport';`,
    8.35 * 1024,
  ],
  // The same with the full subscription client, which also prints DocumentNodes and checks every
  // option and request: 10.38 KB (the printer 1.23 KB of it).
  [
    'transport: graphqlRequest + isTransportError + createSubscriptionClient (with DocumentNode printing)',
    `export { graphqlRequest, isTransportError, createSubscriptionClient } from '@matchkit/sdk/transport';`,
    10.5 * 1024,
  ],
  // The full client (retries with backoff, timeouts, DocumentNode printing, every option checked by
  // name, the cookie token and insecure-transport policy): 5.85 KB when graphql-js left, 5.9 KB
  // since each attempt is the code graphqlRequest shares. Its budget stays where it was.
  [
    'transport: createGraphQLClient + isTransportError: the full client (retries, timeouts, DocumentNode printing, option checks)',
    `export { createGraphQLClient, isTransportError } from '@matchkit/sdk/transport';`,
    // 6.06 KB once an unknown option is refused by name (issue 26).
    6.25 * 1024,
  ],
  // 11.22 KB over graphql-ws's client (issue 19).
  [
    'transport: createGraphQLClient + isTransportError + createSubscriptionClient (the full client with subscriptions)',
    `export { createGraphQLClient, isTransportError, createSubscriptionClient } from '@matchkit/sdk/transport';`,
    11.25 * 1024,
  ],
  // The whole transport: every client and every generated operation. 25.70 KB once graphql-ws's
  // client came in (issue 19) with the platform schema's text; 16.39 KB without it, since the
  // operations are generated and the schema is the server's (issue 19); 16.19 KB once the
  // subscription layer was cut; 16.16 KB once it runs on graphql-ws's own events and retries.
  // Lowered from 26 KB (the schema's text is gone for good); the room left is for the operations
  // later issues generate.
  ['transport: whole subpath', `export * from '@matchkit/sdk/transport';`, 17 * 1024],
  ['react: useNotifications', `export { useNotifications } from '@matchkit/react';`, 1024],
  ['react: useIntegrations', `export { useIntegrations } from '@matchkit/react';`, 1024],
  ['react: usePushState', `export { usePushState } from '@matchkit/react';`, 1024],
  ['react: useConnectionState + useSubscription', `export { useConnectionState, useSubscription } from '@matchkit/react';`, 2 * 1024],
  ['react: useLiveFeed', `export { useLiveFeed } from '@matchkit/react';`, 0.5 * 1024],
  ['react: useWageringSimulation', `export { useWageringSimulation } from '@matchkit/react';`, 14 * 1024],
  ['react: whole package', `export * from '@matchkit/react';`, 28 * 1024],
  // Issue 11: a typical set of hooks (provider, the user's tier, tools, a query hook) costs the
  // bindings' own code only: the sdk, React and TanStack Query are external.
  [
    'react: MatchkitProvider + useMatchkit + usePlanTier + useAvailableTools + useMatchkitQuery (sdk external)',
    `export { MatchkitProvider, useMatchkit, usePlanTier, useAvailableTools, useMatchkitQuery } from '@matchkit/react';`,
    4 * 1024,
    ['@matchkit/sdk', '@matchkit/sdk/*'],
  ],
  // A tripwire: 105.8 KB after the platform schema grew by the server's additions (+2.8 KB);
  // 108.5 KB with the accounts subpath (its readers, schemas and form validators); 109.6 KB with
  // the tracker's backLayBet and canUseFeature. Raised to 116 KB for the app's tools (the live feed
  // client and the casino training records), each measured on its own line above as it lands;
  // 116.5 KB once the feed subpath landed (about 3.5 KB of it, see its lines) beside the
  // calculators' registry work in progress: 120 KB.
  // Issue 19: the root is lean (seven subpaths' names); "whole sdk" is every subpath the root
  // used to re-export, so that this tripwire keeps measuring the same code.
  [
    'whole sdk',
    ['errors', 'model', 'brands', 'entitlements', 'sales', 'exchanges', 'casino', 'integrations', 'notifications', 'analytics']
      .concat(['push', 'offline', 'accounts', 'transport', 'calculators', 'matching', 'tracker', 'billing', 'referrals', 'feed'])
      .map((sub) => `export * from '@matchkit/sdk/${sub}';`)
      .join('\n'),
    120 * 1024,
  ],
];

const json = process.argv.includes('--json');
const analyzeAt = process.argv.indexOf('--analyze');
const analyze = analyzeAt === -1 ? null : (process.argv[analyzeAt + 1] ?? '');
const log = json ? (...args) => console.error(...args) : (...args) => console.log(...args);

/** Runs a command without a shell or stdin; on failure, shows what it printed and throws. */
function run(command, args, cwd) {
  try {
    return execFileSync(command, args, {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, npm_config_update_notifier: 'false', npm_config_loglevel: 'error' },
    });
  } catch (error) {
    process.stderr.write(`${error.stdout ?? ''}${error.stderr ?? ''}`);
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}`, { cause: error });
  }
}

/** Packs each package into `packDir`; returns the tarballs' absolute paths by package name. */
function pack(packDir) {
  const tarballs = {};
  for (const dir of packages) {
    const pkgDir = join(root, dir);
    if (!existsSync(join(pkgDir, 'dist'))) {
      throw new Error(`${dir}/dist is missing: run \`npm run build\` first`);
    }
    const [info] = JSON.parse(run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', packDir], pkgDir));
    tarballs[info.name] = join(packDir, info.filename);
  }
  return tarballs;
}

/** Installs the tarballs into a fresh project in `scratch`, as an app would depend on them. */
function install(scratch, tarballs) {
  const dependencies = Object.fromEntries(Object.entries(tarballs).map(([name, file]) => [name, `file:${file}`]));
  writeFileSync(
    join(scratch, 'package.json'),
    `${JSON.stringify({ name: 'matchkit-size-check', private: true, type: 'module', dependencies }, null, 2)}\n`,
  );
  // Peers (react) are left out: the bundles keep them external, as an app provides them.
  run(
    'npm',
    ['install', '--no-audit', '--no-fund', '--prefer-offline', '--legacy-peer-deps', '--ignore-scripts', '--no-package-lock'],
    scratch,
  );
  for (const name of Object.keys(tarballs)) {
    if (!existsSync(join(scratch, 'node_modules', name, 'package.json'))) {
      throw new Error(`${name} is not installed in the scratch project`);
    }
  }
}

const buildOptions = (scratch) => ({
  absWorkingDir: scratch,
  tsconfigRaw: {},
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2020',
  external,
  write: false,
  metafile: true,
  logLevel: 'silent',
});

/** Leaves every module loaded with import() out of the bundle, and notes that there was one. */
function dynamicImportsExternal(seen) {
  return {
    name: 'dynamic-imports-external',
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind !== 'dynamic-import') return undefined;
        seen.count += 1;
        return { path: args.path, external: true };
      });
    },
  };
}

const gzipped = (out) => {
  const bytes = out.outputFiles[0].contents;
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
};

/**
 * What an app pays for one entry: in all, the entry with what it imports statically and what it
 * loads with import() (the budget's figure: analytics' engine, once `init` runs, is paid for by
 * every page that uses analytics); up front, without what it loads with import(), which
 * code-splitting bundlers put in a chunk of their own.
 */
async function gzippedSize(name, source, scratch, moreExternal = []) {
  const stdin = { contents: source, resolveDir: scratch, sourcefile: 'entry.js', loader: 'js' };
  const seen = { count: 0 };
  const options = { ...buildOptions(scratch), external: [...external, ...moreExternal] };
  const upFront = await build({ ...options, stdin, plugins: [dynamicImportsExternal(seen)] });
  const all = seen.count === 0 ? upFront : await build({ ...options, stdin });
  if (analyze !== null && name.includes(analyze)) {
    log(`${name}, up front:${await analyzeMetafile(upFront.metafile)}`);
    if (all !== upFront) log(`${name}, in all:${await analyzeMetafile(all.metafile)}`);
  }
  const first = gzipped(upFront);
  const total = gzipped(all);
  return { raw: first.raw, gzip: first.gzip, allRaw: total.raw, allGzip: total.gzip, inputs: Object.keys(all.metafile.inputs) };
}

// Issue 11: the transport ships no graphql runtime. Every `transport:` row is checked, from the
// bundle's metafile, for a file of the graphql (graphql-js) package, so that an import creeping
// back fails here by name rather than as a few hundred bytes more. graphql-ws's client is expected
// since issue 19 (the subscription client's protocol); it imports nothing of graphql-js.
const GRAPHQL_RUNTIME = /(^|\/)node_modules\/graphql\//;
const graphqlRuntimeOf = (name, inputs) => (name.startsWith('transport:') ? inputs.filter((path) => GRAPHQL_RUNTIME.test(path)) : []);

const kb = (n) => `${(n / 1024).toFixed(2)} KB`;

async function main(packDir, scratch) {
  const started = Date.now();
  const tarballs = pack(packDir);
  for (const file of Object.values(tarballs)) {
    log(`packed ${file.slice(packDir.length + 1)} (${kb(readFileSync(file).length)})`);
  }
  install(scratch, tarballs);
  log(`installed into a scratch project in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  let baseline = 0;
  let failed = 0;
  let runtimeFailed = 0;
  const figures = {};
  for (const [name, source, budget, moreExternal] of entries) {
    const { raw, gzip, allRaw, allGzip, inputs } = await gzippedSize(name, source, scratch, moreExternal);
    figures[name] = { gzip, raw, allGzip, allRaw, budget };
    const lazy = allRaw === raw ? '' : ` with what it loads by import(); ${kb(gzip)} (${kb(raw)} min) up front`;
    if (budget === null) {
      baseline = gzip;
      log(`${name}: ${kb(gzip)} gzipped (${kb(raw)} minified)`);
      continue;
    }
    const runtime = graphqlRuntimeOf(name, inputs);
    if (runtime.length > 0) {
      runtimeFailed += 1;
      log(
        `GRAPHQL RUNTIME ${name}: bundles ${runtime.length} file(s) of graphql (${runtime.slice(0, 3).join(', ')}${runtime.length > 3 ? ', ...' : ''}); ` +
          'the transport must not import them (run with --analyze to see which module does)',
      );
    }
    const ok = allGzip <= budget;
    if (!ok) failed += 1;
    log(
      `${ok ? 'ok  ' : 'OVER'} ${name}: ${kb(allGzip)} gzipped (${kb(allRaw)} min)${lazy}, budget ${kb(budget)}, ` +
        `${((allGzip / budget) * 100).toFixed(0)}% of budget, ${(allGzip / baseline).toFixed(2)}x baseline`,
    );
  }
  if (json) console.log(JSON.stringify(figures, null, 2));
  log(`measured in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (runtimeFailed > 0) console.error(`${runtimeFailed} transport import(s) bundle graphql (graphql-js) code`);
  if (failed > 0) console.error(`${failed} import(s) over budget`);
  return failed > 0 || runtimeFailed > 0 ? 1 : 0;
}

const packDir = mkdtempSync(join(tmpdir(), 'matchkit-pack-'));
const scratch = mkdtempSync(join(tmpdir(), 'matchkit-size-'));
const cleanUp = () => {
  rmSync(packDir, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, () => {
    cleanUp();
    process.exit(1);
  });
}
let status = 1;
try {
  status = await main(packDir, scratch);
} catch (error) {
  console.error(`size check failed: ${error.message}`);
} finally {
  cleanUp();
}
process.exit(status);
