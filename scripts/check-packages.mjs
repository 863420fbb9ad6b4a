#!/usr/bin/env node
// publint --strict and attw --pack (its default profile: node10, node16 from CJS and from ESM,
// bundler) on every published package. Needs a build first. Before them, typesVersions (what
// node10 resolution reads, since it ignores `exports`) must cover exactly the subpaths of
// `exports`: a new subpath without it fails here, naming it (fix: node scripts/sync-types-versions.mjs).
import { spawnSync } from 'node:child_process';

const packages = ['sdk', 'react-bindings'];
const commands = [
  'node scripts/sync-types-versions.mjs --check',
  ...packages.flatMap((dir) => [`npx publint --strict ${dir}`, `npx attw --pack ${dir}`]),
];
let failed = 0;
for (const cmd of commands) {
  console.log(`\n--- ${cmd}`);
  const r = spawnSync(cmd, { shell: true, stdio: 'inherit' });
  if (r.status !== 0) {
    failed += 1;
    console.error(`--- failed: ${cmd}`);
  }
}
process.exit(failed === 0 ? 0 : 1);
