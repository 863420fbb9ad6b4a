#!/usr/bin/env node
// Every ```ts block of the guides (docs/**/*.md) and of the READMEs (root and packages) typechecks against the sdk's source, so a guide
// cannot drift from the API. A block fenced as ```ts fragment is a deliberate excerpt and skipped.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { typecheckSnippets } from './typecheck-snippets.mjs';

const root = process.cwd();

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
const snippets = [];
for (const file of files) {
  const lines = readFileSync(file, 'utf8').split('\n');
  let block = null;
  lines.forEach((line, i) => {
    if (block === null) {
      const m = /^```(ts|tsx|typescript)\s*$/.exec(line.trim());
      if (m) block = { start: i + 1, lines: [], ext: m[1] === 'tsx' ? 'tsx' : 'ts' };
    } else if (line.trim() === '```') {
      snippets.push({ code: block.lines.join('\n'), ext: block.ext, file: relative(root, file), line: block.start + 1 });
      block = null;
    } else {
      block.lines.push(line);
    }
  });
}

const errors = typecheckSnippets(root, 'doc-examples', snippets);
for (const e of errors) console.error(e);
if (errors.length > 0) {
  console.error(`${errors.length} error(s) in the guides' code examples`);
  process.exit(1);
}
console.log(`doc examples: ${snippets.length} code blocks in ${files.length} documents typecheck`);
