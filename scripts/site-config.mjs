#!/usr/bin/env node
// The project's public addresses live in one place, docs/site.json (docs/releases.md, "Addresses"):
// the repository, its branch, the docs site and the issue tracker. This script writes them where
// npm users meet them: the published packages' `homepage`, `repository` and `bugs`, and the links
// of the package READMEs and CHANGELOGs (a guide's file in the repository, the docs site, the
// tracker), so changing an address is one edit and one command.
//
//   node scripts/site-config.mjs          checks: names every field or link that disagrees, exit 1
//   node scripts/site-config.mjs --write  rewrites them from docs/site.json
//
// While `placeholder` is true the addresses are the documented fictional ones and nothing is
// published (scripts/check-publishable.mjs reads the same file).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The published packages (their folder) and the documents shipped with them or shown on npm. */
export const PACKAGES = ['sdk', 'react-bindings'];
export const LINKED_FILES = ['README.md', 'sdk/README.md', 'sdk/CHANGELOG.md', 'react-bindings/README.md', 'react-bindings/CHANGELOG.md'];

const FIELDS = ['repository', 'branch', 'docs', 'issues'];

/** docs/site.json, checked: every address an absolute https URL, the branch a name. */
export function parseSite(text, where = 'docs/site.json') {
  const site = JSON.parse(text);
  const problems = [];
  for (const field of FIELDS) if (typeof site[field] !== 'string' || site[field] === '') problems.push(`${field} is missing`);
  for (const field of ['repository', 'docs', 'issues']) {
    if (typeof site[field] === 'string' && !/^https:\/\/[^\s/]+(\/\S*)?$/.test(site[field]))
      problems.push(`${field} must be an https URL, received ${site[field]}`);
  }
  if (typeof site.repository === 'string' && site.repository.endsWith('/')) problems.push('repository must not end with "/"');
  if (typeof site.docs === 'string' && !site.docs.endsWith('/')) problems.push('docs must end with "/" (the site\'s root folder)');
  if (typeof site.placeholder !== 'boolean') problems.push('placeholder must be true or false');
  if (site.archivedMajors !== undefined && !Array.isArray(site.archivedMajors)) problems.push('archivedMajors must be a list');
  if (problems.length > 0) throw new Error(`${where}: ${problems.join('; ')}`);
  return site;
}

/** The metadata fields a package's package.json gets from the site. */
export function packageMetadata(site, directory) {
  return {
    homepage: site.docs,
    repository: { type: 'git', url: `git+${site.repository}.git`, directory },
    bugs: { url: site.issues },
  };
}

/** The repository's address as package.json has it now (`git+https://…/x.git` → `https://…/x`). */
export function repositoryOf(pkg) {
  const url = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
  return typeof url === 'string' ? url.replace(/^git\+/, '').replace(/\.git$/, '') : undefined;
}

/**
 * A document's text with the addresses of `from` (the site as the files have it now) replaced by
 * those of `to`: blob and tree links keep their path under the new repository and branch.
 */
export function relink(text, from, to) {
  const bare = (url) => url.replace(/^https:\/\//, '');
  let out = text;
  for (const kind of ['blob', 'tree'])
    out = out.split(`${from.repository}/${kind}/${from.branch}/`).join(`${to.repository}/${kind}/${to.branch}/`);
  out = out.split(from.issues).join(to.issues).split(bare(from.issues)).join(bare(to.issues));
  out = out.split(from.docs).join(to.docs);
  return out;
}

/** The links of a document that point into a repository's files but not at `site`'s (or not at a file that exists). */
export function staleLinks(text, site, root) {
  const problems = [];
  for (const [, url] of text.matchAll(/\((https:\/\/[^)\s]+)\)/g)) {
    const file = /^(https:\/\/[^)]*?)\/(blob|tree)\/([^/]+)\/([^#)]*)/.exec(url);
    if (file !== null) {
      if (file[1] !== site.repository || file[3] !== site.branch)
        problems.push(`${url} is not under ${site.repository}/${file[2]}/${site.branch}/`);
      else if (!existsSync(join(root, decodeURIComponent(file[4]))))
        problems.push(`${url} names ${file[4]}, which is not in the repository`);
    } else if (/github\.com\/[^/]+\/[^/]+\/issues/.test(url) && url !== site.issues) {
      problems.push(`${url} is not the issue tracker ${site.issues}`);
    }
  }
  return problems;
}

/** Every disagreement between the files under `root` and its docs/site.json, one line each. */
export function check(root) {
  const site = parseSite(readFileSync(join(root, 'docs/site.json'), 'utf8'));
  const problems = [];
  for (const dir of PACKAGES) {
    const pkg = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
    const want = packageMetadata(site, dir);
    if (pkg.homepage !== want.homepage)
      problems.push(`${dir}/package.json: homepage is ${pkg.homepage}, docs/site.json says ${want.homepage}`);
    if (JSON.stringify(pkg.repository) !== JSON.stringify(want.repository)) {
      problems.push(
        `${dir}/package.json: repository is ${JSON.stringify(pkg.repository)}, docs/site.json says ${JSON.stringify(want.repository)}`,
      );
    }
    if (JSON.stringify(pkg.bugs) !== JSON.stringify(want.bugs))
      problems.push(`${dir}/package.json: bugs is ${JSON.stringify(pkg.bugs)}, docs/site.json says ${JSON.stringify(want.bugs)}`);
  }
  for (const file of LINKED_FILES) {
    for (const p of staleLinks(readFileSync(join(root, file), 'utf8'), site, root)) problems.push(`${file}: ${p}`);
  }
  return problems;
}

/** Writes docs/site.json's addresses into the packages' metadata and the linked documents. */
export function write(root) {
  const site = parseSite(readFileSync(join(root, 'docs/site.json'), 'utf8'));
  const changed = [];
  for (const dir of PACKAGES) {
    const path = join(root, dir, 'package.json');
    const text = readFileSync(path, 'utf8');
    const pkg = JSON.parse(text);
    // What the files say now, from the sdk's metadata: the links are rewritten from it.
    const current = {
      repository: repositoryOf(pkg) ?? site.repository,
      branch: site.branch,
      docs: pkg.homepage ?? site.docs,
      issues: (typeof pkg.bugs === 'string' ? pkg.bugs : pkg.bugs?.url) ?? site.issues,
    };
    if (dir === PACKAGES[0]) {
      for (const file of LINKED_FILES) {
        const p = join(root, file);
        const before = readFileSync(p, 'utf8');
        const after = relink(before, { ...current, branch: branchOf(before, current.repository) ?? site.branch }, site);
        if (after !== before) {
          writeFileSync(p, after);
          changed.push(file);
        }
      }
    }
    // Keys keep their place in package.json.
    const next = { ...pkg, ...packageMetadata(site, dir) };
    const out = `${JSON.stringify(next, null, 2)}\n`;
    if (out !== text) {
      writeFileSync(path, out);
      changed.push(`${dir}/package.json`);
    }
  }
  return changed;
}

/** The branch the document's blob/tree links name under `repository`, if any. */
function branchOf(text, repository) {
  const m = new RegExp(`${repository.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/(?:blob|tree)/([^/]+)/`).exec(text);
  return m?.[1];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = process.cwd();
  if (process.argv.includes('--write')) {
    const changed = write(root);
    console.log(changed.length === 0 ? 'site addresses: nothing to change' : `site addresses written: ${changed.join(', ')}`);
  } else {
    const problems = check(root);
    for (const p of problems) console.error(p);
    if (problems.length > 0) {
      console.error(`${problems.length} place(s) disagree with docs/site.json: run \`npm run site:write\``);
      process.exit(1);
    }
    console.log("site addresses: the packages' metadata and links agree with docs/site.json");
  }
}
