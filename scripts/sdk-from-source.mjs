// An esbuild plugin that resolves `@matchkit/sdk` and its subpaths to the sdk's TypeScript sources
// (sdk/src/<subpath>/index.ts), so a server bundle for tests or benchmarks needs no sdk build.
import { fileURLToPath } from 'node:url';

const SDK_SRC = fileURLToPath(new URL('../sdk/src', import.meta.url));

/** The plugin (see above). */
export function sdkFromSource() {
  return {
    name: 'sdk-from-source',
    setup(build) {
      build.onResolve({ filter: /^@matchkit\/sdk(\/.*)?$/ }, (args) => {
        const sub = args.path.slice('@matchkit/sdk'.length);
        return { path: `${SDK_SRC}${sub}/index.ts` };
      });
    },
  };
}
