import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'tsup';
import { moduleBuild } from '../scripts/tsup-modules';

// The public entry points are read from the exports map, so the two can never drift apart. They
// get the declarations (one bundled .d.ts/.d.cts each); the JavaScript is one output module per
// source module (see scripts/tsup-modules.ts).
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  exports: Record<string, unknown>;
};
const publicEntry: Record<string, string> = {};
for (const key of Object.keys(pkg.exports)) {
  if (key === './package.json') continue;
  const name = key === '.' ? 'index' : `${key.slice(2)}/index`;
  publicEntry[name] = key === '.' ? 'src/index.ts' : `src/${key.slice(2)}/index.ts`;
}
const modules = moduleBuild(fileURLToPath(new URL('.', import.meta.url)), Object.values(publicEntry));

// The .d.ts bundler drops the entry's leading comment; put the `@packageDocumentation` comment of
// src/index.ts back at the top of the declarations so that api-extractor and editors see it.
const entrySource = readFileSync(new URL('./src/index.ts', import.meta.url), 'utf8');
const packageDoc = /^\/\*\*[\s\S]*?@packageDocumentation[\s\S]*?\*\//.exec(entrySource)?.[0];

export default defineConfig({
  ...modules,
  format: ['esm', 'cjs'],
  // stripInternal: a name marked `@internal` is left out of the published declarations (and so out
  // of the API reports), whatever the module graph exports at run time.
  dts:
    packageDoc === undefined
      ? { entry: publicEntry, compilerOptions: { stripInternal: true } }
      : { entry: publicEntry, banner: packageDoc, compilerOptions: { stripInternal: true } },
  sourcemap: true,
  clean: true,
  target: 'es2022',
  platform: 'neutral',
  splitting: false,
  tsconfig: 'tsconfig.json',
});
