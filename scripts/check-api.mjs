#!/usr/bin/env node
// Checks each package's public API against its committed report (<package>/etc/*.api.md).
// `node scripts/check-api.mjs --update` rewrites the reports: do that on purpose, and commit them.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';

const update = process.argv.includes('--update');
// [package folder, config file, the declarations it reads]. The element subpath is not re-exported
// from the sdk's root (the root stays free of DOM code), so it has a report of its own.
const reports = [
  ['sdk', 'api-extractor.json', 'dist/index.d.ts'],
  ['sdk', 'api-extractor.element.json', 'dist/element/index.d.ts'],
  ['react-bindings', 'api-extractor.json', 'dist/index.d.ts'],
];
let failed = 0;

for (const [dir, configFile, declarations] of reports) {
  mkdirSync(join(dir, 'etc'), { recursive: true });
  if (!existsSync(join(dir, declarations))) {
    console.error(`${dir}: ${declarations} is missing: run npm run build first`);
    failed += 1;
    continue;
  }
  const config = ExtractorConfig.loadFileAndPrepare(join(dir, configFile));
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
