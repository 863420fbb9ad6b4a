// Shared by the packages' tsup configs: build one output module per source module.
//
// Every source module that a public entry reaches becomes its own output module
// (dist/calculators/backLay.js beside src/calculators/backLay.ts), importing its neighbours as
// separate files rather than sharing bundled chunks. With `"sideEffects": false`, an app's bundler
// then keeps the modules an import reaches and drops the others, as it would from the sources: a
// shared chunk would bring along every top-level statement of its other modules that may have
// effects (a property read, an object spread, a call), which no bundler may drop. Test helpers
// beside the sources are not reached, so not shipped.
import { join, resolve } from 'node:path';
import { buildSync } from 'esbuild';
import type { Options } from 'tsup';

type EsbuildPlugin = NonNullable<Options['esbuildPlugins']>[number];

/** What a tsup config needs to build a package module by module. */
export interface ModuleBuild {
  /** tsup's `entry`: every reached source module, by its path under src without extension. */
  readonly entry: Record<string, string>;
  /** tsup's `esbuildPlugins`: keeps relative imports as imports of the sibling output modules. */
  readonly esbuildPlugins: EsbuildPlugin[];
}

const SOURCE = /\.tsx?$/;

/**
 * The module-by-module build of the package in `packageDir`, whose public entries are
 * `publicEntry` (paths relative to the package, under src/).
 */
export function moduleBuild(packageDir: string, publicEntry: readonly string[]): ModuleBuild {
  const srcDir = resolve(packageDir, 'src');
  const reached = buildSync({
    entryPoints: [...publicEntry],
    absWorkingDir: packageDir,
    bundle: true,
    packages: 'external',
    platform: 'neutral',
    format: 'esm',
    outdir: 'dist',
    write: false,
    metafile: true,
    logLevel: 'silent',
  }).metafile.inputs;
  const entry: Record<string, string> = {};
  for (const input of Object.keys(reached)) {
    const path = input.split('\\').join('/');
    if (path.startsWith('src/') && SOURCE.test(path)) entry[path.slice('src/'.length).replace(SOURCE, '')] = path;
  }
  const shipped = new Map(Object.values(entry).map((path) => [resolve(packageDir, path).replace(SOURCE, ''), path]));

  const moduleImports: EsbuildPlugin = {
    name: 'matchkit-module-imports',
    setup(build) {
      const extension = build.initialOptions.format === 'cjs' ? '.cjs' : '.js';
      build.onResolve({ filter: /^\.\.?\// }, (args) => {
        if (args.kind === 'entry-point' || !args.importer.startsWith(srcDir)) return undefined;
        const target = resolve(args.resolveDir, args.path);
        let path: string;
        if (shipped.has(target)) path = `${args.path}${extension}`;
        else if (shipped.has(join(target, 'index'))) path = `${args.path}/index${extension}`;
        else return { errors: [{ text: `${args.path} is not a shipped source module (imported by ${args.importer})` }] };
        return { path, external: true };
      });
    },
  };

  return {
    entry,
    esbuildPlugins: [moduleImports],
  };
}
