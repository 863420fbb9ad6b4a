// Typechecks code snippets (the guides' ```ts blocks, the TSDoc @example blocks) against the
// packages' sources, each snippet its own module (top-level await allowed). Shared by
// check-doc-examples.mjs and check-examples.mjs.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * @param {string} root the repository root
 * @param {string} cacheName a folder name under node_modules/.cache for the snippet files
 * @param {{ code: string, ext: 'ts' | 'tsx', file: string, line: number }[]} snippets
 * @returns {string[]} one `FILE:LINE: message` per error, LINE being the snippet's line plus the error's
 */
export function typecheckSnippets(root, cacheName, snippets) {
  const out = join(root, 'node_modules', '.cache', cacheName);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const origin = new Map();
  snippets.forEach((s, i) => {
    const name = join(out, `${s.file.replace(/[^a-zA-Z0-9]/g, '_')}_${s.line}_${i}.${s.ext}`);
    writeFileSync(name, `${s.code}\nexport {};\n`);
    origin.set(name, s);
  });
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
  const program = ts.createProgram([...origin.keys()], options);
  return ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.file && origin.has(d.file.fileName))
    .map((d) => {
      const s = origin.get(d.file.fileName);
      const { line } = d.file.getLineAndCharacterOfPosition(d.start ?? 0);
      return `${relative(root, join(root, s.file))}:${s.line + line}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    });
}
