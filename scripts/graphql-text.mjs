// An esbuild plugin for the server's `import sdl from './schema.graphql?raw'`: the file's text, as
// Vite (and so Vitest) reads `?raw` natively. Every server bundle uses it (the production build,
// the tests' and benchmarks' bundles).
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

/** The plugin (see above). */
export function graphqlText() {
  return {
    name: 'graphql-text',
    setup(build) {
      build.onResolve({ filter: /\.graphql\?raw$/ }, (args) => ({
        path: resolve(args.resolveDir || dirname(args.importer), args.path.slice(0, -'?raw'.length)),
        namespace: 'graphql-text',
      }));
      build.onLoad({ filter: /.*/, namespace: 'graphql-text' }, async (args) => ({
        contents: await readFile(args.path, 'utf8'),
        loader: 'text',
      }));
    },
  };
}
