#!/usr/bin/env node
// The packages' `prepublishOnly` guard: `npm publish` (and `changeset publish`, which runs it in
// each package) stops while docs/site.json says its addresses are placeholders, or the package's
// metadata still names the placeholder organisation (docs/releases.md, "Addresses"), so no release
// points users at a repository that does not exist. `npm pack` does not run prepublishOnly, so the size and install checks are not
// affected. Run from a package's folder: `node ../scripts/check-publishable.mjs`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { check, parseSite } from './site-config.mjs';

/** The fictional addresses' hosts and paths; replacing them is one search (docs/releases.md). */
const PLACEHOLDERS = ['github.com/matchkit/matchkit', 'matchkit.github.io/matchkit'];

const pkg = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8'));
const site = parseSite(readFileSync(join(process.cwd(), '..', 'docs', 'site.json'), 'utf8'));
const fields = [
  ['repository.url', typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url],
  ['homepage', pkg.homepage],
  ['bugs.url', typeof pkg.bugs === 'string' ? pkg.bugs : pkg.bugs?.url],
];
const stale = fields.filter(([, value]) => typeof value === 'string' && PLACEHOLDERS.some((p) => value.includes(p)));
const missing = fields[0][1] === undefined ? ['repository.url'] : [];
// The package's fields and links as docs/site.json says, or `npm run site:write` was not run.
const disagree = check(join(process.cwd(), '..'));

if (stale.length > 0 || missing.length > 0 || disagree.length > 0 || site.placeholder) {
  console.error(`${pkg.name}: not published.`);
  if (site.placeholder) console.error('  docs/site.json says its addresses are placeholders ("placeholder": true).');
  for (const [field, value] of stale) console.error(`  ${field} is still the placeholder address (${value}).`);
  for (const field of missing) console.error(`  ${field} is missing.`);
  for (const line of disagree) console.error(`  ${line}`);
  console.error('  Put the real repository, docs site and issue tracker in docs/site.json with "placeholder": false,');
  console.error('  run `npm run site:write` (docs/releases.md, "Addresses"), then publish again.');
  process.exit(1);
}
console.log(`${pkg.name}: metadata names a real repository (${fields[0][1]}).`);
