#!/usr/bin/env node
// Every exported symbol of every public entry point has a TSDoc comment with an @example, and
// every example's ```ts/```tsx block typechecks against the sources, as written, then runs in Node
// against the built packages with the results it states checked (run-examples.mjs: `x; // 1599`
// must give 1599; `npm run build` first). A block that needs a page is fenced ```ts dom and runs
// with a jsdom window's globals; one that sends GraphQL to the platform is fenced ```ts platform and
// runs in the browser tests against the example server (example-app/e2e/doc-examples.test.ts), so
// here it is typechecked only, as is one fenced ```ts network (the platform's REST endpoints, its
// WebSocket, its auth service: run there too); one that cannot run at all is fenced
// ```ts no-run: <reason>: typechecked, not run.
// (TypeDoc's notDocumented validation checks that a comment exists; this checks the example.)
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { tsdocBlocks } from './example-blocks.mjs';
import { runExamples } from './run-examples.mjs';
import { typecheckSnippets } from './typecheck-snippets.mjs';

const { entryPoints, checked, missing, snippets } = tsdocBlocks(process.cwd());
if (missing.length > 0) {
  console.error(`exported symbols without a TSDoc @example (${missing.length}):\n  ${missing.join('\n  ')}`);
  process.exit(1);
}
const errors = typecheckSnippets(process.cwd(), 'tsdoc-examples', snippets);
for (const e of errors) console.error(e);
if (errors.length > 0) {
  console.error(`${errors.length} error(s) in the TSDoc examples`);
  process.exit(1);
}
for (const dir of ['sdk', 'react-bindings']) {
  if (!existsSync(join(dir, 'dist'))) {
    console.error(`${dir}/dist is missing: the TSDoc examples run against the builds (npm run build first)`);
    process.exit(1);
  }
}
const run = await runExamples(process.cwd(), 'tsdoc-run', snippets);
for (const e of run.errors) console.error(e);
if (run.errors.length > 0) {
  console.error(`${run.errors.length} error(s) when running the TSDoc examples`);
  process.exit(1);
}
const reasons = new Map();
for (const s of run.skipped) reasons.set(s.reason, [...(reasons.get(s.reason) ?? []), s]);
console.log(
  `TSDoc examples: all ${checked} exported symbols of ${entryPoints.length} entry points have one; ` +
    `their ${snippets.length} code blocks typecheck; ${run.ran} run, with ${run.checked} stated results checked; ` +
    `${run.skipped.length} not run:`,
);
for (const [reason, blocks] of reasons)
  console.log(`  ${blocks.length} because it ${reason}:\n    ${blocks.map((b) => b.where).join('\n    ')}`);
// A block may leave a timer or a socket behind (a store started, a client retrying): done is done.
process.exit(0);
