#!/usr/bin/env node
// Keeps each published package's `typesVersions` equal to its `exports`, so that TypeScript's
// `node10` resolution (moduleResolution "node"/"node10", which ignores `exports`) finds the types
// of every subpath, `@matchkit/sdk/errors` included. Each subpath `./x` of `exports` maps to the
// CommonJS declaration file its `require` condition names (node10 resolves as CommonJS):
//   "typesVersions": { "*": { "x": ["./dist/x/index.d.cts"] } }
// The root (`.`) needs no entry (the `types` field covers it), nor does `./package.json`.
//
//   node scripts/sync-types-versions.mjs          writes the field where it differs
//   node scripts/sync-types-versions.mjs --check  changes nothing; exits 1 and names every subpath
//                                                 missing from typesVersions, extra in it or mapped
//                                                 to another file (scripts/check-packages.mjs runs it)
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
export const publishedPackages = ['sdk', 'react-bindings'];

/** The declaration file a subpath's exports entry gives to `require` (else to any condition). */
function typesOf(entry) {
  if (typeof entry === 'string') return entry.endsWith('.d.ts') || entry.endsWith('.d.cts') ? entry : undefined;
  if (entry === null || typeof entry !== 'object') return undefined;
  if (typeof entry.types === 'string') return entry.types;
  for (const condition of ['require', 'node', 'default', 'import']) {
    const found = condition in entry ? typesOf(entry[condition]) : undefined;
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The `typesVersions` a package.json should carry for its `exports`: `undefined` when it exports
 * no subpath with types (the `types` field is enough).
 * @param {Record<string, unknown>} pkg a parsed package.json
 */
export function expectedTypesVersions(pkg) {
  const map = {};
  for (const [subpath, entry] of Object.entries(pkg.exports ?? {})) {
    if (subpath === '.' || subpath === './package.json' || subpath.includes('*')) continue;
    const types = typesOf(entry);
    if (types === undefined) continue;
    map[subpath.slice(2)] = [types];
  }
  return Object.keys(map).length === 0 ? undefined : { '*': map };
}

/**
 * What differs between a package.json's `typesVersions` and its exports, one line each (empty
 * when they agree).
 * @param {Record<string, unknown>} pkg a parsed package.json
 */
export function typesVersionsProblems(pkg) {
  const expected = expectedTypesVersions(pkg)?.['*'] ?? {};
  const actualAll = pkg.typesVersions ?? {};
  const problems = [];
  for (const range of Object.keys(actualAll)) {
    if (range !== '*') problems.push(`typesVersions["${range}"]: only "*" is expected`);
  }
  const actual = actualAll['*'] ?? {};
  for (const [key, files] of Object.entries(expected)) {
    if (!(key in actual)) problems.push(`missing: "${key}" (exports "./${key}" -> ${files[0]})`);
    else if (JSON.stringify(actual[key]) !== JSON.stringify(files)) {
      problems.push(`wrong file: "${key}" maps to ${JSON.stringify(actual[key])}, exports give ${JSON.stringify(files)}`);
    }
  }
  for (const key of Object.keys(actual)) {
    if (!(key in expected)) problems.push(`extra: "${key}" (no such subpath in exports)`);
  }
  return problems;
}

/** Inserts or replaces `typesVersions` right after `exports`, keeping every other key in place. */
function withTypesVersions(pkg, typesVersions) {
  const out = {};
  for (const [key, value] of Object.entries(pkg)) {
    if (key === 'typesVersions') continue;
    out[key] = value;
    if (key === 'exports' && typesVersions !== undefined) out.typesVersions = typesVersions;
  }
  return out;
}

const isMain = process.argv[1] !== undefined && resolve(process.argv[1]) === resolve(import.meta.filename);
if (isMain) {
  const check = process.argv.includes('--check');
  let failed = 0;
  for (const dir of publishedPackages) {
    const file = join(root, dir, 'package.json');
    const text = readFileSync(file, 'utf8');
    const pkg = JSON.parse(text);
    const problems = typesVersionsProblems(pkg);
    const subpaths = Object.keys(expectedTypesVersions(pkg)?.['*'] ?? {}).length;
    if (problems.length === 0) {
      console.log(`${pkg.name}: typesVersions covers exactly the ${subpaths} subpaths of exports`);
      continue;
    }
    if (check) {
      failed += 1;
      console.error(`${pkg.name}: typesVersions does not match exports (${dir}/package.json):`);
      for (const p of problems) console.error(`  - ${p}`);
      console.error('  fix: node scripts/sync-types-versions.mjs');
      continue;
    }
    writeFileSync(file, `${JSON.stringify(withTypesVersions(pkg, expectedTypesVersions(pkg)), null, 2)}\n`);
    console.log(`${pkg.name}: typesVersions written (${subpaths} subpaths): ${problems.join('; ')}`);
  }
  process.exit(failed === 0 ? 0 : 1);
}
