// Runs code snippets (the READMEs' examples) as a page would: each bundled with esbuild against the
// workspace's built packages (`npm run build` first), then evaluated in a jsdom window at
// http://localhost:3000/ with the platform's fetch. A snippet that throws while its module runs
// (a relative URL given where an absolute one is needed, a misspelt option refused by name, a
// calculator's input refused) is an error naming its file and line, and so is a result stated in a
// comment that the code does not give (`planTier('primary', member); // 'pro'`, as run-examples.mjs
// reads them). Used by check-doc-examples.mjs.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { JSDOM, VirtualConsole } from 'jsdom';
import { CHECK_NAME, statedChecker, withChecks } from './run-examples.mjs';

/**
 * @param {string} root the repository root (bare imports resolve from its node_modules)
 * @param {{ code: string, ext: 'ts' | 'tsx' | 'js', file: string, line: number }[]} snippets
 * @returns {Promise<string[]>} one `FILE:LINE: message` per snippet that failed
 */
export async function runSnippets(root, snippets) {
  const errors = [];
  for (const dir of ['sdk', 'react-bindings']) {
    if (!existsSync(join(root, dir, 'dist')))
      return [`${dir}/dist is missing: the READMEs' examples run against the builds (npm run build first)`];
  }
  for (const s of snippets) {
    // A statement whose comment starts with a literal states its result: checked (run-examples.mjs).
    const { code, stated } = withChecks(s.code, s.ext === 'tsx' ? 'tsx' : 'ts');
    let bundle;
    try {
      const out = await build({
        stdin: { contents: code, resolveDir: root, loader: s.ext, sourcefile: `${s.file}:${s.line}` },
        bundle: true,
        format: 'iife',
        platform: 'browser',
        target: 'es2022',
        jsx: 'automatic',
        // No tsconfig: the root's maps the packages to their sources; a user gets their builds.
        tsconfigRaw: {},
        define: { 'process.env.NODE_ENV': '"production"' },
        write: false,
        logLevel: 'silent',
      });
      bundle = out.outputFiles[0]?.text ?? '';
    } catch (error) {
      errors.push(`${s.file}:${s.line}: does not bundle: ${error.errors?.[0]?.text ?? error.message}`);
      continue;
    }
    const problems = [];
    const virtualConsole = new VirtualConsole();
    virtualConsole.on('jsdomError', (error) => problems.push(error.message));
    const dom = new JSDOM('<!doctype html><html lang="en-GB"><body><div id="root"></div></body></html>', {
      url: 'http://localhost:3000/',
      runScripts: 'outside-only',
      virtualConsole,
    });
    dom.window.fetch = globalThis.fetch; // a page has fetch; jsdom does not bring one
    const wrong = [];
    dom.window[CHECK_NAME] = statedChecker(s, stated, wrong, () => undefined);
    try {
      dom.window.eval(`try {\n${bundle}\n} catch (error) { window.__snippetError = error; }`);
      const thrown = dom.window.__snippetError;
      if (thrown !== undefined) problems.push(thrown instanceof Error || thrown?.message ? thrown.message : String(thrown));
    } finally {
      dom.window.close();
    }
    for (const p of problems) errors.push(`${s.file}:${s.line}: throws when run: ${p}`);
    errors.push(...wrong);
  }
  return errors;
}
