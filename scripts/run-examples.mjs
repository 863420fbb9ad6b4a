// Runs documentation code blocks in Node, against the built packages (`npm run build` first), and
// checks the results they state: the TSDoc @example blocks (check-examples.mjs) and the guides'
// blocks (check-doc-examples.mjs), after their typecheck. The READMEs' blocks run in a jsdom page
// (run-snippets.mjs), their stated results checked with withChecks and statedChecker from here.
//
// - Each block is its own ES module (TypeScript stripped by esbuild, JSX automatic), imported in
//   turn from node_modules/.cache/<cacheName>/, so `@matchkit/sdk/...` resolves as an installed
//   package does: through the workspace link to its `exports` and the built dist/.
// - A statement whose line ends in a comment that starts with a literal states its result:
//   `roundForDisplay(1.005); // 1.01`, `parseReferralCode(''); // { ok: false, reason: 'missing' }`,
//   `referralLink('primary', 'ada42'); // '/refer?code=ADA42'`. The literal is the longest start of
//   the comment that is one (a number, a string, true/false/null/undefined, an array or object of
//   literals): what follows it (`: 40% is 1599.6`, ` (to float rounding)`) is explanation. The
//   statement's value must deep-equal it: numbers to 1e-9 relative (float rounding), a number
//   written `92.45...` or `1.5..` to within one unit of its last digit (rounded or cut), a string
//   ending in `...` by its start. A comment that does not start with a literal (`// the whole
//   snapshot`), or whose literal runs on into a sentence (`// 4 places at 1/5 odds`), states
//   nothing; nor does an assignment's comment (`step = next(step); // 31 minutes later`).
// - A block that throws, rejects, or does not finish within TIMEOUT_MS fails, naming its line.
// - A block fenced ```ts dom runs with a page's globals (window, document, localStorage,
//   customElements, ...: a jsdom window at http://localhost:3000/) for as long as it runs.
// - A block fenced ```ts platform sends GraphQL to https://api.example.com/graphql, and one fenced
//   ```ts network talks to the platform's other endpoints there (REST under /api/, the WebSocket
//   at wss://api.example.com/graphql, the auth service at /auth/graphql): both run only when the
//   caller names an example server (`platform: { origin, signIn, authServiceApiKey }`, as the
//   browser tests' doc-examples.test.ts does); otherwise they are skipped (PLATFORM_REASON). For
//   the whole run (so a request a block's timer sends later still goes there):
//   - fetch sends api.example.com's requests to that origin, with the token `signIn()` gave
//     before the block (a signed-in session: a block before may have signed out) when the request
//     carries none; any other address is refused;
//   - WebSocket (the global, and a block's `import WebSocket from 'ws'`) connects
//     wss://api.example.com's sockets to that origin as a page of it signed in as that member
//     would: with its Origin and the token in the `_opjwt` cookie; any other address is refused;
//   - process.env.AUTH_SERVICE_API_KEY is the server's auth service key (a rendering server's
//     configuration, which the auth service examples read).
// - A block fenced ```ts browser needs what only a browser has (a service worker container, the
//   Notification API): it is bundled by esbuild against the built packages and run as a module in
//   a Chromium page by the caller's `browser(script)` (doc-examples.test.ts: a page of the example
//   server's origin, signed in as its member), which resolves to the stated values it recorded;
//   without one it is skipped (BROWSER_REASON).
// - A block fenced ```ts no-run: <reason> is not run, for the reason given. The report names each.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clearTimeout, setTimeout } from 'node:timers';
import { pathToFileURL } from 'node:url';
import { inspect, isDeepStrictEqual } from 'node:util';
import { build, transform } from 'esbuild';
import WS from 'ws';
import { JSDOM, VirtualConsole } from 'jsdom';
import ts from 'typescript';

const TIMEOUT_MS = 5_000;
/** A ```ts platform block waits on a real server, which answers slowly on a loaded machine. */
const PLATFORM_TIMEOUT_MS = 20_000;
const CHECK = '__matchkitExampleCheck';
let calls = 0;
const CONSOLE_LEVELS = ['log', 'info', 'warn', 'error', 'debug'];

/** How a block is run, from its fence's words after the language: node (none), dom, or not run and why. */
export function runMode(info) {
  const words = info.trim();
  if (words === '') return { run: 'node' };
  if (words === 'dom') return { run: 'dom' };
  if (words === 'platform' || words === 'network') return { run: 'platform' };
  if (words === 'browser') return { run: 'browser' };
  const noRun = /^no-run:\s*(\S.*)$/.exec(words);
  if (noRun) return { run: false, reason: noRun[1] };
  return { error: `unknown fence words "${words}" (dom, platform, network, browser or no-run: <reason>)` };
}

/** Why a ```ts platform or ```ts network block is not run when no example server is named. */
export const PLATFORM_REASON =
  'talks to the platform (GraphQL, REST, the WebSocket, the auth service): the browser tests run it against the example server (example-app/e2e/doc-examples.test.ts)';

/** Why a ```ts browser block is not run when no browser is given. */
export const BROWSER_REASON =
  'needs a browser (a service worker container, the Notification API): the browser tests run it in Chromium (example-app/e2e/doc-examples.test.ts)';

/** Where the ```ts platform and ```ts network examples send their requests: the example server's origin instead. */
export const PLATFORM_ORIGIN = 'https://api.example.com';
/** Where they open their sockets. */
const PLATFORM_SOCKET_ORIGIN = 'wss://api.example.com';
/** The global a block's `import ... from 'ws'` reads (the platform's WebSocket, below). */
const SOCKET = '__matchkitExampleWebSocket';

/**
 * Gives the process a fetch, a WebSocket and an AUTH_SERVICE_API_KEY that reach the example server
 * at `origin` for PLATFORM_ORIGIN's addresses (see the top of this file), as the member whose token
 * `token()` returns. Returns `sockets`, the sockets open now, and `leave`, which restores what was there.
 */
function platformWorld({ origin, authServiceApiKey }, token) {
  const sockets = new Set();
  const real = { fetch: globalThis.fetch, WebSocket: Object.getOwnPropertyDescriptor(globalThis, 'WebSocket') };
  const realKey = process.env.AUTH_SERVICE_API_KEY;
  globalThis.fetch = (input, init) => {
    const direct = typeof input === 'string' || input instanceof URL;
    const url = direct ? String(input) : input.url;
    // The caller's own requests (its signIn) go on as they are.
    if (url.startsWith(`${origin}/`)) return real.fetch(input, init);
    if (!url.startsWith(`${PLATFORM_ORIGIN}/`)) {
      return Promise.reject(new TypeError(`fetch ${url}: a platform example may only reach ${PLATFORM_ORIGIN}`));
    }
    const target = origin + url.slice(PLATFORM_ORIGIN.length);
    const request = new globalThis.Request(direct ? target : new globalThis.Request(target, input), init);
    if (token() !== undefined && !request.headers.has('authorization')) request.headers.set('authorization', `Bearer ${token()}`);
    return real.fetch(request);
  };
  const socketOrigin = origin.replace(/^http/, 'ws');
  class PlatformWebSocket extends WS {
    constructor(url, protocols, options) {
      const href = String(url);
      if (!href.startsWith(`${PLATFORM_SOCKET_ORIGIN}/`))
        throw new TypeError(`WebSocket ${href}: a platform example may only reach ${PLATFORM_SOCKET_ORIGIN}`);
      super(socketOrigin + href.slice(PLATFORM_SOCKET_ORIGIN.length), protocols, {
        ...options,
        headers: { ...options?.headers, origin, ...(token() === undefined ? {} : { cookie: `_opjwt=${token()}` }) },
      });
      sockets.add(this);
      this.once('close', () => sockets.delete(this));
    }
  }
  Object.defineProperty(globalThis, 'WebSocket', { value: PlatformWebSocket, configurable: true, writable: true });
  globalThis[SOCKET] = PlatformWebSocket;
  process.env.AUTH_SERVICE_API_KEY = authServiceApiKey;
  const leave = () => {
    globalThis.fetch = real.fetch;
    if (real.WebSocket === undefined) Reflect.deleteProperty(globalThis, 'WebSocket');
    else Object.defineProperty(globalThis, 'WebSocket', real.WebSocket);
    Reflect.deleteProperty(globalThis, SOCKET);
    if (realKey === undefined) delete process.env.AUTH_SERVICE_API_KEY;
    else process.env.AUTH_SERVICE_API_KEY = realKey;
  };
  return { sockets, leave };
}

/** How long a block's sockets may take to close after it ends (a dispose's close handshake). */
const SOCKET_CLOSE_MS = 2_000;

/** Gives this process a page's globals (a jsdom window's); the function that takes them away. */
function pageGlobals() {
  const virtualConsole = new VirtualConsole();
  const dom = new JSDOM('<!doctype html><html lang="en-GB"><body></body></html>', {
    url: 'http://localhost:3000/',
    pretendToBeVisual: true,
    virtualConsole,
  });
  const added = [];
  for (const name of Object.getOwnPropertyNames(dom.window)) {
    if (name in globalThis || name.startsWith('_')) continue;
    Object.defineProperty(globalThis, name, { value: dom.window[name], configurable: true, writable: true });
    added.push(name);
  }
  return () => {
    for (const name of added) Reflect.deleteProperty(globalThis, name);
    dom.window.close();
  };
}

/** A value written in a comment: the literal kinds a stated result may use. */
function literalValue(node) {
  if (ts.isParenthesizedExpression(node)) return literalValue(node.expression);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
    const text = node.text;
    return text.endsWith('...') || text.endsWith('…')
      ? { ok: true, value: { startsWith: text.replace(/(\.\.\.|…)$/, '') } }
      : { ok: true, value: text };
  }
  if (ts.isNumericLiteral(node)) return { ok: true, value: Number(node.text) };
  if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.MinusToken) {
    const inner = literalValue(node.operand);
    if (!inner.ok) return inner;
    if (typeof inner.value === 'number') return { ok: true, value: -inner.value };
    if (inner.value?.approx !== undefined) return { ok: true, value: { approx: `-${inner.value.approx}` } };
    return { ok: false };
  }
  if (node.kind === ts.SyntaxKind.TrueKeyword) return { ok: true, value: true };
  if (node.kind === ts.SyntaxKind.FalseKeyword) return { ok: true, value: false };
  if (node.kind === ts.SyntaxKind.NullKeyword) return { ok: true, value: null };
  if (ts.isIdentifier(node) && node.text === 'undefined') return { ok: true, value: undefined };
  if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === '__approx') {
    return { ok: true, value: { approx: node.arguments[0].text } };
  }
  if (ts.isArrayLiteralExpression(node)) {
    const items = node.elements.map(literalValue);
    return items.every((i) => i.ok) ? { ok: true, value: items.map((i) => i.value) } : { ok: false };
  }
  if (ts.isObjectLiteralExpression(node)) {
    const value = {};
    for (const p of node.properties) {
      if (!ts.isPropertyAssignment(p) || !(ts.isIdentifier(p.name) || ts.isStringLiteral(p.name) || ts.isNumericLiteral(p.name)))
        return { ok: false };
      const inner = literalValue(p.initializer);
      if (!inner.ok) return inner;
      value[p.name.text] = inner.value;
    }
    return { ok: true, value: { object: value } };
  }
  return { ok: false };
}

/**
 * The result a comment states, or undefined when it states none: the longest start of the comment
 * that is a literal, cut before a space, `:`, `;` or `(` or at its end.
 */
export function statedResult(comment) {
  // `92.45...` and `1.5..` are numbers to the digits shown: __approx('92.45').
  const text = comment.trim().replace(/(?<![\w.'])(-?\d+\.\d+)(?:\.\.\.?|…)(?![\w'])/g, "__approx('$1')");
  // After the literal: the end, or an explanation that starts with `:`, `;`, `,`, `(`, `=`, a dash
  // or the unit `pence` (`// 4 places at 1/5 odds` states nothing: the 4 is part of a sentence).
  const cuts = [text.length];
  for (let i = text.length - 1; i > 0; i -= 1)
    if (/^\s*(?:[:;,(=—–-]|pence\b)/.test(text.slice(i)) && !/\s/.test(text[i - 1])) cuts.push(i);
  for (const cut of cuts) {
    const candidate = text.slice(0, cut).trim();
    if (candidate === '') continue;
    const source = ts.createSourceFile('comment.ts', `(${candidate});`, ts.ScriptTarget.ES2022, false);
    if (source.parseDiagnostics.length > 0 || source.statements.length !== 1) continue;
    const statement = source.statements[0];
    if (!ts.isExpressionStatement(statement)) continue;
    const read = literalValue(statement.expression);
    if (read.ok) return { value: read.value, text: candidate.replace(/__approx\('([^']*)'\)/g, '$1...') };
  }
  return undefined;
}

/**
 * The block with each expression statement that states its result wrapped in a check:
 * `x; // 1` becomes `globalThis.__check(x, 0);`, the stated value kept in `stated[0]`.
 */
export function withChecks(code, ext) {
  const source = ts.createSourceFile(
    `example.${ext}`,
    code,
    ts.ScriptTarget.ES2022,
    true,
    ext === 'tsx' ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const edits = [];
  const stated = [];
  const visit = (node) => {
    // An assignment's comment describes the step (`step = next(...); // 31 minutes later`), not a value.
    const assignment =
      ts.isExpressionStatement(node) &&
      ts.isBinaryExpression(node.expression) &&
      node.expression.operatorToken.kind === ts.SyntaxKind.EqualsToken;
    if (ts.isExpressionStatement(node) && !assignment) {
      const end = node.getEnd();
      const lineEnd = code.indexOf('\n', end) === -1 ? code.length : code.indexOf('\n', end);
      const rest = code.slice(end, lineEnd);
      const m = /^\s*\/\/(.*)$/.exec(rest);
      const result = m ? statedResult(m[1]) : undefined;
      if (result !== undefined) {
        const line = source.getLineAndCharacterOfPosition(node.getStart()).line;
        stated.push({ ...result, line });
        const expr = node.expression;
        edits.push({ at: expr.getStart(), text: `globalThis.${CHECK}((` });
        edits.push({ at: expr.getEnd(), text: `), ${stated.length - 1})` });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  let out = code;
  for (const e of edits.sort((a, b) => b.at - a.at)) out = out.slice(0, e.at) + e.text + out.slice(e.at);
  return { code: out, stated };
}

/** The name of the global function a block from {@link withChecks} calls with each stated value. */
export const CHECK_NAME = CHECK;

/**
 * That function for one block: compares each value with what its comment stated and pushes a
 * `FILE:LINE: states …, the code gives …` failure when they differ; `counted` is called per check.
 */
export function statedChecker(block, stated, failures, counted) {
  return (actual, n) => {
    const want = stated[n];
    counted();
    if (!matches(actual, want.value)) {
      failures.push(
        `${block.file}:${block.line + want.line}: states ${want.text}, the code gives ${inspect(actual, { depth: 4, breakLength: Infinity })}`,
      );
    }
    return actual;
  };
}

/** Whether `actual` is what the comment stated. */
function matches(actual, expected) {
  if (typeof expected === 'number') {
    if (typeof actual !== 'number') return false;
    if (Object.is(actual, expected)) return true;
    return Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(expected));
  }
  if (expected === null || typeof expected !== 'object') return isDeepStrictEqual(actual, expected);
  if (Array.isArray(expected)) {
    return Array.isArray(actual) && actual.length === expected.length && expected.every((e, i) => matches(actual[i], e));
  }
  if ('approx' in expected) {
    if (typeof actual !== 'number') return false;
    const decimals = expected.approx.split('.')[1]?.length ?? 0;
    return Math.abs(actual - Number(expected.approx)) < 10 ** -decimals;
  }
  if ('startsWith' in expected) return typeof actual === 'string' && actual.startsWith(expected.startsWith);
  const object = expected.object;
  if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return false;
  const keys = Object.keys(actual).filter((k) => actual[k] !== undefined || k in object);
  return keys.length === Object.keys(object).length && Object.keys(object).every((k) => k in actual && matches(actual[k], object[k]));
}

/** Runs a ```ts browser block through `browser`; its failures. */
async function runInBrowser(root, s, browser, counted) {
  const { code, stated } = withChecks(s.code, s.ext);
  let script;
  try {
    const built = await build({
      stdin: { contents: code, loader: s.ext, resolveDir: root, sourcefile: `${s.file}:${s.line}` },
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      jsx: 'automatic',
      write: false,
      logLevel: 'silent',
      define: { 'process.env.NODE_ENV': '"production"' },
    });
    script = built.outputFiles[0].text;
  } catch (error) {
    return [`${s.file}:${s.line}: does not compile: ${error.errors?.[0]?.text ?? error.message}`];
  }
  const failures = [];
  const check = statedChecker(s, stated, failures, counted);
  try {
    for (const [n, value] of await browser(script)) check(value, n);
  } catch (error) {
    failures.push(`${s.file}:${s.line}: throws when run: ${error?.message ?? String(error)}`);
  }
  return failures;
}

/**
 * @param {string} root the repository root (bare imports resolve from its node_modules)
 * @param {string} cacheName a folder name under node_modules/.cache for the modules
 * @param {{ code: string, ext: 'ts' | 'tsx', file: string, line: number, info: string }[]} snippets
 * @param {{ platform?: { origin: string, signIn: () => Promise<string>, authServiceApiKey: string }, browser?: (script: string) => Promise<[number, unknown][]> }} [options]
 *   the example server the ```ts platform and ```ts network blocks run against, how to sign in the
 *   member they run as (called before each, its token sent with the block's requests and sockets)
 *   and the server's auth service key; without it they are skipped. `browser(script)` runs a
 *   ```ts browser block, bundled, as a module in a page, and resolves to the `[n, value]` pairs of
 *   its calls of `globalThis[CHECK_NAME]`; without it those blocks are skipped
 * @returns {Promise<{ errors: string[], ran: number, checked: number, skipped: { where: string, reason: string }[] }>}
 */
export async function runExamples(root, cacheName, snippets, { platform, browser } = {}) {
  calls += 1;
  // Blocks run in a scratch folder of their own: one that writes a file (`brand.json`) writes it
  // there, and the next block that reads it finds it. Imports resolve from the modules' folder.
  const scratch = mkdtempSync(join(tmpdir(), 'matchkit-examples-'));
  const cwd = process.cwd();
  process.chdir(scratch);
  const out = join(root, 'node_modules', '.cache', cacheName);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const errors = [];
  const skipped = [];
  let ran = 0;
  let checked = 0;
  let current = null;
  const onUnhandled = (error) => {
    errors.push(`${current?.file ?? '?'}:${current?.line ?? '?'}: rejected later, unhandled: ${error?.message ?? String(error)}`);
  };
  process.on('unhandledRejection', onUnhandled);
  // An error thrown later by something a block started (a listener, a timer) fails that block, not the run.
  const onUncaught = (error) => {
    errors.push(`${current?.file ?? '?'}:${current?.line ?? '?'}: throws later, uncaught: ${error?.message ?? String(error)}`);
  };
  process.on('uncaughtException', onUncaught);
  let token;
  const world = platform === undefined ? undefined : platformWorld(platform, () => token);
  // A platform block's `import WebSocket from 'ws'` gets the platform's WebSocket: the one of the
  // run in progress, read at each use, as the shim module is evaluated once per process and a
  // second run (a retried test) installs a WebSocket signed in with its own member's token.
  const socketShim = join(out, 'platform-ws.mjs');
  writeFileSync(
    socketShim,
    `const current = () => globalThis.${SOCKET};\n` +
      'const WebSocket = new Proxy(class {}, {\n' +
      '  construct: (_, args) => Reflect.construct(current(), args),\n' +
      '  get: (_, key) => Reflect.get(current(), key),\n' +
      '});\n' +
      'export default WebSocket;\nexport { WebSocket };\n',
  );
  // What a block prints (now or from a timer it left) is kept, and shown only when it fails.
  const saved = {};
  for (const level of CONSOLE_LEVELS) {
    saved[level] = console[level];
    console[level] = (...args) => current?.printed?.push(args.map((a) => (typeof a === 'string' ? a : inspect(a, { depth: 2 }))).join(' '));
  }
  for (const [i, s] of snippets.entries()) {
    const mode = runMode(s.info);
    if (mode.error !== undefined) {
      errors.push(`${s.file}:${s.line - 1}: ${mode.error}`);
      continue;
    }
    if (mode.run === 'platform' && platform === undefined) {
      skipped.push({ where: `${s.file}:${s.line}`, reason: PLATFORM_REASON });
      continue;
    }
    if (mode.run === false) {
      skipped.push({ where: `${s.file}:${s.line}`, reason: mode.reason });
      continue;
    }
    if (mode.run === 'browser') {
      if (browser === undefined) skipped.push({ where: `${s.file}:${s.line}`, reason: BROWSER_REASON });
      else {
        ran += 1;
        errors.push(...(await runInBrowser(root, s, browser, () => (checked += 1))));
      }
      continue;
    }
    const { code, stated } = withChecks(s.code, s.ext);
    let js;
    try {
      js = (await transform(code, { loader: s.ext, jsx: 'automatic', format: 'esm', target: 'es2022', sourcefile: `${s.file}:${s.line}` }))
        .code;
      if (mode.run === 'platform')
        js = js.replace(/(\bfrom\s*|\bimport\s*\(\s*)"ws"/g, `$1${JSON.stringify(pathToFileURL(socketShim).href)}`);
    } catch (error) {
      errors.push(`${s.file}:${s.line}: does not compile: ${error.errors?.[0]?.text ?? error.message}`);
      continue;
    }
    // A name of its own per call: a module imported once is not evaluated again.
    const path = join(out, `${s.file.replace(/[^a-zA-Z0-9]/g, '_')}_${s.line}_${calls}_${i}.mjs`);
    writeFileSync(path, js);
    const failures = [];
    globalThis[CHECK] = statedChecker(s, stated, failures, () => (checked += 1));
    current = { file: s.file, line: s.line, printed: [] };
    ran += 1;
    let timer;
    let leavePage = () => {};
    try {
      if (mode.run === 'dom') leavePage = pageGlobals();
      else if (mode.run === 'platform') token = await platform.signIn();
    } catch (error) {
      errors.push(`${s.file}:${s.line}: could not sign in to run it: ${error?.message ?? String(error)}`);
      continue;
    }
    const printed = current.printed;
    try {
      await Promise.race([
        import(pathToFileURL(path).href),
        new Promise((_, reject) => {
          const ms = mode.run === 'platform' ? PLATFORM_TIMEOUT_MS : TIMEOUT_MS;
          timer = setTimeout(() => reject(new Error(`did not finish within ${ms} ms`)), ms);
        }),
      ]);
    } catch (error) {
      failures.push(`${s.file}:${s.line}: throws when run: ${error?.message ?? String(error)}`);
    } finally {
      clearTimeout(timer);
      leavePage();
    }
    // A block stops what it starts: a socket it leaves open would go on receiving while the next
    // blocks run. One still open after SOCKET_CLOSE_MS is cut (its client may connect again: the
    // block has failed by then).
    if (world !== undefined && world.sockets.size > 0) {
      const until = Date.now() + SOCKET_CLOSE_MS;
      while (world.sockets.size > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
      if (world.sockets.size > 0) {
        failures.push(
          `${s.file}:${s.line}: leaves ${world.sockets.size} WebSocket(s) open: stop what it starts (dispose the client, stop the feed)`,
        );
        for (const socket of world.sockets) socket.terminate();
      }
    }
    if (failures.length > 0 && printed.length > 0)
      failures[failures.length - 1] += `\n  it printed:\n    ${printed.slice(0, 20).join('\n    ')}`;
    errors.push(...failures);
  }
  // Let a late rejection of the last block surface before reporting.
  await new Promise((resolve) => setTimeout(resolve, 50));
  process.off('unhandledRejection', onUnhandled);
  process.off('uncaughtException', onUncaught);
  world?.leave();
  Object.assign(console, saved);
  Reflect.deleteProperty(globalThis, CHECK);
  process.chdir(cwd);
  rmSync(scratch, { recursive: true, force: true });
  return { errors, ran, checked, skipped };
}
