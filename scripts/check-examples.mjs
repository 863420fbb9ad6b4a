#!/usr/bin/env node
// Every exported symbol of every public entry point has a TSDoc comment with an @example, and
// every example's ```ts/```tsx block typechecks against the sources, as written (an example
// that needs something of the page declares it: `declare const button: HTMLButtonElement;`).
// (TypeDoc's notDocumented validation checks that a comment exists; this checks the example.)
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import ts from 'typescript';
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
      for (const m of text.matchAll(/```(ts|tsx|typescript)\n([\s\S]*?)```/g)) {
        const fenceLine = tagLine + text.slice(0, m.index).split('\n').length;
        snippets.push({
          code: m[2],
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
console.log(
  `TSDoc examples: all ${checked} exported symbols of ${entryPoints.length} entry points have one; ` +
    `their ${snippets.length} code blocks typecheck`,
);
