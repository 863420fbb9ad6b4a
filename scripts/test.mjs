#!/usr/bin/env node
// `npm test`: every check that must stay green, in order, each named. Stops at the first failure
// (later steps depend on earlier ones: the packaging and API checks read the build) and ends with
// one summary line "checks: N passed, N failed".
import { spawnSync } from 'node:child_process';

const steps = [
  // First, so that a machine without them stops at once: installs postgresql, redis-server and
  // chromium from Debian when root, else names the one command to run. The server tests start their
  // own servers; the browser tests drive Debian's Chromium (never a downloaded browser).
  ['services for the tests (PostgreSQL, Redis, Chromium from Debian)', 'node scripts/services.mjs ensure postgresql redis-server chromium'],
  ['typecheck', 'npm run typecheck'],
  ['lint', 'npm run lint'],
  ['formatting (Prettier)', 'npm run format:check'],
  ['history (commit subjects of at most 72 characters, each with a body)', 'node scripts/check-commits.mjs'],
  ['unit and property tests', 'npm run test:unit'],
  ['build', 'npm run build'],
  ['size budgets', 'npm run check:size'],
  ['package checks (publint --strict, attw --pack)', 'npm run check:packages'],
  ['install test (packed tarballs: ESM, CJS, bundler/node16 types)', 'node scripts/check-install.mjs'],
  ['API reports (api-extractor)', 'npm run check:api'],
  ['examples (TSDoc @example on every export, typechecked and run; guide code typechecks; README examples run)', 'npm run check:examples'],
  ['docs (TypeDoc, warnings are errors)', 'npm run docs'],
  // The browser tests run on the production build that `npm start` serves (the packages above, then
  // the app: vite for the web app, esbuild for the server).
  ['app build (production, as npm start builds it)', 'npm run build -w @matchkit/example-app'],
  // The browser tests include the recipes in fresh projects (examples/recipes/recipes.test.ts),
  // when CI is set: they take minutes (docs/testing.md).
  ['browser tests (Chromium, both brands, on the production build; the recipes)', 'npm run test:e2e'],
];

let passed = 0;
const started = Date.now();
for (const [name, command] of steps) {
  const t0 = Date.now();
  console.log(`\n=== ${name}: ${command}`);
  const result = spawnSync(command, { shell: true, stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n=== FAILED: ${name} (exit ${result.status ?? result.signal}, ${seconds} s)`);
    console.log(`checks: ${passed} passed, 1 failed`);
    process.exit(1);
  }
  passed += 1;
  console.log(`=== ok: ${name} (${seconds} s)`);
}
console.log(`\nall checks green in ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`checks: ${passed} passed, 0 failed`);
