// What a packed tarball says about itself agrees with what it holds (docs/releases.md): both
// packages share one version, each CHANGELOG (shipped in the tarball) starts with that version,
// and every changeset already versioned (listed in .changeset/pre.json while 2.0.0 is prepared) is
// in the CHANGELOG of each package it names.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const PACKAGES = { '@matchkit/sdk': 'sdk', '@matchkit/react': 'react-bindings' } as const;
type Name = keyof typeof PACKAGES;
const pkg = (name: Name) =>
  JSON.parse(read(`${PACKAGES[name]}/package.json`)) as { version: string; files: string[]; peerDependencies?: Record<string, string> };

/** A changeset's packages and its text, from .changeset/<name>.md. */
function changeset(name: string): { packages: Name[]; summary: string } {
  const [, front = '', summary = ''] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(read(`.changeset/${name}.md`)) ?? [];
  const packages = [...front.matchAll(/^'(@matchkit\/[a-z-]+)': (?:major|minor|patch)$/gm)].map((m) => m[1] as Name);
  return { packages, summary: summary.trim() };
}

describe('the version, the changesets and the CHANGELOGs', () => {
  const version = pkg('@matchkit/sdk').version;

  it("both packages have one version, and the bindings' peer range takes it", () => {
    expect(pkg('@matchkit/react').version).toBe(version);
    expect(pkg('@matchkit/react').peerDependencies?.['@matchkit/sdk']).toBe(`^${version}`);
    const app = JSON.parse(read('example-app/package.json')) as { dependencies: Record<string, string> };
    expect([app.dependencies['@matchkit/sdk'], app.dependencies['@matchkit/react']]).toEqual([version, version]);
  });

  it("each CHANGELOG is shipped and starts with the packages' version", () => {
    for (const name of Object.keys(PACKAGES) as Name[]) {
      expect(pkg(name).files).toContain('CHANGELOG.md');
      const first = /^## (.+)$/m.exec(read(`${PACKAGES[name]}/CHANGELOG.md`))?.[1];
      expect(first, `${PACKAGES[name]}/CHANGELOG.md`).toBe(version);
    }
  });

  it('while a major is prepared, the version is its prerelease, and every changeset versioned is in the CHANGELOGs', () => {
    if (!existsSync(join(ROOT, '.changeset/pre.json'))) {
      expect(version).toMatch(/^\d+\.\d+\.\d+$/);
      return;
    }
    const pre = JSON.parse(read('.changeset/pre.json')) as { mode: string; tag: string; changesets: string[] };
    expect(pre.mode).toBe('pre');
    expect(version).toMatch(new RegExp(`^\\d+\\.\\d+\\.\\d+-${pre.tag}\\.\\d+$`));
    expect(pre.changesets.length).toBeGreaterThan(0);
    const missing: string[] = [];
    for (const name of pre.changesets) {
      const { packages, summary } = changeset(name);
      const firstLine = summary.split('\n')[0] ?? '';
      for (const p of packages) {
        if (!read(`${PACKAGES[p]}/CHANGELOG.md`).includes(firstLine)) missing.push(`${name} (${p}): "${firstLine}"`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("the CHANGELOG names what the sdk's tarball holds since 1.0.0: the element and graphqlRequest", () => {
    const log = read('sdk/CHANGELOG.md');
    const sinceOne = log.slice(0, log.indexOf('\n## 1.0.0\n'));
    expect(sinceOne).toContain('`<matchkit-calculator>`');
    expect(sinceOne).toContain('`graphqlRequest(');
  });
});
