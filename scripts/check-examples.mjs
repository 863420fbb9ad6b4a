#!/usr/bin/env node
// Every exported symbol of every public entry point has a TSDoc comment with an @example.
// (TypeDoc's notDocumented validation checks that a comment exists; this checks the example.)
import { readFileSync } from 'node:fs';
import ts from 'typescript';

const typedoc = JSON.parse(readFileSync('typedoc.json', 'utf8'));
const entryPoints = typedoc.entryPoints;
const parsed = ts.getParsedCommandLineOfConfigFile('tsconfig.json', {}, {
  ...ts.sys,
  onUnRecoverableConfigFileDiagnostic: (d) => {
    throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  },
});
const program = ts.createProgram(entryPoints, parsed.options);
const checker = program.getTypeChecker();

const missing = [];
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
  }
}
if (missing.length > 0) {
  console.error(`exported symbols without a TSDoc @example (${missing.length}):\n  ${missing.join('\n  ')}`);
  process.exit(1);
}
console.log(`TSDoc examples: all ${checked} exported symbols of ${entryPoints.length} entry points have one`);
