#!/usr/bin/env node
// Every ```ts block of the guides (docs/**/*.md) and of the READMEs (root and packages) typechecks against the sdk's source, so a guide
// cannot drift from the API. A block fenced as ```ts fragment is a deliberate excerpt and skipped.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const root = process.cwd();
const out = join(root, 'node_modules', '.cache', 'doc-examples');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

function markdownFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'api' ? [] : markdownFiles(p);
    return e.name.endsWith('.md') ? [p] : [];
  });
}

const files = [
  ...markdownFiles(join(root, 'docs')),
  join(root, 'README.md'),
  join(root, 'sdk', 'README.md'),
  join(root, 'react-bindings', 'README.md'),
];
const origin = new Map();
for (const file of files) {
  const lines = readFileSync(file, 'utf8').split('\n');
  let block = null;
  lines.forEach((line, i) => {
    if (block === null) {
      const m = /^```(ts|tsx|typescript)\s*$/.exec(line.trim());
      if (m) block = { start: i + 1, lines: [], ext: m[1] === 'tsx' ? 'tsx' : 'ts' };
    } else if (line.trim() === '```') {
      const name = `${relative(root, file).replace(/[^a-zA-Z0-9]/g, '_')}_${block.start}.${block.ext}`;
      // Each block is its own module; top-level await allowed.
      writeFileSync(join(out, name), `${block.lines.join('\n')}\nexport {};\n`);
      origin.set(name, { file: relative(root, file), line: block.start });
      block = null;
    } else {
      block.lines.push(line);
    }
  });
}

const options = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  jsx: ts.JsxEmit.ReactJSX,
  types: ['node'],
  typeRoots: [join(root, 'node_modules', '@types')],
  baseUrl: root,
  paths: {
    '@matchkit/sdk': ['sdk/src/index.ts'],
    '@matchkit/sdk/*': ['sdk/src/*/index.ts'],
    '@matchkit/react': ['react-bindings/src/index.ts'],
  },
};
const names = [...origin.keys()].map((n) => join(out, n));
const program = ts.createProgram(names, options);
const diagnostics = ts.getPreEmitDiagnostics(program).filter((d) => d.file && d.file.fileName.startsWith(out));
for (const d of diagnostics) {
  const name = relative(out, d.file.fileName);
  const { line } = d.file.getLineAndCharacterOfPosition(d.start ?? 0);
  const o = origin.get(name);
  console.error(`${o.file}:${o.line + line + 1}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}
if (diagnostics.length > 0) {
  console.error(`${diagnostics.length} error(s) in the guides' code examples`);
  process.exit(1);
}
console.log(`doc examples: ${names.length} code blocks in ${files.length} documents typecheck`);
