#!/usr/bin/env node
// Checks each package's public API against its committed report (<package>/etc/*.api.md).
// `node scripts/check-api.mjs --update` rewrites the reports: do that on purpose, and commit them.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';

const update = process.argv.includes('--update');
const packages = ['sdk', 'react-bindings'];
let failed = 0;

for (const dir of packages) {
  mkdirSync(join(dir, 'etc'), { recursive: true });
  if (!existsSync(join(dir, 'dist', 'index.d.ts'))) {
    console.error(`${dir}: dist/index.d.ts is missing: run npm run build first`);
    failed += 1;
    continue;
  }
  const config = ExtractorConfig.loadFileAndPrepare(join(dir, 'api-extractor.json'));
  const result = Extractor.invoke(config, { localBuild: update, showVerboseMessages: false });
  if (result.succeeded) {
    console.log(`${dir}: API report ${update ? 'written' : 'matches'} (${config.reportFilePath})`);
  } else {
    failed += 1;
    console.error(
      `${dir}: ${result.errorCount} error(s), ${result.warningCount} warning(s)` +
        (result.apiReportChanged
          ? `; the public API differs from ${config.reportFilePath}. If the change is intended, run ` +
            '`npm run api:update` and commit the report.'
          : ''),
    );
  }
}
process.exit(failed === 0 ? 0 : 1);
