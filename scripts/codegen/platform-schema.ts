// The platform schema's text, read from the example server's SDL files: its base.graphql, then each
// module's schema.graphql in folder order. GraphQL Code Generator reads it (codegen.ts), and so do
// the sdk's tests at test time (sdk/src/transport/test-servers.ts), so that no printed copy of the
// schema is committed beside the modules. Repository tooling, not part of any package: it reads the
// files by path, relative to the repository's root whatever the working folder.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// From the module's own path (a string: a test's DOM environment replaces the global URL).
const ROOT = `${resolve(dirname(fileURLToPath(import.meta.url)), '../..')}/`;
const MODULES = 'example-app/server/src/modules';

/** The SDL files of the platform schema, relative to the repository's root, in the order they are joined. */
export const schemaFiles: readonly string[] = [
  'example-app/server/src/schema/base.graphql',
  ...readdirSync(ROOT + MODULES)
    .sort()
    .map((name) => `${MODULES}/${name}/schema.graphql`)
    .filter((path) => existsSync(ROOT + path)),
];

/**
 * The platform schema as one text: the files above, joined. One text, because a loader reads
 * several files in whatever order they arrive, and unsorted output would then change from run to
 * run. The modules only extend Query, Mutation and Subscription (no module defines them alone).
 */
export function platformSchemaText(): string {
  return schemaFiles.map((path) => readFileSync(ROOT + path, 'utf8')).join('\n');
}
