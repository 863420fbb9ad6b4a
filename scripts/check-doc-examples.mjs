#!/usr/bin/env node
// Every ```ts block of the guides (docs/**/*.md) and of the READMEs (root and packages) typechecks against the sdk's source, so a guide
// cannot drift from the API. A block fenced as ```ts fragment is a deliberate excerpt and skipped.
// The guides' blocks then run in Node against the built packages, their stated results checked, as
// the TSDoc examples do (run-examples.mjs: ```ts dom, ```ts platform, ```ts network, ```ts no-run: <reason>).
// The READMEs' ```ts, ```tsx and ```js blocks that are not fragments also run, as a page would run
// them (run-snippets.mjs: bundled against the built packages, in jsdom): needs `npm run build`.
// A block right after a `<!-- file: examples/... -->` line shows that file of the repository whole
// (a recipe that `npm test` runs): it must equal the file, so the page cannot drift from what runs;
// it is typechecked where the file is, not here.
import { docBlocks } from './example-blocks.mjs';
import { runExamples } from './run-examples.mjs';
import { runSnippets } from './run-snippets.mjs';
import { typecheckSnippets } from './typecheck-snippets.mjs';

const root = process.cwd();
const { files, snippets, runnable, guideBlocks, fileErrors, shown } = docBlocks(root);
const typeErrors = typecheckSnippets(root, 'doc-examples', snippets);
const readmeErrors = await runSnippets(root, runnable);
// Last, and nothing asynchronous after it: a timer a block left behind cannot fire once the
// runner stopped listening. Running a block that does not typecheck only repeats its error.
const guideRun = typeErrors.length > 0 ? { errors: [], ran: 0, checked: 0, skipped: [] } : await runExamples(root, 'doc-run', guideBlocks);
const errors = [...fileErrors, ...typeErrors, ...readmeErrors, ...guideRun.errors];
for (const e of errors) console.error(e);
if (errors.length > 0) {
  console.error(`${errors.length} error(s) in the guides' code examples`);
  process.exit(1);
}
console.log(
  `doc examples: ${snippets.length} code blocks in ${files.length} documents typecheck; ${runnable.length} of the READMEs run; ` +
    `${guideRun.ran} of the guides' run, with ${guideRun.checked} stated results checked; ${shown} equal the file they show; ` +
    `${guideRun.skipped.length} not run:`,
);
const reasons = new Map();
for (const s of guideRun.skipped) reasons.set(s.reason, [...(reasons.get(s.reason) ?? []), s]);
for (const [reason, blocks] of reasons)
  console.log(`  ${blocks.length} because it ${reason}:\n    ${blocks.map((b) => b.where).join('\n    ')}`);
// A block may leave a timer or a socket behind (a store started, a client retrying): done is done.
process.exit(0);
