#!/usr/bin/env node
// Every exported symbol of every public entry point has a TSDoc comment with an @example, and
// every example's ```ts/```tsx block typechecks against the sources, as written, then runs in Node
// against the built packages with the results it states checked (run-examples.mjs: `x; // 1599`
// must give 1599; `npm run build` first). A block that needs a page is fenced ```ts dom and runs
// with a jsdom window's globals; one that sends GraphQL to the platform is fenced ```ts platform and
// runs against a stand-in of the platform's schema (mock-platform.mjs); one that talks to another
// server is fenced ```ts network, and one that cannot run for another reason
// ```ts no-run: <reason>: both are typechecked, not run.
// (TypeDoc's notDocumented validation checks that a comment exists; this checks the example.)
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { runExamples } from './run-examples.mjs';
import { typecheckSnippets } from './typecheck-snippets.mjs';

const typedoc = JSON.parse(readFileSync('typedoc.json', 'utf8'));
const entryPoints = typedoc.entryPoints;
const parsed = ts.getParsedCommandLineOfConfigFile(
  'tsconfig.json',
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  },
);
const program = ts.createProgram(entryPoints, parsed.options);
const checker = program.getTypeChecker();

const missing = [];
const snippets = [];
const seen = new Set();
let checked = 0;
for (const file of entryPoints) {
  const source = program.getSourceFile(file);
  const moduleSymbol = source && checker.getSymbolAtLocation(source);
  if (!moduleSymbol) {
    missing.push(`${file}: not a module`);
    continue;
  }
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    checked += 1;
    const tags = (symbol.declarations ?? []).flatMap((d) => ts.getJSDocTags(d));
    if (!tags.some((t) => t.tagName.text === 'example')) {
      missing.push(`${file}: ${exported.getName()}`);
    }
    for (const tag of tags) {
      const sourceFile = tag.getSourceFile();
      const key = `${sourceFile.fileName}:${tag.pos}`;
      if (tag.tagName.text !== 'example' || seen.has(key)) continue;
      seen.add(key);
      const text = ts.getTextOfJSDocComment(tag.comment) ?? '';
      const tagLine = sourceFile.getLineAndCharacterOfPosition(tag.getStart()).line + 1;
      for (const m of text.matchAll(/```(tsx|typescript|ts)\b([^\n]*)\n([\s\S]*?)```/g)) {
        const fenceLine = tagLine + text.slice(0, m.index).split('\n').length;
        snippets.push({
          code: m[3],
          info: m[2],
          ext: m[1] === 'tsx' ? 'tsx' : 'ts',
          file: relative(process.cwd(), sourceFile.fileName),
          line: fenceLine + 1,
        });
      }
    }
  }
}
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
