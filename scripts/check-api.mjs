#!/usr/bin/env node
// Checks each package's public API against its committed reports (<package>/etc/*.api.md): one
// report per entry point of the package's exports map (`@matchkit/sdk` in sdk.api.md,
// `@matchkit/sdk/feed` in sdk-feed.api.md, ...), read from the built declarations, so that a name
// importable only from its subpath is checked like a root name. `@internal` names are trimmed from
// the declarations by the build (stripInternal) and so appear in no report.
// `node scripts/check-api.mjs --update` rewrites the reports: do that on purpose, and commit them.
//
// It then prints how many public names each entry point exports, and fails when an entry point is
// over its budget. The sdk's root is budgeted at 250 names (issue 19: it exported 737 when it
// re-exported every subpath; it now holds the names most users need, everything else comes from its
// subpath). Raise a budget only on purpose, in the same commit as the names that need it.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';
import ts from 'typescript';

const root = resolve(import.meta.dirname, '..');
const update = process.argv.includes('--update');
const packages = ['sdk', 'react-bindings'];
/** The most public names an entry point may export, by import specifier. */
const BUDGETS = { '@matchkit/sdk': 250 };
let failed = 0;

/** [import specifier, declarations file relative to the package, report name] of every entry point. */
function entryPoints(dir) {
  const pkg = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
  const base = pkg.name.split('/')[1];
  return Object.entries(pkg.exports)
    .filter(([key]) => key !== './package.json' && !key.includes('*'))
    .map(([key, target]) => {
      const types = target.import?.types ?? target.types;
      const sub = key.slice(2);
      return [key === '.' ? pkg.name : `${pkg.name}/${sub}`, types.slice(2), key === '.' ? base : `${base}-${sub.replaceAll('/', '-')}`];
    });
}

/** The names a declarations file exports (values and types alike). */
function publicNames(file) {
  const program = ts.createProgram([file], {
    noEmit: true,
    skipLibCheck: true,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    module: ts.ModuleKind.ESNext,
  });
  const checker = program.getTypeChecker();
  const symbol = checker.getSymbolAtLocation(program.getSourceFile(file));
  return symbol === undefined ? [] : checker.getExportsOfModule(symbol).map((s) => s.name);
}

const counts = [];
for (const dir of packages) {
  mkdirSync(join(root, dir, 'etc'), { recursive: true });
  const configPath = join(root, dir, 'api-extractor.json');
  const base = ExtractorConfig.loadFile(configPath);
  for (const [specifier, declarations, reportName] of entryPoints(dir)) {
    const file = join(root, dir, declarations);
    if (!existsSync(file)) {
      console.error(`${specifier}: ${dir}/${declarations} is missing: run npm run build first`);
      failed += 1;
      continue;
    }
    const isRoot = !specifier.slice('@matchkit/'.length).includes('/');
    const configObject = {
      ...base,
      mainEntryPointFilePath: file,
      apiReport: { ...base.apiReport, enabled: true, reportFileName: reportName },
      // A subpath's declarations inline the types it shares with other subpaths (Pence, Brand, ...):
      // the report notes them in place, and the subpath that exports them has them in its own report.
      // Their TSDoc may {@link} a name of another subpath, which this entry point cannot resolve.
      messages: isRoot
        ? base.messages
        : {
            ...base.messages,
            extractorMessageReporting: {
              ...base.messages.extractorMessageReporting,
              'ae-forgotten-export': { logLevel: 'none', addToApiReportFile: true },
              'ae-unresolved-link': { logLevel: 'none', addToApiReportFile: false },
            },
          },
    };
    const config = ExtractorConfig.prepare({
      configObject,
      configObjectFullPath: configPath,
      packageJsonFullPath: join(root, dir, 'package.json'),
    });
    const result = Extractor.invoke(config, { localBuild: update, showVerboseMessages: false, messageCallback: quiet });
    if (!result.succeeded) {
      failed += 1;
      console.error(
        `${specifier}: ${result.errorCount} error(s), ${result.warningCount} warning(s)` +
          (result.apiReportChanged
            ? `; the public API differs from ${config.reportFilePath}. If the change is intended, run ` +
              '`npm run api:update` and commit the report.'
            : ''),
      );
    } else if (update) {
      console.log(`${specifier}: API report written (${config.reportFilePath})`);
    }
    counts.push([specifier, publicNames(file).length]);
  }
}

/** Keeps api-extractor's per-run chatter (which TypeScript it bundles) off the output. */
function quiet(message) {
  if (message.messageId === 'console-compiler-version-notice' || message.messageId === 'console-preamble') message.handled = true;
}

const width = Math.max(...counts.map(([s]) => s.length));
console.log(`\n${'entry point'.padEnd(width)}  names  budget`);
for (const [specifier, n] of counts) {
  const budget = BUDGETS[specifier];
  const over = budget !== undefined && n > budget;
  if (over) failed += 1;
  console.log(
    `${specifier.padEnd(width)}  ${String(n).padStart(5)}  ${budget === undefined ? '' : String(budget).padStart(6)}${over ? '  OVER BUDGET' : ''}`,
  );
}
console.log(`${'total'.padEnd(width)}  ${String(counts.reduce((sum, [, n]) => sum + n, 0)).padStart(5)}`);
if (failed === 0) console.log(`\nAPI reports ${update ? 'written' : 'match'}; every entry point is within its budget.`);
process.exit(failed === 0 ? 0 : 1);
