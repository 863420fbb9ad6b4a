// docs/site.json is the one place the project's addresses are written (docs/releases.md,
// "Addresses"); scripts/site-config.mjs copies them into the packages' metadata and links.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { check, LINKED_FILES, PACKAGES, parseSite, staleLinks, write, type Site } from './site-config.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const site = parseSite(readFileSync(join(ROOT, 'docs/site.json'), 'utf8'));

/** A copy of the files the script reads and writes, in a temp folder. */
function copyOfRepository(): string {
  const dir = mkdtempSync(join(tmpdir(), 'site-config-'));
  for (const file of [
    'docs/site.json',
    ...PACKAGES.map((p) => `${p}/package.json`),
    ...LINKED_FILES,
    'docs/guides',
    'docs/embedding.md',
    'docs/history.md',
  ]) {
    cpSync(join(ROOT, file), join(dir, file), { recursive: true });
  }
  return dir;
}

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('docs/site.json and the addresses npm users see', () => {
  it("the packages' homepage, repository and bugs, and the READMEs' and CHANGELOGs' links agree with it", () => {
    expect(check(ROOT)).toEqual([]);
  });

  it('while the addresses are placeholders, they are the documented fictional organisation', () => {
    if (site.placeholder) {
      expect(site.repository).toBe('https://github.com/matchkit/matchkit');
      expect(site.docs).toBe('https://matchkit.github.io/matchkit/');
    }
  });

  it('a new address, written, reaches every package field and link, paths kept', () => {
    const dir = copyOfRepository();
    made.push(dir);
    const moved: Site = {
      ...site,
      placeholder: false,
      repository: 'https://git.example.org/team/kit',
      branch: 'trunk',
      docs: 'https://docs.example.org/kit/',
      issues: 'https://git.example.org/team/kit/issues',
    };
    writeFileSync(join(dir, 'docs/site.json'), JSON.stringify(moved, null, 2));
    expect(check(dir).length).toBeGreaterThan(0);
    const changed = write(dir);
    expect(changed).toEqual(expect.arrayContaining(['sdk/package.json', 'react-bindings/package.json', 'sdk/README.md']));
    expect(check(dir)).toEqual([]);
    const sdk = JSON.parse(readFileSync(join(dir, 'sdk/package.json'), 'utf8'));
    expect(sdk.homepage).toBe('https://docs.example.org/kit/');
    expect(sdk.repository).toEqual({ type: 'git', url: 'git+https://git.example.org/team/kit.git', directory: 'sdk' });
    expect(sdk.bugs).toEqual({ url: 'https://git.example.org/team/kit/issues' });
    const readme = readFileSync(join(dir, 'sdk/README.md'), 'utf8');
    expect(readme).toContain('https://git.example.org/team/kit/blob/trunk/docs/guides/getting-started.md');
    expect(readme).not.toContain('github.com/matchkit/matchkit');
    // Written twice, nothing moves.
    expect(write(dir)).toEqual([]);
  });

  it('names a link to a file the repository does not have, and one to another repository', () => {
    const text = `[a](${site.repository}/blob/${site.branch}/docs/guides/no-such-guide.md) [b](https://github.com/someone/else/blob/main/README.md)`;
    expect(staleLinks(text, site, ROOT)).toEqual([
      `${site.repository}/blob/${site.branch}/docs/guides/no-such-guide.md names docs/guides/no-such-guide.md, which is not in the repository`,
      `https://github.com/someone/else/blob/main/README.md is not under ${site.repository}/blob/${site.branch}/`,
    ]);
  });

  it('refuses a site file with a bad field, naming it', () => {
    expect(() => parseSite(JSON.stringify({ ...site, docs: 'http://docs.example.org' }))).toThrow(
      'docs/site.json: docs must be an https URL, received http://docs.example.org; docs must end with "/"',
    );
    expect(() => parseSite(JSON.stringify({ ...site, branch: undefined }))).toThrow('branch is missing');
  });
});
