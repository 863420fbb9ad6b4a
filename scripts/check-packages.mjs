#!/usr/bin/env node
// publint --strict and attw --pack on every published package. Needs a build first.
import { spawnSync } from 'node:child_process';

const packages = ['sdk', 'react-bindings'];
let failed = 0;
for (const dir of packages) {
  for (const cmd of [`npx publint --strict ${dir}`, `npx attw --pack ${dir} --profile node16`]) {
    console.log(`\n--- ${cmd}`);
    const r = spawnSync(cmd, { shell: true, stdio: 'inherit' });
    if (r.status !== 0) {
      failed += 1;
      console.error(`--- failed: ${cmd}`);
    }
  }
}
process.exit(failed === 0 ? 0 : 1);
