// The end-to-end harness: the production build served as `npm start` serves it, driven by Debian's
// Chromium through playwright-core. It builds nothing: `npm run build && npm run build -w @matchkit/example-app`
// first (npm test does). docs/testing.md says how to run it.
//
// The run starts one production server per brand (global-setup.ts); each test file drives it with
// its own Chromium:
//
//   const e2e = useE2E('primary');                         // in a describe: Chromium for this file
//   const tab = await e2e().open('/', { viewport: VIEWPORTS.phone });
//   await tab.page.getByRole('heading', { name: '...' }).waitFor();
//   expect(tab.problems()).toEqual([]);                    // console errors, uncaught exceptions
//   expect(describeViolations(await axeViolations(tab.page))).toEqual([]);
//   expect(await horizontalOverflow(tab.page)).toBe(0);
//
// `startE2E({ brand })` starts a server of its own as well (and `stop()` removes it), for a test
// that needs a server to itself.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findIdentifiers } from '@matchkit/app-contract';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { CHROMIUM_PATH, freePort, guardProcess } from '../../scripts/services.mjs';

export type BrandId = 'primary' | 'secondary';

export const BRANDS: readonly BrandId[] = ['primary', 'secondary'];

/** The viewports the app is checked at: a 375 px wide phone, a desktop, and the laptop the screenshot review uses (issue 20: 1366 × 768). */
export const VIEWPORTS = {
  phone: { width: 375, height: 812 },
  desktop: { width: 1280, height: 800 },
  laptop: { width: 1366, height: 768 },
} as const;

/** Where the screenshot review saves its pictures: under the app's build output, which CI keeps (gitignored). */
export const SCREENS_DIR = join(fileURLToPath(new URL('..', import.meta.url)), 'dist', 'screens');

/** The arguments Chromium runs with here (stack.md): headless, no sandbox (root, containers), no network of its own. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const EXAMPLE_APP = fileURLToPath(new URL('..', import.meta.url));
/** What `npm start` runs (example-app's `start` script), from example-app/. */
export const SERVER_MAIN = join(EXAMPLE_APP, 'server', 'dist', 'main.js');
/** The production build's maintenance commands (`npm run server -w @matchkit/example-app -- migrate`). */
const SERVER_CLI = join(EXAMPLE_APP, 'server', 'dist', 'cli.js');
/** The V8 flags `npm start` gives the server (example-app's `start` script; docs/performance.md). */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];
export const WEB_INDEX = join(EXAMPLE_APP, 'dist', 'web', 'index.html');
const BUILD_COMMAND = 'npm run build && npm run build -w @matchkit/example-app';

// ---------------------------------------------------------------------------------------------
// The server

/** The production server, running as a child process on a loopback port. */
export interface AppServer {
  /** `http://127.0.0.1:<port>`, also its PUBLIC_ORIGIN. */
  readonly origin: string;
  readonly brand: BrandId;
  /** Its throwaway DATA_DIR (the PGlite database, the development secrets). */
  readonly dataDir: string;
  /** Everything it wrote to stdout and stderr. */
  output(): string;
  /** The CPU time (user and system, in seconds) the server process has used so far; null where /proc cannot tell (not Linux, or it has exited). */
  cpuSeconds(): number | null;
  /** SIGTERM (SIGKILL after 10 s), then deletes the data folder. Safe to call twice. */
  stop(): Promise<void>;
}

export interface StartAppServerOptions {
  readonly brand: BrandId;
  /** More environment (over the defaults below). */
  readonly env?: Readonly<Record<string, string>>;
  readonly timeoutMs?: number;
  /**
   * The embedded database the server starts on: a migrated one copied from this folder (made once
   * per run by {@link migratedDatabase}: global-setup.ts gives it to every file), or 'fresh', a new
   * DATA_DIR with no database, which the server makes and migrates as on a first start.
   * @defaultValue the run's migrated database inside a test file of the browser tests, else 'fresh'
   */
  readonly database?: string | 'fresh';
}

/**
 * Makes an embedded database migrated by the production build's `migrate` command (server/dist/cli.js,
 * as an operator runs it) in a new temp folder; resolves with its folder (`<DATA_DIR>/db`) and a
 * function that removes it. A server given it in {@link StartAppServerOptions.database} starts on a
 * copy: on this two-core machine at load 6, a start took 8.5 to 11.4 s on a fresh DATA_DIR (PGlite's
 * initdb and the migrations) and 4.0 to 6.2 s on a copy, the copy's 0.6 to 0.8 s included.
 */
export async function migratedDatabase(): Promise<{ readonly folder: string; remove(): void }> {
  const home = mkdtempSync(join(tmpdir(), 'matchkit-e2e-migrated-'));
  const remove = () => rmSync(home, { recursive: true, force: true });
  process.once('exit', remove);
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, [SERVER_CLI, 'migrate'], {
        cwd: EXAMPLE_APP,
        env: { PATH: process.env['PATH'] ?? '', DATA_DIR: home, LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      for (const stream of [child.stdout, child.stderr]) stream?.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
      child.once('error', reject);
      child.once('exit', (code, signal) =>
        code === 0 ? resolve() : reject(new Error(`${SERVER_CLI} migrate exited with ${code ?? signal}:\n${out}`)),
      );
    });
  } catch (error) {
    remove();
    throw error;
  }
  return { folder: join(home, 'db'), remove };
}

/** A demo login as the production build's `demo-members` command prints it. */
export interface DemoLogin {
  readonly plan: string;
  readonly email: string;
  readonly password: string;
}

/**
 * A migrated embedded database of `brand` with the demo members in it: {@link migratedDatabase},
 * then the production build's `demo-members` command (server/dist/cli.js, as an operator runs it on
 * a stopped server), which makes a member of every plan, a free member and an administrator
 * (`demo-admin`, holding the brand's adminCapability) and prints their passwords, read here. Give
 * its `folder` to {@link startE2E} as `database`.
 */
export async function demoDatabase(
  brand: BrandId,
): Promise<{ readonly folder: string; readonly logins: readonly DemoLogin[]; remove(): void }> {
  const db = await migratedDatabase();
  try {
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, [SERVER_CLI, 'demo-members'], {
        cwd: EXAMPLE_APP,
        env: { PATH: process.env['PATH'] ?? '', DATA_DIR: join(db.folder, '..'), BRAND: brand, LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let text = '';
      for (const stream of [child.stdout, child.stderr]) stream?.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      child.once('error', reject);
      child.once('exit', (code, signal) =>
        code === 0 ? resolve(text) : reject(new Error(`${SERVER_CLI} demo-members exited with ${code ?? signal}:\n${text}`)),
      );
    });
    const logins = [...out.matchAll(/^\s+(\S+)\s+(\S+@example\.com)\s+\S+\s+password: (\S+)$/gm)].map(
      ([, plan = '', email = '', password = '']) => ({
        plan,
        email,
        password,
      }),
    );
    if (!logins.some((l) => l.plan === 'admin')) throw new Error(`demo-members printed no administrator:\n${out}`);
    return { folder: db.folder, logins, remove: db.remove };
  } catch (error) {
    db.remove();
    throw error;
  }
}

/** Signs `login` in through GraphQL (login, then its token), as a {@link TestMember} a tab can be opened as. */
export async function signInDemo(origin: string, login: DemoLogin): Promise<TestMember> {
  const { data } = await graphql<{ login: { token: string; user: { username: string; referAFriend: { referralCode: string } } } }>(
    origin,
    'mutation Login($input: LoginInput!) { login(input: $input) { token user { username referAFriend { referralCode } } } }',
    { input: { login: login.email, password: login.password } },
  );
  const { token, user } = data.login;
  return { email: login.email, username: user.username, password: login.password, token, referralCode: user.referAFriend.referralCode };
}

/** The run's migrated database (global-setup.ts), inside a test file; undefined elsewhere. */
function providedDatabase(): string | undefined {
  try {
    return inject('e2eDatabase');
  } catch {
    return undefined;
  }
}

/**
 * The auth service's API key of the servers these tests start (AUTH_SERVICE_API_KEY), so that a
 * test can call /auth/graphql as a rendering server would (doc-examples.test.ts runs the auth
 * service examples with it). Only these throwaway loopback servers have it.
 */
export const E2E_AUTH_SERVICE_API_KEY = 'e2e-auth-service-key-of-the-throwaway-test-servers';

/**
 * Starts `node server/dist/main.js` from example-app/ as `npm start` does, with BRAND, a free loopback
 * PORT (PUBLIC_ORIGIN set to match), a new temp DATA_DIR (development: the test-mode payment provider) and the auth
 * service key {@link E2E_AUTH_SERVICE_API_KEY}. Waits for
 * its "listening" log line. The child and the folder are removed even if this process dies.
 */
export async function startAppServer(options: StartAppServerOptions): Promise<AppServer> {
  for (const file of [SERVER_MAIN, SERVER_CLI, WEB_INDEX]) {
    if (!existsSync(file))
      throw new Error(`${file} is missing: the browser tests run on the production build; run \`${BUILD_COMMAND}\` first`);
  }
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnce(options);
    } catch (error) {
      // Another process took the free port between the check and the listen: try another.
      if (attempt < 3 && error instanceof Error && /EADDRINUSE/.test(error.message)) continue;
      throw error;
    }
  }
}

async function startOnce({
  brand,
  env = {},
  timeoutMs = 60_000,
  database = providedDatabase() ?? 'fresh',
}: StartAppServerOptions): Promise<AppServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), `matchkit-e2e-${brand}-`));
  if (database !== 'fresh') cpSync(database, join(dataDir, 'db'), { recursive: true });
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_MAIN], {
    cwd: EXAMPLE_APP,
    env: {
      PATH: process.env['PATH'] ?? '',
      BRAND: brand,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: origin,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      SELLER_NAME: 'Test Seller Ltd',
      SELLER_ADDRESS: '1 Test Street, Testtown, TE1 1ST',
      AUTH_SERVICE_API_KEY: E2E_AUTH_SERVICE_API_KEY,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) {
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`could not start ${SERVER_MAIN}`);
  }
  const guard = guardProcess(child.pid, dataDir);
  let out = '';
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
    guard.release();
  };
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the server did not listen within ${timeoutMs} ms:\n${out}`)), timeoutMs);
      const onData = (chunk: Buffer) => {
        out += chunk.toString('utf8');
        if (/"msg":"listening"/.test(out)) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      void exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`the server exited (${code}) before listening:\n${out}`));
      });
    });
  } catch (error) {
    await stop();
    throw error;
  }
  const pid = child.pid;
  return { origin, brand, dataDir, output: () => out, cpuSeconds: () => processCpuSeconds(pid), stop };
}

/** A process's user and system CPU time in seconds, from /proc/<pid>/stat (fields 14 and 15, in clock ticks of 1/100 s). */
function processCpuSeconds(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks / 100 : null;
  } catch {
    return null;
  }
}

/** What {@link graphql} answers: the data and the response's Set-Cookie headers. */
export interface GraphQLAnswer<T> {
  readonly data: T;
  readonly setCookies: string[];
}

/**
 * POSTs a GraphQL operation to the server as a test's own client (no cookie, so the server's CSRF
 * rule does not apply; a member by their bearer `token`). Throws on an HTTP error, GraphQL errors
 * or no data, with the body in the message.
 */
export async function graphql<T>(
  origin: string,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<GraphQLAnswer<T>> {
  const response = await fetch(`${origin}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: unknown };
  if (!response.ok || body.data === undefined || body.data === null || body.errors !== undefined) {
    throw new Error(`GraphQL ${response.status}: ${JSON.stringify(body)}`);
  }
  return { data: body.data, setCookies: response.headers.getSetCookie() };
}

/** A member registered through GraphQL, as a test uses them. */
export interface TestMember {
  readonly email: string;
  readonly username: string;
  readonly password: string;
  /** Their JWT: the bearer token, and the value of the `_opjwt` session cookie a browser holds. */
  readonly token: string;
  readonly referralCode: string;
}

let registered = 0;

/**
 * Registers a new member (18+ confirmed) through GraphQL, with a unique email address and username
 * built from `tag`; with `referralCode`, as a referred visitor.
 */
export async function registerMember(
  origin: string,
  { tag = 'member', referralCode }: { readonly tag?: string; readonly referralCode?: string } = {},
): Promise<TestMember> {
  registered += 1;
  const name = `${tag}${registered}${Date.now().toString(36)}${process.pid.toString(36)}`.toLowerCase().replace(/[^a-z0-9_]/g, '');
  const password = 'a long enough password';
  const input = {
    email: `${name}@example.test`,
    username: name,
    password,
    firstName: 'Test',
    lastName: 'Member',
    confirmAdult: true,
    ...(referralCode === undefined ? {} : { referralCode }),
  };
  const { data } = await graphql<{
    register: { ok: boolean; token: string | null; error: unknown; user: { referAFriend: { referralCode: string } } | null };
  }>(
    origin,
    'mutation Register($input: RegisterInput!) { register(input: $input) { ok token error { code message field } user { referAFriend { referralCode } } } }',
    { input },
  );
  const { token, user } = data.register;
  if (!data.register.ok || token === null || user === null) throw new Error(`registration failed: ${JSON.stringify(data.register.error)}`);
  return { email: input.email, username: name, password, token, referralCode: user.referAFriend.referralCode };
}

/**
 * Buys `slug` (a plan name, an upgrade slug or a sale link's slug) for `member` as the browser would:
 * `startCheckout`, then "Pay" on the server's test-mode payment page with the test card that always
 * succeeds. Resolves once the payment page has answered (the plan is then the member's).
 */
export async function subscribeMember(
  origin: string,
  member: TestMember,
  slug: string,
  billingTerm: 'month' | 'year' = 'month',
): Promise<{ readonly amount: number }> {
  const { data } = await graphql<{
    startCheckout: { ok: boolean; error: unknown; checkout: { amount: number; paymentUrl: string } | null };
  }>(
    origin,
    'mutation Start($input: CheckoutInput!) { startCheckout(input: $input) { ok error { code message field } checkout { amount paymentUrl } } }',
    { input: { slug, billingTerm } },
    member.token,
  );
  const checkout = data.startCheckout.checkout;
  if (checkout === null) throw new Error(`startCheckout(${slug}) failed: ${JSON.stringify(data.startCheckout.error)}`);
  const paid = await fetch(new URL(new URL(checkout.paymentUrl).pathname, origin), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action: 'pay', card: 'ok' }),
    redirect: 'manual',
  });
  if (paid.status !== 303 && paid.status !== 302) throw new Error(`the test payment page answered ${paid.status}: ${await paid.text()}`);
  return { amount: checkout.amount };
}

/**
 * Deletes every odds alert of `member` (for a suite's afterEach). The run's servers are shared by
 * every file, and a saved alert is evaluated against every feed patch (every 500 ms) until it is
 * deleted: one left behind by a test keeps its server busy for the rest of the run, slowing every
 * later file of that brand (three alerts at rating 0 took a server from 0.5 to 3.8 s of CPU in 20 s).
 */
export async function deleteOddsAlerts(origin: string, member: TestMember): Promise<void> {
  const { data } = await graphql<{ myOddsAlerts: { id: string }[] }>(origin, 'query { myOddsAlerts { id } }', {}, member.token);
  for (const { id } of data.myOddsAlerts) {
    const deleted = await graphql<{ deleteOddsAlert: { ok: boolean; error: unknown } }>(
      origin,
      'mutation Delete($id: ID!) { deleteOddsAlert(id: $id) { ok error { code message } } }',
      { id },
      member.token,
    );
    if (!deleted.data.deleteOddsAlert.ok)
      throw new Error(`deleting alert ${id} failed: ${JSON.stringify(deleted.data.deleteOddsAlert.error)}`);
  }
}

/** The value of the `_opjwt` session cookie among Set-Cookie headers, or null. */
export function sessionCookieValue(setCookies: readonly string[]): string | null {
  return setCookies.map((c) => /^_opjwt=([^;]*)/.exec(c)?.[1]).find((v) => v !== undefined && v !== '') ?? null;
}

// ---------------------------------------------------------------------------------------------
// The browser

/** Launches Debian's Chromium (never a downloaded browser) headless. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`${CHROMIUM_PATH} is missing: the browser tests use Debian's Chromium; run \`sudo apt-get install -y chromium\``);
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS] });
}

/** A page in its own context (own cookies and storage), watched for problems. */
export interface Tab {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Console errors and uncaught exceptions so far, each as one line. */
  problems(): string[];
  close(): Promise<void>;
}

export interface OpenOptions {
  readonly viewport?: { readonly width: number; readonly height: number };
  readonly colorScheme?: 'light' | 'dark';
  /** Waits for this load state after navigating (default 'load'). */
  readonly waitUntil?: 'load' | 'domcontentloaded' | 'networkidle';
  /** Cookies put in the new context before the page opens. */
  readonly cookies?: Parameters<BrowserContext['addCookies']>[0];
  /** Signed in as this member (their `_opjwt` session cookie put in the context first). */
  readonly member?: TestMember;
  /** Service workers: blocked unless a test needs one (web push). @defaultValue 'block' */
  readonly serviceWorkers?: 'allow' | 'block';
}

/** Opens `url` in a new context of `browser`, collecting console errors and page errors. */
export async function openTab(browser: Browser, url: string, options: OpenOptions = {}): Promise<Tab> {
  const context = await browser.newContext({
    viewport: { ...(options.viewport ?? VIEWPORTS.desktop) },
    colorScheme: options.colorScheme ?? 'light',
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
  const problems: string[] = [];
  try {
    if (options.cookies !== undefined) await context.addCookies(options.cookies);
    if (options.member !== undefined) await context.addCookies([{ name: '_opjwt', value: options.member.token, url: new URL(url).origin }]);
    const page = await context.newPage();
    trackRequests(page);
    page.on('console', (message) => {
      if (message.type() === 'error') {
        const where = message.location();
        problems.push(`console error: ${message.text()}${where.url === '' ? '' : ` (${where.url}:${where.lineNumber})`}`);
      }
    });
    page.on('pageerror', (error) => problems.push(`uncaught: ${error.name}: ${error.message}`));
    const response = await page.goto(url, { waitUntil: options.waitUntil ?? 'load' });
    if (response === null || !response.ok()) problems.push(`navigation to ${url}: HTTP ${response?.status() ?? 'no response'}`);
    return { context, page, problems: () => [...problems], close: () => context.close() };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/** The requests of a page opened by {@link openTab}: how many were started, and how many are still open. */
const requests = new WeakMap<Page, { started: number; open: number }>();

function trackRequests(page: Page): void {
  const count = { started: 0, open: 0 };
  page.on('request', () => {
    count.started += 1;
    count.open += 1;
  });
  // A redirect finishes its request and starts another; an aborted one fails.
  const ended = () => {
    count.open -= 1;
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  requests.set(page, count);
}

/**
 * Waits until the page's network is at rest: no request open (a WebSocket is not one), and none
 * started while the page rendered twice more and its fonts loaded, two times over (what the last
 * answers bring can start more: a chunk, a query, an image). The condition itself, not
 * Playwright's 'networkidle', which waits for 500 ms without a request after the last: a request
 * a timer starts later than that (a debounce) is not waited for. Gives up after `timeoutMs` (a
 * page that never rests), resolving false. For a page of {@link openTab}.
 */
export async function networkSettled(page: Page, timeoutMs = 5_000): Promise<boolean> {
  const count = requests.get(page);
  if (count === undefined) throw new Error('networkSettled: the page was not opened by openTab, so its requests are not counted');
  const deadline = Date.now() + timeoutMs;
  let quiet = 0;
  while (quiet < 2) {
    if (Date.now() > deadline) return false;
    if (count.open > 0) {
      quiet = 0;
      await new Promise((resolve) => setTimeout(resolve, 20));
      continue;
    }
    const started = count.started;
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          void document.fonts.ready.then(() => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))));
        }),
    );
    quiet = count.open === 0 && count.started === started ? quiet + 1 : 0;
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// Checks

/** One axe violation, reduced to what a failing test should print. */
export interface Violation {
  readonly rule: string;
  readonly impact: string;
  readonly help: string;
  readonly targets: readonly string[];
}

/**
 * axe's violations on the page at or above the given impacts (default: serious and critical).
 * Every rule that can report at those impacts runs (a rule declared below them is left out, see
 * `RULE_IMPACTS`); only the violations are collected (`resultTypes`), and axe runs in the page
 * itself (axe-core's `axe.run`, as @axe-core/playwright's legacy mode runs it: the app has no
 * frames), not through a second blank page. axe-core (the minified build of the version
 * @axe-core/playwright pins) is put into a document once, by its first run there
 * ({@link injectAxe}); the builder would evaluate its 1.5 MB source twice per run. With `rules`,
 * only those rules run (the screenshot review's second colour scheme: `SCHEME_RULES`).
 */
export async function axeViolations(
  page: Page,
  impacts: readonly string[] = ['serious', 'critical'],
  { rules }: { readonly rules?: readonly string[] } = {},
): Promise<Violation[]> {
  // The rules that cannot report at one of `impacts` are not run: they could fail nothing here.
  const skipped = [...RULE_IMPACTS].filter(([, impact]) => !impacts.includes(impact)).map(([id]) => id);
  const options = {
    resultTypes: ['violations'],
    ...(rules === undefined
      ? { rules: Object.fromEntries(skipped.map((id) => [id, { enabled: false }])) }
      : { runOnly: { type: 'rule', values: [...rules] } }),
  };
  await injectAxe(page);
  const violations = await page.evaluate(async (runOptions) => {
    const { axe } = window as unknown as { axe: { run(context: Document, options: unknown): Promise<AxeResults> } };
    return (await axe.run(document, runOptions)).violations;
  }, options);
  return violations
    .filter((v) => v.impact !== undefined && v.impact !== null && impacts.includes(v.impact))
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
}

/** What `axe.run` answers, as far as {@link axeViolations} reads it. */
interface AxeResults {
  readonly violations: readonly {
    readonly id: string;
    readonly impact?: string | null;
    readonly help: string;
    readonly nodes: readonly { readonly target: readonly string[] }[];
  }[];
}

/**
 * Puts axe-core into the page's document unless it is there (a new load has none), configured as
 * @axe-core/playwright's legacy mode configures it (same-origin frames only).
 */
export async function injectAxe(page: Page): Promise<void> {
  if (await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object')) return;
  await page.evaluate(AXE_SOURCE);
  await page.evaluate(() => {
    const { axe } = window as unknown as { axe: { configure(spec: unknown): void } };
    axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } });
  });
}

/** Violations as lines (`rule (impact): help @ targets`), for `expect(...).toEqual([])`. */
export function describeViolations(violations: readonly Violation[]): string[] {
  return violations.map((v) => `${v.rule} (${v.impact}): ${v.help} @ ${v.targets.join(', ')}`);
}

/**
 * The axe rules whose result can change with the colour scheme alone: the ones whose checks read
 * the page's colours (axe-core 4.14's `color-contrast` and `link-in-text-block`; the third,
 * `color-contrast-enhanced`, is AAA and off by default). The app's dark theme changes colour tokens
 * only (`web/src/styles/tokens.css`: custom properties under `prefers-color-scheme: dark`), so every
 * other rule sees the same page in both schemes. The screenshot review runs all rules in the light
 * scheme and these in the dark one, on the same load.
 */
export const SCHEME_RULES: readonly string[] = ['color-contrast', 'link-in-text-block'];

/**
 * Switches a loaded page to `scheme` (`prefers-color-scheme`) and takes the colour transitions the
 * switch starts (the components' `transition-colors`) to their end at once: the colours a fresh
 * load in that scheme has, which axe's colour rules read. Reading the page's animations brings its
 * style up to date first, which is what starts them.
 */
export async function switchScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) if (animation instanceof CSSTransition) animation.finish();
  });
}

/**
 * The copy check: developer wording in what the page shows a member (`findIdentifiers` of
 * `@matchkit/app-contract`: code names, slugs, ISO instants, amounts in pence, formula symbols,
 * and `known`, the catalogue's and the feed's keys), one line each with the line of text it is in
 * (empty: none). The text is the page's rendered text (`innerText`: nothing hidden), its title,
 * its select options and its placeholders.
 */
export async function copyFindings(page: Page, known: ReadonlySet<string>): Promise<string[]> {
  const lines = await page.evaluate(() => [
    document.title,
    ...document.body.innerText.split('\n'),
    ...[...document.querySelectorAll('option')].map((o) => o.label),
    ...[...document.querySelectorAll('[placeholder]')].map((e) => e.getAttribute('placeholder') ?? ''),
  ]);
  const found = new Set<string>();
  for (const line of lines.map((l) => l.replace(/\s+/g, ' ').trim())) {
    for (const finding of findIdentifiers(line, known))
      found.add(`copy: ${finding} in "${line.length > 100 ? `${line.slice(0, 99)}…` : line}"`);
  }
  return [...found];
}

/** How many CSS pixels the page is wider than its viewport (0: no horizontal scroll). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = document.documentElement;
    return Math.max(root.scrollWidth, document.body.scrollWidth) - root.clientWidth;
  });
}

/** axe-core as @axe-core/playwright resolves it (the version it pins). */
const requireAxe = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));

/** The minified axe-core that {@link injectAxe} puts into a page. */
const AXE_SOURCE = readFileSync(requireAxe.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Each axe rule's declared impact, read from the axe-core that @axe-core/playwright injects. axe
 * reports a rule that declares an impact at that impact, whatever its checks say (axe-core's
 * `finalizeRuleResult`), so a rule declared moderate or minor (`region`, `heading-order`, the
 * landmark rules...) can never be a serious or critical finding.
 */
const RULE_IMPACTS: ReadonlyMap<string, string> = (() => {
  const axe = requireAxe('axe-core') as { _audit?: { rules?: { id: string; impact?: string }[] } };
  return new Map((axe._audit?.rules ?? []).flatMap((r) => (r.impact === undefined ? [] : [[r.id, r.impact] as const])));
})();

/**
 * Table cells whose content is cut, and tables that need sideways scrolling, as one line each
 * (empty: none). Tables are `<table>` and the ARIA table roles; cells are `td`, `th` and the ARIA
 * cell roles. A cell's content is cut when the cell or an element inside it hides what does not
 * fit (overflow other than visible) and is wider or taller than its box: text cut off with an
 * ellipsis counts too, unless the full text is available (a `title` or `aria-label` holding it).
 * Visually hidden text (a 1 px clipped box, or inside one) and form fields are not judged. With `tableWidth` (the
 * laptop's check: no table needs sideways scrolling at 1366 px), a table wider than the element
 * that scrolls it, or than the window, is reported too.
 */
export function clippedTables(page: Page, { tableWidth = true }: { readonly tableWidth?: boolean } = {}): Promise<string[]> {
  return page.evaluate((checkWidth) => {
    const found: string[] = [];
    const SLACK = 1;
    const text = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim();
    const short = (s: string) => (s.length > 40 ? `${s.slice(0, 39)}…` : s);
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 1 && r.height > 1 && getComputedStyle(el).visibility !== 'hidden';
    };
    // Inside a visually hidden box (the 1 px, clipped box of screen-reader-only text, such as a
    // header row hidden on a phone), whatever its own size: nothing of it is seen, so nothing is cut.
    const hiddenInside = (el: Element, table: Element) => {
      for (let up = el.parentElement; up !== null && up !== table.parentElement; up = up.parentElement) {
        const r = up.getBoundingClientRect();
        if ((r.width <= 1 || r.height <= 1) && getComputedStyle(up).overflow !== 'visible') return true;
      }
      return false;
    };
    const labelOf = (el: Element): string => {
      const named = el.getAttribute('aria-label') ?? el.querySelector('caption')?.textContent ?? null;
      if (named !== null && named.trim() !== '') return named.trim();
      const by = el.getAttribute('aria-labelledby');
      if (by !== null)
        return by
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
          .join(' ');
      const region = el.closest('[aria-label], [aria-labelledby]');
      return region === null || region === el ? el.tagName.toLowerCase() : labelOf(region);
    };
    const tables = [...document.querySelectorAll('table, [role="table"], [role="grid"], [role="treegrid"]')].filter(visible);
    for (const table of tables) {
      const name = labelOf(table);
      const cells = table.querySelectorAll('td, th, [role="cell"], [role="gridcell"], [role="columnheader"], [role="rowheader"]');
      for (const cell of cells) {
        if (!visible(cell) || hiddenInside(cell, table)) continue;
        for (const el of [cell, ...cell.querySelectorAll('*')]) {
          if (el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement) continue;
          if (!visible(el)) continue;
          const style = getComputedStyle(el);
          const wide = style.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + SLACK;
          const tall = style.overflowY !== 'visible' && el.scrollHeight > el.clientHeight + SLACK;
          if (!wide && !tall) continue;
          const content = text(el);
          if (content === '') continue;
          if (style.textOverflow === 'ellipsis' && !tall) {
            const full = [el.getAttribute('title'), el.getAttribute('aria-label'), cell.getAttribute('title')];
            if (full.some((t) => t !== null && t.replace(/\s+/g, ' ').includes(content))) continue;
          }
          const by = wide ? `${el.scrollWidth - el.clientWidth} px too narrow` : `${el.scrollHeight - el.clientHeight} px too short`;
          found.push(`table "${name}": cell "${short(text(cell))}" is cut (${by})`);
          break;
        }
      }
      if (!checkWidth) continue;
      const width = table.getBoundingClientRect().width;
      const own = getComputedStyle(table).overflowX;
      if (own !== 'visible' && table.scrollWidth > table.clientWidth + SLACK) {
        found.push(`table "${name}" scrolls sideways: ${table.scrollWidth - table.clientWidth} px of it hidden`);
        continue;
      }
      let wider = false;
      for (let up = table.parentElement; up !== null && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX === 'visible') continue;
        if (up.scrollWidth > up.clientWidth + SLACK && Math.max(width, table.scrollWidth) > up.clientWidth + SLACK) {
          found.push(
            `table "${name}" needs sideways scrolling: ${Math.ceil(Math.max(width, table.scrollWidth) - up.clientWidth)} px wider than its container`,
          );
          wider = true;
          break;
        }
      }
      const right = table.getBoundingClientRect().right;
      if (!wider && right > document.documentElement.clientWidth + SLACK)
        found.push(`table "${name}" is wider than the window: ${Math.ceil(right - document.documentElement.clientWidth)} px past its edge`);
    }
    return found;
  }, tableWidth);
}

// ---------------------------------------------------------------------------------------------
// Everything together

/** Where a brand's server listens. */
export interface ServerAddress {
  /** `http://127.0.0.1:<port>`, also its PUBLIC_ORIGIN. */
  readonly origin: string;
  readonly brand: BrandId;
}

export interface E2E {
  readonly server: ServerAddress;
  readonly browser: Browser;
  /** Opens a path of the app (such as '/' or '/contact') in a new context. */
  open(path: string, options?: OpenOptions): Promise<Tab>;
  /** Closes every tab and the browser (and the server, when this harness started it); runs every step even when one fails. */
  stop(): Promise<void>;
}

/** Chromium driving the server at `server`; `stopServer` runs last when the harness stops. */
async function harness<S extends ServerAddress>(server: S, stopServer: () => Promise<void>): Promise<E2E & { readonly server: S }> {
  let browser: Browser;
  try {
    browser = await launchChromium();
  } catch (error) {
    await stopServer();
    throw error;
  }
  const tabs = new Set<Tab>();
  let stopping: Promise<void> | undefined;
  return {
    server,
    browser,
    async open(path, openOptions) {
      const tab = await openTab(browser, new URL(path, server.origin).href, openOptions);
      tabs.add(tab);
      return tab;
    },
    stop() {
      stopping ??= (async () => {
        const failures: unknown[] = [];
        const attempt = async (step: () => Promise<void>) => {
          try {
            await step();
          } catch (error) {
            failures.push(error);
          }
        };
        for (const tab of tabs) await attempt(() => tab.close());
        await attempt(() => browser.close());
        await attempt(stopServer);
        if (failures.length > 0) throw new AggregateError(failures, 'stopping the end-to-end harness failed');
      })();
      return stopping;
    },
  };
}

/** Starts a production server of its own for `brand`, and Chromium. If either fails, whatever started is stopped. */
export async function startE2E(options: StartAppServerOptions): Promise<E2E & { readonly server: AppServer }> {
  const server = await startAppServer(options);
  return harness(server, () => server.stop());
}

/** What the run's servers send web push with (global-setup.ts): a local push service serving `certificate` reaches them. */
export interface E2EPush {
  /** The servers' VAPID public key (base64url), made for the run. */
  readonly vapidPublicKey: string;
  /** The loopback TLS certificate and key (PEM) the servers trust (NODE_EXTRA_CA_CERTS). */
  readonly certificate: { readonly key: string; readonly cert: string };
}

declare module 'vitest' {
  interface ProvidedContext {
    /** The origin of each brand's server, started once for the run by global-setup.ts. */
    e2eServers: Record<BrandId, string>;
    /** Web push of those servers. */
    e2ePush: E2EPush;
    /** A migrated embedded database made once for the run (migratedDatabase): the servers start on copies of it. */
    e2eDatabase: string;
  }
}

/** How long launching Chromium may take on a busy machine. */
const LAUNCH_MS = 60_000;

/**
 * For a test file (call it in a describe or at the top): Chromium for the file's tests, launched
 * before them and closed after, driving the run's shared server of `brand` (global-setup.ts).
 * Returns the harness's getter, which throws when used outside a test.
 */
export function useE2E(brand: BrandId): () => E2E {
  let app: E2E | undefined;
  beforeAll(async () => {
    const origin = inject('e2eServers')[brand];
    app = await harness({ origin, brand }, async () => {});
  }, LAUNCH_MS);
  afterAll(async () => {
    await app?.stop();
  });
  return () => {
    if (app === undefined) throw new Error('the harness is not running: use it inside a test of the file that called useE2E');
    return app;
  };
}
