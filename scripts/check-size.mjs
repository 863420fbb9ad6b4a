#!/usr/bin/env node
// Size budgets: what a third party pays, in gzipped bytes, for importing a few names from the
// built sdk (minified ESM for the browser, everything bundled, as an app's bundler would).
// Prints each figure, its budget and the ratio to it, beside a baseline measured in the same run
// (zod/mini's smallest schema, the floor any validated import pays). Needs a build first.
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/** [name, source, budget in bytes gzipped]; @matchkit/react entries keep react external, as an app provides it. */
const entries = [
  ['baseline: zod/mini (one string schema)', `import * as z from 'zod/mini'; export const s = z.string();`, null],
  ['calculators: backLay (with its validation)', `export { backLay } from '@matchkit/sdk/calculators';`, 3 * 1024],
  ['calculators: whole subpath', `export * from '@matchkit/sdk/calculators';`, 10 * 1024],
  ['calculators/schemas: whole subpath (zod/mini input schemas)', `export * from '@matchkit/sdk/calculators/schemas';`, 10 * 1024],
  ['matching: createOddsmatcher', `export { createOddsmatcher } from '@matchkit/sdk/matching';`, 24 * 1024],
  ['matching: whole subpath', `export * from '@matchkit/sdk/matching';`, 40 * 1024],
  ['errors: isMatchkitError', `export { isMatchkitError } from '@matchkit/sdk/errors';`, 1024],
  ['entitlements: planTier + availableTools (with both catalogues)', `export { planTier, availableTools } from '@matchkit/sdk/entitlements';`, 6 * 1024],
  ['sales: activeSale + saleCountdown', `export { activeSale, saleCountdown } from '@matchkit/sdk/sales';`, 6 * 1024],
  ['exchanges: whole subpath', `export * from '@matchkit/sdk/exchanges';`, 6 * 1024],
  ['brands: defineBrand (schema + validation)', `export { defineBrand } from '@matchkit/sdk/brands';`, 16 * 1024],
  ['casino: wageringExpectedValue', `export { wageringExpectedValue } from '@matchkit/sdk/casino';`, 12 * 1024],
  ['casino: whole subpath', `export * from '@matchkit/sdk/casino';`, 14 * 1024],
  ['integrations: createIntegrationsStore', `export { createIntegrationsStore, browserFocusSource } from '@matchkit/sdk/integrations';`, 2 * 1024],
  ['notifications: createNotificationsStore', `export { createNotificationsStore } from '@matchkit/sdk/notifications';`, 2 * 1024],
  ['analytics: createAnalytics + parseCampaign', `export { createAnalytics, parseCampaign } from '@matchkit/sdk/analytics';`, 10 * 1024],
  ['push: whole subpath', `export * from '@matchkit/sdk/push';`, 3 * 1024],
  ['offline: whole subpath', `export * from '@matchkit/sdk/offline';`, 1024],
  ['transport: isTransportError', `export { isTransportError } from '@matchkit/sdk/transport';`, 1024],
  ['transport: checkIntegrations + logoutIntegration', `export { checkIntegrations, logoutIntegration } from '@matchkit/sdk/transport';`, 5 * 1024],
  ['transport: createGraphQLClient + isTransportError + REST pair', `export { createGraphQLClient, isTransportError, checkIntegrations, logoutIntegration } from '@matchkit/sdk/transport';`, 10 * 1024],
  ['transport: createSubscriptionClient', `export { createSubscriptionClient } from '@matchkit/sdk/transport';`, 12 * 1024],
  ['transport: MeQuery (a typed document)', `export { MeQuery } from '@matchkit/sdk/transport';`, 1024],
  ['transport: whole subpath', `export * from '@matchkit/sdk/transport';`, 24 * 1024],
  ['react: useNotifications', `export { useNotifications } from '@matchkit/react';`, 1024],
  ['react: useIntegrations', `export { useIntegrations } from '@matchkit/react';`, 1024],
  ['react: usePushState', `export { usePushState } from '@matchkit/react';`, 1024],
  ['react: useConnectionState + useSubscription', `export { useConnectionState, useSubscription } from '@matchkit/react';`, 2 * 1024],
  ['react: useWageringSimulation', `export { useWageringSimulation } from '@matchkit/react';`, 14 * 1024],
  ['react: whole package', `export * from '@matchkit/react';`, 28 * 1024],
  ['whole sdk', `export * from '@matchkit/sdk';`, 88 * 1024],
];

async function gzippedSize(source) {
  const out = await build({
    stdin: { contents: source, resolveDir: process.cwd(), loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    external: ['react', 'react-dom', 'react/jsx-runtime'],
    write: false,
    logLevel: 'silent',
  });
  const bytes = out.outputFiles[0].contents;
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

const kb = (n) => `${(n / 1024).toFixed(2)} KB`;
let baseline = 0;
let failed = 0;
for (const [name, source, budget] of entries) {
  const { raw, gzip } = await gzippedSize(source);
  if (budget === null) {
    baseline = gzip;
    console.log(`${name}: ${kb(gzip)} gzipped (${kb(raw)} minified)`);
    continue;
  }
  const ok = gzip <= budget;
  if (!ok) failed += 1;
  console.log(
    `${ok ? 'ok  ' : 'OVER'} ${name}: ${kb(gzip)} gzipped (${kb(raw)} min), budget ${kb(budget)}, ` +
      `${((gzip / budget) * 100).toFixed(0)}% of budget, ${(gzip / baseline).toFixed(2)}x baseline`,
  );
}
if (failed > 0) {
  console.error(`${failed} import(s) over budget`);
  process.exit(1);
}
