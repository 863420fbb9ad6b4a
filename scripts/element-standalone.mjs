#!/usr/bin/env node
// The calculator element in one file, for a plain page with no build step: `dist/element/standalone.js`
// is `src/element/index.ts` bundled with everything it imports, valibot included (minified ESM,
// ES2020, for browsers), so the page loads one module and needs no import map. Run by the sdk's
// `build` script after tsup. An app with a bundler imports `@matchkit/sdk/element` instead, whose
// modules it shares (the calculators, valibot) with the rest of the app.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const sdk = fileURLToPath(new URL('../sdk/', import.meta.url));

await build({
  absWorkingDir: sdk,
  entryPoints: ['src/element/index.ts'],
  outfile: 'dist/element/standalone.js',
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2020',
  minify: true,
  tsconfig: 'tsconfig.json',
  logLevel: 'warning',
});
