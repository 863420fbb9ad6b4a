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
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { runExamples } from './run-examples.mjs';
import { runSnippets } from './run-snippets.mjs';
import { typecheckSnippets } from './typecheck-snippets.mjs';

const root = process.cwd();

function markdownFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'api' ? [] : markdownFiles(p);
    return e.name.endsWith('.md') ? [p] : [];
  });
}

const readmes = [join(root, 'README.md'), join(root, 'sdk', 'README.md'), join(root, 'react-bindings', 'README.md')];
const files = [...markdownFiles(join(root, 'docs')), ...readmes];
const snippets = [];
// The READMEs' ```ts, ```tsx and ```js blocks also run (scripts/run-snippets.mjs): a first-time
// user copies them. A block that cannot run alone is fenced as a fragment (```tsx fragment).
const runnable = [];
// The guides' ```ts and ```tsx blocks run in Node too, their stated results checked (run-examples.mjs).
const guideBlocks = [];
const RUNNABLE = { ts: 'ts', typescript: 'ts', tsx: 'tsx', js: 'js', javascript: 'js' };
const fileErrors = [];
let shown = 0;
for (const file of files) {
  const lines = readFileSync(file, 'utf8').split('\n');
  let block = null;
  // The repository file the next block shows whole (`<!-- file: path -->` just before it).
  let showsFile = null;
  lines.forEach((line, i) => {
    if (block === null) {
      const marker = /^<!-- file: (\S+) -->$/.exec(line.trim());
      if (marker) {
        showsFile = { path: marker[1], line: i + 1 };
        return;
      }
      const fence = /^```(\w*)/.exec(line.trim());
      if (fence) {
        // ```ts, or ```ts dom / platform / network / no-run: <reason> (run-examples.mjs): typechecked; ```ts fragment is not.
        const m = /^```(tsx|typescript|ts)((?:\s+(?:dom|platform|network|no-run:.*))?)\s*$/.exec(line.trim());
        const readme = readmes.includes(file);
        const run = readme && !/\bfragment\b/.test(line) ? (RUNNABLE[fence[1]] ?? null) : null;
        block = {
          start: i + 1,
          lines: [],
          ext: m === null ? null : m[1] === 'tsx' ? 'tsx' : 'ts',
          info: m?.[2] ?? '',
          shows: showsFile,
          run,
          readme,
        };
        showsFile = null;
      } else if (line.trim() !== '' && showsFile !== null) {
        fileErrors.push(
          `${relative(root, file)}:${showsFile.line}: <!-- file: ${showsFile.path} --> must be followed by the code block showing it`,
        );
        showsFile = null;
      }
    } else if (line.trim() === '```') {
      const code = block.lines.join('\n');
      // A block that shows a file is checked where that file is (examples/tsconfig.json, or the
      // fresh projects of examples/recipes/recipes.test.ts): here, only that it equals the file.
      if (block.ext !== null && block.shows === null) {
        snippets.push({ code, ext: block.ext, file: relative(root, file), line: block.start + 1 });
        if (!block.readme) guideBlocks.push({ code, ext: block.ext, info: block.info, file: relative(root, file), line: block.start + 1 });
      }
      if (block.run !== null) runnable.push({ code, ext: block.run, file: relative(root, file), line: block.start + 1 });
      if (block.shows !== null) {
        const shownPath = join(root, block.shows.path);
        shown += 1;
        if (!existsSync(shownPath)) fileErrors.push(`${relative(root, file)}:${block.shows.line}: ${block.shows.path} does not exist`);
        else if (readFileSync(shownPath, 'utf8').trimEnd() !== code.trimEnd())
          fileErrors.push(
            `${relative(root, file)}:${block.start}: the block differs from ${block.shows.path}: copy the file into it again`,
          );
      }
      block = null;
    } else {
      block.lines.push(line);
    }
  });
}

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
