#!/usr/bin/env node
// The install test: what an npm user gets. Needs a build first (`npm run build`). Steps:
//   1. `npm pack` sdk/ and react-bindings/ into a temp folder (what npm would publish);
//   2. install both tarballs into a fresh project in another temp folder, outside the workspace
//      (nothing is shared with the workspace's node_modules; a default CommonJS project, with no
//      "type" field, as `npm init` makes). Dependencies and the peers @matchkit/react needs
//      (react, @tanstack/react-query, and @types/react for its types) come from the npm cache when
//      there (`--prefer-offline`), at the versions react-bindings develops against;
//   3. every file `exports` and `typesVersions` name is in the installed package;
//   4. runtime: imports EVERY subpath of each package's `exports` (read from its package.json, so a
//      new subpath is covered the day it is added) with `import()` from an .mjs file and with
//      `require()` from a .cjs file, and checks that each exposes every value its types declare
//      (names read from the installed .d.ts with the workspace's TypeScript), none undefined;
//   5. types: a consumer file that imports every subpath and names every value export typechecks
//      under moduleResolution `bundler` (module esnext, .ts), `node16` as ESM (.mts) and as CommonJS
//      (.cts), and `node10` (module commonjs, what typesVersions is for), with the workspace's tsc,
//      the packages' own .d.ts and .d.cts checked too (skipLibCheck off once for each); the
//      @matchkit/react README's first tsx block typechecks under bundler as well, and so do the
//      element's JSX and DOM types (docs/embedding.md's tsx example and a probe that they are strict);
//   6. the sdk README as an npm user reads it (the installed README.md): its first ```js block runs
//      as example.mjs and must print exactly its first ```text block; its first ```js block with a
//      `require(` runs as example.js in this default CommonJS project and must print the same.
// Prints what it checked and the time taken; exits 1 when any check fails, naming each failure. The
// temp folders are always removed (`--keep` keeps the scratch project, to look into a failure).
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const root = resolve(import.meta.dirname, '..');
const packages = ['sdk', 'react-bindings'];
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const ts = createRequire(join(root, 'package.json'))('typescript');
const execFileAsync = promisify(execFile);
const env = {
  ...process.env,
  npm_config_update_notifier: 'false',
  npm_config_loglevel: 'error',
  npm_config_fund: 'false',
  npm_config_audit: 'false',
};
const started = Date.now();
const seconds = (t0) => `${((Date.now() - t0) / 1000).toFixed(1)} s`;

/**
 * CPU seconds used by this process and the children it waited for (npm, node, tsc), from
 * /proc/self/stat on Linux (`undefined` elsewhere): unlike wall time, it does not grow when other
 * work shares the machine.
 */
function cpuSeconds() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    // utime, stime, cutime, cstime are fields 14-17 of stat(5), 11-14 after the name.
    return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / 100;
  } catch {
    return undefined;
  }
}

/** Runs a command without a shell or stdin; on failure, shows what it printed and throws. */
function run(command, args, cwd) {
  try {
    return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env });
  } catch (error) {
    process.stderr.write(`${error.stdout ?? ''}${error.stderr ?? ''}`);
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}`, { cause: error });
  }
}

const keep = process.argv.includes('--keep');
const failures = [];
const fail = (message) => failures.push(message);

/** Every import specifier of a package's exports: `name`, `name/sub`, ..., `name/package.json`. */
function specifiersOf(pkg) {
  return Object.keys(pkg.exports)
    .filter((key) => !key.includes('*'))
    .map((key) => (key === '.' ? pkg.name : `${pkg.name}/${key.slice(2)}`));
}

/**
 * The value exports (functions, constants, classes) each module's types declare, read with the
 * TypeScript API from a file that imports them all, resolved as a bundler would.
 */
function declaredValues(scratch, specifiers) {
  const file = join(scratch, 'declared-values.ts');
  writeFileSync(file, specifiers.map((s, i) => `import * as m${i} from '${s}';\nexport { m${i} };\n`).join(''));
  const program = ts.createProgram([file], {
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    noEmit: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  const values = {};
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement)) continue;
    const specifier = statement.moduleSpecifier.text;
    const moduleSymbol = checker.getSymbolAtLocation(statement.moduleSpecifier);
    if (moduleSymbol === undefined) {
      fail(`types: ${specifier} does not resolve (bundler)`);
      continue;
    }
    values[specifier] = checker
      .getExportsOfModule(moduleSymbol)
      .filter((symbol) => {
        const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
        return (target.flags & ts.SymbolFlags.Value) !== 0;
      })
      .map((symbol) => symbol.name)
      .sort();
  }
  return values;
}

// The runtime probes: each loads every specifier it is given and prints, per specifier, its
// export names with each one's typeof (package.json: the manifest's name and version).
const probeBody = (load) => `
const specifiers = JSON.parse(process.argv[2]);
const out = {};
for (const s of specifiers) {
  try {
    const m = ${load};
    out[s] = s.endsWith('/package.json')
      ? { manifest: m.name + '@' + m.version }
      : { exports: Object.fromEntries(Object.keys(m).filter((k) => k !== 'default' && k !== '__esModule').map((k) => [k, typeof m[k]])) };
  } catch (error) {
    out[s] = { error: String(error && error.message ? error.message : error).split('\\n')[0] };
  }
}
console.log(JSON.stringify(out));
`;
const esmProbe = `(async () => {${probeBody(
  "s.endsWith('/package.json') ? (await import(s, { with: { type: 'json' } })).default : await import(s)",
)}})();\n`;
const cjsProbe = probeBody('require(s)');

/** Compares what a probe saw with what the types declare; returns the number of names checked. */
function checkRuntime(label, seen, expected, manifests) {
  let names = 0;
  for (const [specifier, result] of Object.entries(seen)) {
    if (result.error !== undefined) {
      fail(`${label}: ${specifier} fails to load: ${result.error}`);
      continue;
    }
    if (result.manifest !== undefined) {
      if (result.manifest !== manifests[specifier]) fail(`${label}: ${specifier} is ${result.manifest}, expected ${manifests[specifier]}`);
      continue;
    }
    const declared = expected[specifier] ?? [];
    if (declared.length === 0) fail(`${label}: ${specifier}: its types declare no value export`);
    const missing = declared.filter((name) => !(name in result.exports));
    const undef = declared.filter((name) => result.exports[name] === 'undefined');
    if (missing.length > 0) fail(`${label}: ${specifier} lacks ${missing.join(', ')} (declared by its types)`);
    if (undef.length > 0) fail(`${label}: ${specifier} exports undefined for ${undef.join(', ')}`);
    names += declared.length;
  }
  return names;
}

/** The fenced blocks of a markdown text, in order: { lang, code }. */
function codeBlocks(markdown) {
  return [...markdown.matchAll(/^```(\w*)[^\n]*\n([\s\S]*?)^```\s*$/gm)].map((m) => ({ lang: m[1], code: m[2] }));
}

const packDir = mkdtempSync(join(tmpdir(), 'matchkit-pack-'));
const scratch = mkdtempSync(join(tmpdir(), 'matchkit-install-'));
try {
  // 1. Pack.
  let t0 = Date.now();
  const manifests = {};
  const specifiers = [];
  const tarballs = {};
  for (const dir of packages) {
    const pkgDir = join(root, dir);
    if (!existsSync(join(pkgDir, 'dist'))) throw new Error(`${dir}/dist is missing: run \`npm run build\` first`);
    const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
    const [info] = JSON.parse(run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', packDir], pkgDir));
    tarballs[pkg.name] = `file:${join(packDir, info.filename)}`;
    manifests[`${pkg.name}/package.json`] = `${pkg.name}@${pkg.version}`;
    specifiers.push(...specifiersOf(pkg));
  }
  console.log(`packed ${Object.keys(tarballs).join(' and ')} (${seconds(t0)})`);

  // 2. Install into a fresh default (CommonJS) project outside the workspace.
  t0 = Date.now();
  const dev = JSON.parse(readFileSync(join(root, 'react-bindings', 'package.json'), 'utf8')).devDependencies;
  const peers = ['react', '@tanstack/react-query', '@types/react'];
  const dependencies = { ...tarballs, ...Object.fromEntries(peers.map((name) => [name, dev[name]])) };
  writeFileSync(
    join(scratch, 'package.json'),
    `${JSON.stringify({ name: 'matchkit-install-check', version: '0.0.0', private: true, dependencies }, null, 2)}\n`,
  );
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--no-package-lock'], scratch);
  console.log(`installed the tarballs into ${scratch} with ${peers.map((p) => `${p}@${dev[p]}`).join(', ')} (${seconds(t0)})`);

  // 3. Every file the installed exports name is in the package (a build cut short by another
  // build cleaning dist/ shows here by name, before the checks below fail on its consequences).
  t0 = Date.now();
  let named = 0;
  for (const name of Object.keys(tarballs)) {
    const installed = join(scratch, 'node_modules', ...name.split('/'));
    const pkg = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    const targets = new Set();
    const collect = (entry) => {
      if (typeof entry === 'string') targets.add(entry);
      else if (entry !== null && typeof entry === 'object') Object.values(entry).forEach(collect);
    };
    collect(pkg.exports);
    Object.values(pkg.typesVersions?.['*'] ?? {}).forEach(collect);
    for (const target of targets) {
      named += 1;
      if (!existsSync(join(installed, target)))
        fail(`${name}: ${target} is named by exports or typesVersions but not in the tarball (rebuild: npm run build)`);
    }
  }
  console.log(`every file named by exports and typesVersions is in the tarballs (${named} files)`);

  // 4. Runtime: every subpath from ESM and from CommonJS, every declared value present.
  const modules = specifiers.filter((s) => !s.endsWith('/package.json'));
  const expected = declaredValues(scratch, modules);
  writeFileSync(join(scratch, 'probe.mjs'), esmProbe);
  writeFileSync(join(scratch, 'probe.cjs'), cjsProbe);
  for (const [label, file] of [
    ['ESM import()', 'probe.mjs'],
    ['CommonJS require()', 'probe.cjs'],
  ]) {
    const seen = JSON.parse(run(process.execPath, [file, JSON.stringify(specifiers)], scratch));
    const names = checkRuntime(label, seen, expected, manifests);
    console.log(`${label}: ${Object.keys(seen).length} specifiers (every subpath and package.json), ${names} declared values present`);
  }
  console.log(`runtime checks (${seconds(t0)})`);

  // 5. Types: one consumer per resolution mode, every subpath, every value export named.
  t0 = Date.now();
  const consumer = modules
    .map(
      (s, i) => `import * as m${i} from '${s}';\nexport const uses${i} = [${(expected[s] ?? []).map((n) => `m${i}.${n}`).join(', ')}];\n`,
    )
    .join('');
  const reactReadme = readFileSync(join(scratch, 'node_modules', '@matchkit', 'react', 'README.md'), 'utf8');
  const tsxExample = codeBlocks(reactReadme).find((b) => b.lang === 'tsx');
  if (tsxExample === undefined) fail('@matchkit/react README: no ```tsx example found');
  writeFileSync(join(scratch, 'readme-example.tsx'), tsxExample?.code ?? '');
  // The element's types as the embedding guide shows them (its first ```tsx block that is not a
  // fragment; it may carry how it runs, as ```tsx dom), and a probe that they are strict: a wrong
  // choice or value is an error.
  const embedding = readFileSync(join(root, 'docs', 'embedding.md'), 'utf8');
  const elementExample = [...embedding.matchAll(/^```tsx((?: [\w-]+)*)\n([\s\S]*?)^```\s*$/gm)].find(
    (m) => !(m[1] ?? '').split(' ').includes('fragment'),
  )?.[2];
  if (elementExample === undefined) fail('docs/embedding.md: no ```tsx example (not a fragment) found');
  writeFileSync(join(scratch, 'element-example.tsx'), elementExample ?? '');
  writeFileSync(
    join(scratch, 'element-strict.tsx'),
    [
      "import type {} from '@matchkit/sdk/element';",
      '// @ts-expect-error: cash is not a bet type (it was renamed qualifying)',
      'export const wrongChoice = <matchkit-calculator bet-type="cash" />;',
      '// @ts-expect-error: a commission is text or a number',
      'export const wrongValue = <matchkit-calculator commission={true} />;',
      "export const tagged: HTMLElementTagNameMap['matchkit-calculator']['result'] = null;",
      '',
    ].join('\n'),
  );
  // skipLibCheck is off where the packages' declaration files are first read in each flavour
  // (bundler reads the .d.ts, node16 CommonJS the .d.cts), so errors inside them count; the other
  // two modes read the same files again and skip that (about 4 s of CPU each). TypeScript's own
  // lib files are never checked (skipDefaultLibCheck).
  const base = {
    strict: true,
    noEmit: true,
    skipDefaultLibCheck: true,
    target: 'es2022',
    lib: ['es2022', 'dom', 'dom.iterable'],
    types: [],
  };
  const modes = [
    [
      'bundler (module esnext, .ts; the .d.ts checked too)',
      'consumer.ts',
      { module: 'esnext', moduleResolution: 'bundler', jsx: 'react-jsx', skipLibCheck: false },
      ['readme-example.tsx', 'element-example.tsx', 'element-strict.tsx'],
    ],
    ['node16 ESM (.mts)', 'consumer.mts', { module: 'node16', moduleResolution: 'node16', skipLibCheck: true }, []],
    [
      'node16 CommonJS (.cts; the .d.cts checked too)',
      'consumer.cts',
      { module: 'node16', moduleResolution: 'node16', skipLibCheck: false },
      [],
    ],
    [
      'node10 (module commonjs, through typesVersions)',
      'consumer-node10.ts',
      { module: 'commonjs', moduleResolution: 'node10', ignoreDeprecations: '6.0', skipLibCheck: true },
      [],
    ],
  ];
  const results = await Promise.all(
    modes.map(async ([label, file, options, extra], i) => {
      writeFileSync(join(scratch, file), consumer);
      const config = `tsconfig.${i}.json`;
      writeFileSync(join(scratch, config), JSON.stringify({ compilerOptions: { ...base, ...options }, files: [file, ...extra] }, null, 2));
      try {
        await execFileAsync(process.execPath, [tsc, '-p', config], { cwd: scratch, env });
        return `${label}: ok`;
      } catch (error) {
        fail(`types, ${label}:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
        return `${label}: FAILED`;
      }
    }),
  );
  for (const line of results) console.log(`typecheck ${line}`);
  console.log(`typechecks, ${modules.length} subpaths each (${seconds(t0)})`);

  // 6. The sdk README's first example, as an npm user copies it.
  t0 = Date.now();
  const readme = readFileSync(join(scratch, 'node_modules', '@matchkit', 'sdk', 'README.md'), 'utf8');
  const blocks = codeBlocks(readme);
  const first = blocks.findIndex((b) => b.lang === 'js');
  const esmExample = blocks[first];
  const printed = blocks.slice(first + 1).find((b) => b.lang === 'text');
  const cjsExample = blocks.find((b) => b.lang === 'js' && b.code.includes('require('));
  if (esmExample === undefined || printed === undefined || cjsExample === undefined) {
    fail('@matchkit/sdk README: expected a first ```js example, the ```text block of what it prints, and a ```js example with require()');
  } else {
    for (const [label, file, example] of [
      ['README example (ESM, example.mjs)', 'example.mjs', esmExample],
      ['README example (CommonJS require, example.js)', 'example.js', cjsExample],
    ]) {
      writeFileSync(join(scratch, file), example.code);
      let out;
      try {
        out = run(process.execPath, [file], scratch);
      } catch (error) {
        fail(`${label} does not run: ${error.cause?.stderr ?? error.message}`);
        continue;
      }
      if (out.trim() !== printed.code.trim()) fail(`${label} printed:\n${out}\nthe README says it prints:\n${printed.code}`);
      else console.log(`${label}: prints what the README says (${out.trim().split('\n').length} lines)`);
    }
  }
  console.log(`README examples (${seconds(t0)})`);
} finally {
  rmSync(packDir, { recursive: true, force: true });
  if (keep) console.log(`kept ${scratch} (--keep)`);
  else rmSync(scratch, { recursive: true, force: true });
}

if (failures.length > 0) {
  console.error(`\ninstall test FAILED (${failures.length}):`);
  for (const f of failures) console.error(`- ${f}`);
  process.exit(1);
}
const cpu = cpuSeconds();
console.log(
  `\ninstall test passed in ${seconds(started)}${cpu === undefined ? '' : ` (${cpu.toFixed(1)} s of CPU, all processes)`}${keep ? '' : ', temp folders removed'}`,
);
