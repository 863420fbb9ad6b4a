#!/usr/bin/env node
// The packages' `prepublishOnly` guard: `npm publish` (and `changeset publish`, which runs it in
// each package) stops while the package's metadata still names the placeholder organisation
// (docs/releases.md, "Placeholder addresses"), so no release points users at a repository that
// does not exist. `npm pack` does not run prepublishOnly, so the size and install checks are not
// affected. Run from a package's folder: `node ../scripts/check-publishable.mjs`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The fictional addresses' hosts and paths; replacing them is one search (docs/releases.md). */
const PLACEHOLDERS = ['github.com/matchkit/matchkit', 'matchkit.github.io/matchkit'];

const pkg = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8'));
const fields = [
  ['repository.url', typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url],
  ['homepage', pkg.homepage],
  ['bugs.url', typeof pkg.bugs === 'string' ? pkg.bugs : pkg.bugs?.url],
];
const stale = fields.filter(([, value]) => typeof value === 'string' && PLACEHOLDERS.some((p) => value.includes(p)));
const missing = fields[0][1] === undefined ? ['repository.url'] : [];

if (stale.length > 0 || missing.length > 0) {
  console.error(`${pkg.name}: not published.`);
  for (const [field, value] of stale) console.error(`  ${field} is still the placeholder address (${value}).`);
  for (const field of missing) console.error(`  ${field} is missing.`);
  console.error('  Put the real repository, homepage and issue tracker in package.json and in the README links');
  console.error('  (search for "matchkit/matchkit"; docs/releases.md, "Placeholder addresses"), then publish again.');
  process.exit(1);
}
console.log(`${pkg.name}: metadata names a real repository (${fields[0][1]}).`);
