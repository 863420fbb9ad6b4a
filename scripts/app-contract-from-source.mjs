// An esbuild plugin that bundles `@matchkit/app-contract` and its subpaths from their TypeScript
// sources, as the package's exports map names them. The contract is a private workspace package
// published nowhere: its exports point at .ts files that Node cannot run, so every server bundle
// (the production build, the tests' and benchmarks' bundles) takes it in rather than leaving it to
// node_modules like the other packages (`packages: 'external'`).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const CONTRACT = new URL('../example-app/contract/', import.meta.url);

/** The plugin (see above). */
export function appContractFromSource() {
  const { exports } = JSON.parse(readFileSync(new URL('package.json', CONTRACT), 'utf8'));
  return {
    name: 'app-contract-from-source',
    setup(build) {
      build.onResolve({ filter: /^@matchkit\/app-contract(\/.*)?$/ }, (args) => {
        const key = `.${args.path.slice('@matchkit/app-contract'.length)}`;
        const target = exports[key];
        if (typeof target !== 'string') {
          return { errors: [{ text: `@matchkit/app-contract does not export ${key} (see its package.json)` }] };
        }
        return { path: fileURLToPath(new URL(target, CONTRACT)) };
      });
    },
  };
}
