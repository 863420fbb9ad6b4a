#!/usr/bin/env node
// `npm run docs`: the docs site, in docs/api/, a folder any static host serves as it is.
//
//   docs/api/index.html     the versions: one line per major, the newest first
//   docs/api/versions.json  the same list, read by every page's version switcher
//   docs/api/v2/            this major's site (TypeDoc: the guides and the API reference), searchable
//   docs/api/latest/        the same site again, at an address that always holds the newest major
//
// One folder per major. The folder of an older major found in docs/api (say v1/, copied back from
// the host before a build) is kept and listed; a major hosted elsewhere is listed from
// docs/site.json's `archivedMajors` ({ "major": 1, "url": "https://…/v1/" }). The version comes
// from sdk/package.json (both packages share it). docs/releases.md, "The docs site".
//
//   node scripts/docs-site.mjs --index-only   rewrites the list of versions alone (after adding or
//                                             removing a major's folder), without building
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parseSite } from './site-config.mjs';

const root = process.cwd();
const out = join(root, 'docs', 'api');
const { version } = JSON.parse(readFileSync(join(root, 'sdk', 'package.json'), 'utf8'));
const major = Number(version.split('.')[0]);
const folder = `v${major}`;
const site = parseSite(readFileSync(join(root, 'docs', 'site.json'), 'utf8'));

if (!process.argv.includes('--index-only')) {
  // Everything but the folders of other majors is rebuilt (an older single-folder build included).
  mkdirSync(out, { recursive: true });
  for (const entry of readdirSync(out)) {
    if (/^v\d+$/.test(entry) && entry !== folder) continue;
    rmSync(join(out, entry), { recursive: true, force: true });
  }
  const typedoc = join(createRequire(import.meta.url).resolve('typedoc/package.json'), '..', 'bin', 'typedoc');
  const built = spawnSync(process.execPath, [typedoc, '--out', join(out, folder)], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
  writeFileSync(join(out, folder, 'version.json'), `${JSON.stringify({ version, major })}\n`);
  cpSync(join(out, folder), join(out, 'latest'), { recursive: true });
} else if (!existsSync(join(out, folder, 'index.html'))) {
  console.error(`docs/api/${folder}/ is missing: run \`npm run docs\` first`);
  process.exit(1);
}

/** Every major in docs/api, the newest first, then those hosted elsewhere. */
const local = readdirSync(out)
  .filter((e) => /^v\d+$/.test(e) && existsSync(join(out, e, 'index.html')))
  .map((e) => {
    const file = join(out, e, 'version.json');
    const v = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).version : `${e.slice(1)}.x`;
    return { major: Number(e.slice(1)), version: v, path: `${e}/` };
  });
const archived = (site.archivedMajors ?? [])
  .filter((a) => !local.some((l) => l.major === a.major))
  .map((a) => ({ major: a.major, version: `${a.major}.x`, path: `v${a.major}/`, url: a.url }));
const majors = [...local, ...archived].sort((a, b) => b.major - a.major);
const versions = [
  { label: `latest (${version})`, path: 'latest/', major, version },
  ...majors.map((m) => ({ label: `${m.major}.x (${m.version})`, ...m })),
];
writeFileSync(join(out, 'versions.json'), `${JSON.stringify({ latest: major, versions }, null, 2)}\n`);

const escape = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
const rows = majors
  .map((m) => {
    const href = m.url ?? `${m.path}index.html`;
    const note = m.major === major ? ' (latest)' : '';
    return `      <li><a href="${escape(href)}">matchkit ${m.major}.x</a>: ${escape(m.version)}${note}</li>`;
  })
  .join('\n');
writeFileSync(
  join(out, 'index.html'),
  `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>matchkit documentation: versions</title>
    <link rel="icon" href="latest/assets/favicon.svg" type="image/svg+xml" />
  </head>
  <body>
    <main>
      <h1>matchkit documentation</h1>
      <p>The guides and the API reference of <code>@matchkit/sdk</code> and <code>@matchkit/react</code>, one site per major version.</p>
      <p><a href="latest/index.html">The latest version, ${escape(version)}</a></p>
      <h2>Versions</h2>
      <ul>
${rows}
      </ul>
    </main>
  </body>
</html>
`,
);
console.log(
  `docs site: docs/api/${folder}/ (${version}, also at docs/api/latest/), versions: ${majors.map((m) => `${m.major}.x`).join(', ')}`,
);
