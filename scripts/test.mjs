#!/usr/bin/env node
// `npm test`: every check that must stay green, each named, and one summary line
// "checks: N passed, N failed" at the end. The checks run in stages, in order; a later stage depends
// on the earlier ones (the packaging and API checks read the build), so the run stops after the
// first stage with a failure. Inside a stage, the checks that each use one core (tsc, ESLint,
// api-extractor, TypeDoc, the install test) run in two lanes side by side on these 2-core machines,
// each lane's checks in order; every check's output is printed whole when it ends, under its name.
// A stage of one check (the unit tests, the builds, the browser tests) keeps both cores to itself.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';

/** A check: its name and its shell command. */
const check = (name, command) => ({ name, command });

/** Stages in order; a stage is a list of lanes run side by side, a lane a list of checks run in order. */
const stages = [
  // First, so that a machine without them stops at once: installs postgresql, redis-server and
  // chromium from Debian when root, else names the one command to run. The server tests start their
  // own servers; the browser tests drive Debian's Chromium (never a downloaded browser).
  [
    [
      check(
        'services for the tests (PostgreSQL, Redis, Chromium from Debian)',
        'node scripts/services.mjs ensure postgresql redis-server chromium',
      ),
    ],
  ],
  [
    [check('typecheck', 'npm run typecheck')],
    [
      check('lint', 'npm run lint'),
      check('formatting (Prettier)', 'npm run format:check'),
      check('history (commit subjects of at most 72 characters, each with a body)', 'node scripts/check-commits.mjs'),
    ],
  ],
  [[check('unit and property tests', 'npm run test:unit')]],
  [[check('build', 'npm run build')]],
  [
    // The two lanes write to separate places: every `npm pack` here packs into its own temp folder.
    [
      check('size budgets', 'npm run check:size'),
      check('package checks (publint --strict, attw --pack)', 'npm run check:packages'),
      check('install test (packed tarballs: ESM, CJS, bundler/node16 types)', 'node scripts/check-install.mjs'),
    ],
    [
      check('API reports (api-extractor)', 'npm run check:api'),
      check(
        'examples (TSDoc @example on every export, typechecked and run; guide code typechecks; README examples run)',
        'npm run check:examples',
      ),
      check('docs (TypeDoc, warnings are errors)', 'npm run docs'),
    ],
  ],
  // The browser tests run on the production build that `npm start` serves (the packages above, then
  // the app: vite for the web app, esbuild for the server).
  [[check('app build (production, as npm start builds it)', 'npm run build -w @matchkit/example-app')]],
  // The browser tests include the recipes in fresh projects (examples/recipes/recipes.test.ts),
  // when CI is set: they take minutes (docs/testing.md).
  [[check('browser tests (Chromium, both brands, on the production build; the recipes)', 'npm run test:e2e')]],
];

/**
 * Runs one check. Alone in its stage it prints as it goes; beside another lane its output (stdout and
 * stderr, interleaved as written) is kept and printed whole when it ends, so two checks never mix.
 */
function run({ name, command }, alone) {
  return new Promise((resolve) => {
    const started = Date.now();
    const header = `\n=== ${name}: ${command}`;
    if (alone) console.log(header);
    const child = spawn(command, { shell: true, stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: process.env });
    const output = [];
    if (!alone) for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (!alone) {
        console.log(header);
        process.stdout.write(Buffer.concat(output));
      }
      if (code === 0) console.log(`=== ok: ${name} (${seconds} s)`);
      else console.log(`\n=== FAILED: ${name} (exit ${code ?? signal}, ${seconds} s)`);
      resolve(code === 0);
    });
  });
}

/** Runs a lane's checks in order, stopping at its first failure; resolves with [passed, failed]. */
async function runLane(lane, alone) {
  let passed = 0;
  for (const c of lane) {
    if (!(await run(c, alone))) return [passed, 1];
    passed += 1;
  }
  return [passed, 0];
}

let passed = 0;
let failed = 0;
const started = Date.now();
for (const stage of stages) {
  const alone = stage.length === 1;
  const results = await Promise.all(stage.map((lane) => runLane(lane, alone)));
  for (const [p, f] of results) {
    passed += p;
    failed += f;
  }
  if (failed > 0) break;
}
if (failed > 0) {
  console.log(`checks: ${passed} passed, ${failed} failed`);
  process.exit(1);
}
console.log(`\nall checks green in ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`checks: ${passed} passed, 0 failed`);
