// The layers the linter enforces (eslint.config.js) can fail: for each rule, a forbidden import in a
// file placed in the rule's zone is reported, and the allowed form beside it is not. The files are
// virtual (ESLint's lintText with a filePath), apart from the circle, which needs two files on disk
// (scripts/lint-fixtures/cycle, ignored by the repository's own lint).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

let eslint: ESLint;
/** The rules of eslint.config.js that reported `code` as the file at `file` (a path from the root). */
async function reported(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  if (result === undefined) throw new Error(`ESLint returned no result for ${file}`);
  const fatal = result.messages.filter((m) => m.fatal === true);
  if (fatal.length > 0) throw new Error(`${file} did not parse: ${fatal.map((m) => m.message).join('; ')}`);
  return result.messages.map((m) => m.ruleId ?? '(none)');
}

beforeAll(() => {
  // The repository's configuration, without its ignores (the fixtures' folder is one of them).
  eslint = new ESLint({ cwd: ROOT, ignore: false });
});

describe('import-x/no-cycle', () => {
  it('reports two modules that import each other', async () => {
    const file = 'scripts/lint-fixtures/cycle/a.ts';
    const code = "import { b } from './b';\n\nexport const a = (): number => b() + 1;\n";
    expect(await reported(file, code)).toContain('import-x/no-cycle');
  });

  it('does not report an import with no way back', async () => {
    const code = "import { a } from './cycle/a';\n\nexport const c = (): number => a();\n";
    expect(await reported('scripts/lint-fixtures/c.ts', code)).not.toContain('import-x/no-cycle');
  });
});

describe('web and server', () => {
  it('reports the web app importing server code', async () => {
    const code = "import type { Viewer } from '../../../server/src/kernel';\n\nexport type V = Viewer;\n";
    expect(await reported('example-app/web/src/app/probe.ts', code)).toContain('import-x/no-restricted-paths');
  });

  it('reports the server importing web code', async () => {
    const code = "import { paths } from '../../web/src/app/paths';\n\nexport const p = paths;\n";
    expect(await reported('example-app/server/src/probe.ts', code)).toContain('import-x/no-restricted-paths');
  });

  it('lets the server import its own files and the shared packages by name', async () => {
    const code =
      "import type { Viewer } from './kernel';\nimport { getBrand } from '@matchkit/sdk/brands';\n\nexport const v = (x: Viewer) => [x, getBrand];\n";
    expect(await reported('example-app/server/src/probe.ts', code)).not.toContain('import-x/no-restricted-paths');
  });
});

describe('web features', () => {
  it("reports a feature importing another feature's file", async () => {
    const code = "import { useSession } from '../session/session';\n\nexport const s = useSession;\n";
    expect(await reported('example-app/web/src/features/account/probe.ts', code)).toContain('import-x/no-restricted-paths');
  });

  it("lets a feature import another through that feature's index.ts, and its own files", async () => {
    const code =
      "import { useSession } from '../session';\nimport { useNotify } from '../notifications/index';\n\nexport const s = [useSession, useNotify];\n";
    expect(await reported('example-app/web/src/features/account/probe.ts', code)).not.toContain('import-x/no-restricted-paths');
    const styles = "import '../offers/offers.css';\n";
    expect(await reported('example-app/web/src/features/guides/probe.ts', styles)).not.toContain('import-x/no-restricted-paths');
    const own = "import { useSession } from './session';\n\nexport const s = useSession;\n";
    expect(await reported('example-app/web/src/features/session/probe.ts', own)).not.toContain('import-x/no-restricted-paths');
  });
});

describe('query keys in the web app', () => {
  it("reports a key typed as the operation's name", async () => {
    const code = "export const keys = (name: string) => [{ queryKey: ['Me'] }, { queryKey: ['MyGoal', {}] }, { queryKey: [name] }];\n";
    expect(await reported('example-app/web/src/features/account/probe.ts', code)).toEqual(['no-restricted-syntax', 'no-restricted-syntax']);
  });

  it('lets a key be made from the document, alone or with more after it', async () => {
    const code =
      "import { matchkitQueryKey } from '@matchkit/react';\nimport { MeQuery } from '@matchkit/sdk/transport';\n\n" +
      'export const keys = [{ queryKey: matchkitQueryKey(MeQuery) }, { queryKey: [...matchkitQueryKey(MeQuery), { all: true }] }];\n';
    expect(await reported('example-app/web/src/features/account/probe.ts', code)).not.toContain('no-restricted-syntax');
  });
});

describe('sdk layers', () => {
  it('reports a module importing a module above it', async () => {
    const code = "import { finderTools } from '../matching';\n\nexport const f = finderTools;\n";
    expect(await reported('sdk/src/model/probe.ts', code)).toContain('import-x/no-restricted-paths');
  });

  it("reports a module importing the sdk's root index", async () => {
    const code = "import { getBrand } from '..';\n\nexport const g = getBrand;\n";
    expect(await reported('sdk/src/brands/probe.ts', code)).toContain('import-x/no-restricted-paths');
  });

  it('lets a module import the modules below it', async () => {
    const code =
      "import { penceSchema } from '../model';\nimport { isMatchkitError } from '../errors';\n\nexport const m = [penceSchema, isMatchkitError];\n";
    expect(await reported('sdk/src/matching/probe.ts', code)).not.toContain('import-x/no-restricted-paths');
  });

  it('the allowed graph names every module of sdk/src, and only points down (it has no cycle)', async () => {
    const config = (await import(pathToFileURL(path.join(ROOT, 'eslint.config.js')).href)) as {
      SDK_LAYERS: Readonly<Record<string, readonly string[]>>;
    };
    const layers = config.SDK_LAYERS;
    const folders = readdirSync(path.join(ROOT, 'sdk/src'), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    expect(Object.keys(layers).sort()).toEqual(folders);
    for (const [module, allowed] of Object.entries(layers)) for (const m of allowed) expect(folders, `${module} allows ${m}`).toContain(m);
    // Depth-first search for a back edge.
    const state = new Map<string, 'open' | 'done'>();
    const visit = (module: string, trail: readonly string[]): void => {
      if (state.get(module) === 'done') return;
      if (state.get(module) === 'open') throw new Error(`SDK_LAYERS has a cycle: ${[...trail, module].join(' -> ')}`);
      state.set(module, 'open');
      for (const m of layers[module] ?? []) visit(m, [...trail, module]);
      state.set(module, 'done');
    };
    for (const module of Object.keys(layers)) visit(module, []);
  });
});

describe('packages', () => {
  it("reports a package reaching into another package's files by a relative path", async () => {
    const web = "import { getBrand } from '../../../../sdk/src/brands';\n\nexport const g = getBrand;\n";
    expect(await reported('example-app/web/src/app/probe.ts', web)).toContain('matchkit/no-relative-package-import');
    const bindings = "export { getBrand } from '../../sdk/src/brands';\n";
    expect(await reported('react-bindings/src/probe.ts', bindings)).toContain('matchkit/no-relative-package-import');
  });

  it('lets a package import another by its name', async () => {
    const code = "import { getBrand } from '@matchkit/sdk/brands';\n\nexport const g = getBrand;\n";
    expect(await reported('example-app/web/src/app/probe.ts', code)).not.toContain('matchkit/no-relative-package-import');
  });
});
