import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildSync } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Options } from 'tsup';

type EsbuildPlugin = NonNullable<Options['esbuildPlugins']>[number];

const srcDir = fileURLToPath(new URL('./src', import.meta.url));

// The public entry points are read from the exports map, so the two can never drift apart. Only
// they get declarations (one bundled .d.ts/.d.cts each, as before).
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  exports: Record<string, unknown>;
};
const publicEntry: Record<string, string> = {};
for (const key of Object.keys(pkg.exports)) {
  if (key === './package.json') continue;
  const name = key === '.' ? 'index' : `${key.slice(2)}/index`;
  publicEntry[name] = key === '.' ? 'src/index.ts' : `src/${key.slice(2)}/index.ts`;
}

// Every source module becomes its own output module (dist/calculators/backLay.js beside
// src/calculators/backLay.ts), importing its neighbours as separate files rather than sharing
// bundled chunks. With `"sideEffects": false`, an app's bundler then drops every module the app
// does not use, as it would from the sources: importing `backLay` no longer pulls in the other
// calculators and the registry's field metadata that a shared chunk put beside it. The shipped
// modules are those the public entries reach (test helpers beside the sources are not).
const sdkDir = fileURLToPath(new URL('.', import.meta.url));
const reached = buildSync({
  entryPoints: Object.values(publicEntry),
  absWorkingDir: sdkDir,
  bundle: true,
  packages: 'external',
  platform: 'neutral',
  format: 'esm',
  outdir: 'dist',
  write: false,
  metafile: true,
  logLevel: 'silent',
}).metafile.inputs;
const modules: Record<string, string> = {};
for (const input of Object.keys(reached)) {
  const path = input.split('\\').join('/');
  if (path.startsWith('src/') && path.endsWith('.ts')) modules[path.slice('src/'.length, -'.ts'.length)] = path;
}
const shipped = new Set(Object.values(modules).map((path) => resolve(sdkDir, path)));

/** Leaves every relative import as an import of the sibling output module, with its extension. */
const moduleImports: EsbuildPlugin = {
  name: 'matchkit-module-imports',
  setup(build) {
    const extension = build.initialOptions.format === 'cjs' ? '.cjs' : '.js';
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      if (!args.importer.startsWith(srcDir)) return undefined;
      const target = resolve(args.resolveDir, args.path);
      let path: string;
      if (shipped.has(`${target}.ts`)) path = `${args.path}${extension}`;
      else if (shipped.has(join(target, 'index.ts'))) path = `${args.path}/index${extension}`;
      else return { errors: [{ text: `${args.path} is not a shipped source module (imported by ${args.importer})` }] };
      return { path, external: true };
    });
  },
};

// The .d.ts bundler drops the entry's leading comment; put the `@packageDocumentation` comment of
// src/index.ts back at the top of the declarations so that api-extractor and editors see it.
const entrySource = readFileSync(new URL('./src/index.ts', import.meta.url), 'utf8');
const packageDoc = /^\/\*\*[\s\S]*?@packageDocumentation[\s\S]*?\*\//.exec(entrySource)?.[0];

export default defineConfig({
  entry: modules,
  format: ['esm', 'cjs'],
  dts: packageDoc === undefined ? { entry: publicEntry } : { entry: publicEntry, banner: packageDoc },
  sourcemap: true,
  clean: true,
  target: 'es2022',
  platform: 'neutral',
  splitting: false,
  esbuildPlugins: [moduleImports],
  esbuildOptions(options, context) {
    // A lazily loaded module (analytics' runtime) is `import()`ed in ESM; in CJS it is required
    // on demand instead, so that CommonJS consumers (Jest without ESM support) can load it.
    if (context.format === 'cjs') options.supported = { ...options.supported, 'dynamic-import': false };
  },
  tsconfig: 'tsconfig.json',
});
