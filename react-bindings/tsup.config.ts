import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'tsup';
import { moduleBuild } from '../scripts/tsup-modules';

// The declarations are one bundled .d.ts/.d.cts for the entry; the JavaScript is one output
// module per source module (see scripts/tsup-modules.ts), so an app keeps only the hooks it uses.
const modules = moduleBuild(fileURLToPath(new URL('.', import.meta.url)), ['src/index.ts']);

// The .d.ts bundler drops the entry's leading comment; put the `@packageDocumentation` comment of
// src/index.ts back at the top of the declarations so that api-extractor and editors see it.
const entrySource = readFileSync(new URL('./src/index.ts', import.meta.url), 'utf8');
// Its `@module` line names the module for TypeDoc, which reads the source; it is not a TSDoc tag,
// so the declarations (read by api-extractor and editors) leave it out.
const packageDoc = /^\/\*\*[\s\S]*?@packageDocumentation[\s\S]*?\*\//.exec(entrySource)?.[0].replace(/^ \* @module .*\n/m, '');

export default defineConfig({
  ...modules,
  format: ['esm', 'cjs'],
  dts: packageDoc === undefined ? { entry: { index: 'src/index.ts' } } : { entry: { index: 'src/index.ts' }, banner: packageDoc },
  sourcemap: true,
  clean: true,
  target: 'es2022',
  platform: 'neutral',
  splitting: false,
  external: ['react', '@matchkit/sdk', '@tanstack/react-query'],
  tsconfig: 'tsconfig.json',
});
