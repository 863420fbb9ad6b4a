// The recipes as a developer outside the team meets them: the packages packed as npm would publish
// them, installed into fresh projects in a temp folder (nothing shared with the workspace's
// node_modules), each recipe typechecked there under the project's own settings and run against the
// example server on loopback. The Node recipes run in three projects from one install: CommonJS
// (`module` node16, no "type"), ESM under `node16` and ESM under `bundler`. Needs the packages' and
// the app's builds (`npm run build && npm run build -w @matchkit/example-app`), as every browser test.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBrand } from '@matchkit/sdk/brands';
import { availableTools, grantedCapabilities } from '@matchkit/sdk/entitlements';
import type { Browser } from 'playwright-core';
import {
  launchChromium,
  openTab,
  registerMember,
  startAppServer,
  subscribeMember,
  type AppServer,
  type TestMember,
} from '../../example-app/e2e/harness';
import { freePort } from '../../scripts/services.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const RECIPES = join(ROOT, 'examples', 'recipes');
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const run = promisify(execFile);
/** npm without its noise; the registry is reached only for what the npm cache lacks. */
const NPM_ENV = {
  ...process.env,
  npm_config_update_notifier: 'false',
  npm_config_loglevel: 'error',
  npm_config_fund: 'false',
  npm_config_audit: 'false',
};
const AUTH_KEY = 'recipes-test-auth-service-key-0123456789abcdef';
/** The plan the feed recipes' member buys (the first of the brand: every plan has a tool that reads the feed). */
const PLAN = getBrand('primary').plans[0];
if (PLAN === undefined) throw new Error('the primary brand has no plan');

/**
 * The recipes take minutes (two npm installs, three compiles, a Vite build, a server and a browser
 * of their own: about 5 minutes of wall time on a loaded two-core machine), more than `npm test`'s
 * budget allows on every run: they run when CI is set (CI runs `npm test` with CI=true), and
 * `npm run test:recipes` runs them any time.
 */
const RUN = (process.env['CI'] ?? '') !== '' || process.env['MATCHKIT_RECIPES'] === '1';

const seconds = (t0: number) => `${((Date.now() - t0) / 1000).toFixed(1)} s`;

/** The workspace's pinned version of a dependency (root or react-bindings devDependencies). */
function pinned(name: string): string {
  for (const file of ['package.json', 'react-bindings/package.json', 'example-app/package.json']) {
    const pkg = JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as Record<string, Record<string, string> | undefined>;
    const version = pkg['devDependencies']?.[name] ?? pkg['dependencies']?.[name];
    if (version !== undefined) return version;
  }
  throw new Error(`${name} is not a dependency of the workspace`);
}

/** `npm pack` of a workspace package into `dest`; its tarball's path. */
async function pack(dir: string, dest: string): Promise<string> {
  const { stdout } = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dest], {
    cwd: join(ROOT, dir),
    env: NPM_ENV,
  });
  const [info] = JSON.parse(stdout) as { filename: string }[];
  if (info === undefined) throw new Error(`npm pack ${dir} said nothing`);
  return join(dest, info.filename);
}

/** A fresh project: its package.json, then one `npm install` (from the npm cache where it can). */
async function install(dir: string, dependencies: Record<string, string>): Promise<void> {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'recipes-check', version: '0.0.0', private: true, dependencies }, null, 2)}\n`,
  );
  await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--no-package-lock'], {
    cwd: dir,
    env: NPM_ENV,
  });
}

/** Runs a command; on failure the error names it with everything it printed. */
async function sh(file: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  try {
    const { stdout } = await run(file, [...args], { cwd, env, timeout: 180_000 });
    return stdout;
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${file} ${args.join(' ')} failed in ${cwd}:\n${e.stdout ?? ''}${e.stderr ?? ''}\n${e.message}`, { cause: error });
  }
}

/** The Node project kinds: each its own folder, package.json and tsconfig, over one node_modules. */
const NODE_KINDS = [
  { kind: 'CommonJS (node16)', dir: 'cjs', type: undefined, compilerOptions: { module: 'node16', moduleResolution: 'node16' } },
  { kind: 'ESM (node16)', dir: 'esm-node16', type: 'module', compilerOptions: { module: 'node16', moduleResolution: 'node16' } },
  { kind: 'ESM (bundler)', dir: 'esm-bundler', type: 'module', compilerOptions: { module: 'esnext', moduleResolution: 'bundler' } },
] as const;
const NODE_RECIPES = readdirSync(join(RECIPES, 'node')).filter((f) => f.endsWith('.ts'));

describe.runIf(RUN)('recipes in fresh projects, from the packed tarballs', { timeout: 90_000 }, () => {
  let work: string;
  let nodeProject: string;
  let viteProject: string;
  /** The port of the plain page's origin, listed in the platform's ALLOWED_ORIGINS. */
  let pagePort: number;
  /** The port of the same-origin proxy serving the React app, listed too (the platform's PUBLIC_ORIGIN is its own). */
  let appPort: number;
  let server: AppServer;
  let paid: TestMember;
  let free: TestMember;
  const children = new Set<ChildProcess>();

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'matchkit-recipes-'));
    const t0 = Date.now();
    const [sdk, react] = await Promise.all([pack('sdk', work), pack('react-bindings', work)]);
    // The platform with the auth service's key set, as the server-render recipe is deployed, and
    // the plain page's origin in ALLOWED_ORIGINS (the cross-origin recipe).
    pagePort = await freePort();
    appPort = await freePort();
    const serverStarting = startAppServer({
      brand: 'primary',
      env: { AUTH_SERVICE_API_KEY: AUTH_KEY, ALLOWED_ORIGINS: `http://127.0.0.1:${pagePort},http://127.0.0.1:${appPort}` },
      timeoutMs: 180_000,
    });
    nodeProject = join(work, 'node');
    viteProject = join(work, 'vite-react');
    await Promise.all([
      install(nodeProject, {
        '@matchkit/sdk': `file:${sdk}`,
        ws: pinned('ws'),
        '@types/ws': pinned('@types/ws'),
        '@types/node': pinned('@types/node'),
      }).then(() => console.log(`installed the Node project in ${seconds(t0)}`)),
      install(viteProject, {
        '@matchkit/sdk': `file:${sdk}`,
        '@matchkit/react': `file:${react}`,
        ...Object.fromEntries(
          ['react', 'react-dom', '@tanstack/react-query', 'vite', '@vitejs/plugin-react', '@types/react', '@types/react-dom'].map(
            (name) => [name, pinned(name)],
          ),
        ),
      }).then(() => console.log(`installed the Vite + React project in ${seconds(t0)}`)),
    ]);
    console.log(`packed and installed both projects in ${seconds(t0)}`);
    server = await serverStarting;
    paid = await registerMember(server.origin, { tag: 'recipepaid' });
    await subscribeMember(server.origin, paid, PLAN.name);
    free = await registerMember(server.origin, { tag: 'recipefree' });
  }, 300_000);

  afterAll(async () => {
    for (const child of children) child.kill('SIGTERM');
    await server?.stop();
    if (work !== undefined) rmSync(work, { recursive: true, force: true });
  });

  /** Runs a compiled recipe as a member; what it printed. */
  async function recipe(dir: string, file: string, member: TestMember): Promise<string> {
    return sh(process.execPath, [join('dist', file)], dir, {
      PATH: process.env['PATH'] ?? '',
      MATCHKIT_API: server.origin,
      MATCHKIT_LOGIN: member.email,
      MATCHKIT_PASSWORD: member.password,
    });
  }

  /** Starts a compiled recipe that serves (it prints "listening on"); the function that stops it. */
  async function serve(dir: string, file: string, env: Record<string, string>): Promise<() => void> {
    const child = spawn(process.execPath, [join('dist', file)], {
      cwd: dir,
      env: { PATH: process.env['PATH'] ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    const stop = () => {
      child.kill('SIGTERM');
      children.delete(child);
    };
    let out = '';
    try {
      await new Promise<void>((ready, fail) => {
        const timer = setTimeout(() => fail(new Error(`${file} did not listen:\n${out}`)), 30_000);
        const onData = (chunk: Buffer) => {
          out += chunk.toString('utf8');
          if (out.includes('listening on')) {
            clearTimeout(timer);
            ready();
          }
        };
        child.stdout?.on('data', onData);
        child.stderr?.on('data', onData);
        child.once('exit', (code) => fail(new Error(`${file} exited (${code}):\n${out}`)));
      });
    } catch (error) {
      stop();
      throw error;
    }
    return stop;
  }

  for (const { kind, dir, type, compilerOptions } of NODE_KINDS) {
    describe(`Node, ${kind}`, () => {
      let project: string;

      beforeAll(async () => {
        project = join(nodeProject, dir);
        mkdirSync(join(project, 'src'), { recursive: true });
        writeFileSync(join(project, 'package.json'), JSON.stringify({ name: `recipes-${dir}`, private: true, ...(type ? { type } : {}) }));
        const tsconfig = {
          // skipLibCheck: the packages' own declaration files are checked by the install test
          // (scripts/check-install.mjs) under every resolution mode; here, the recipes are.
          compilerOptions: {
            ...compilerOptions,
            target: 'es2022',
            strict: true,
            esModuleInterop: true,
            skipLibCheck: true,
            rootDir: 'src',
            outDir: 'dist',
            types: ['node'],
          },
          include: ['src'],
        };
        writeFileSync(join(project, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
        for (const file of NODE_RECIPES) copyFileSync(join(RECIPES, 'node', file), join(project, 'src', file));
        const t0 = Date.now();
        // Typechecks (strict, the packages' types as installed) and compiles the recipes.
        await sh(process.execPath, [TSC, '-p', 'tsconfig.json'], project);
        console.log(`${kind}: ${NODE_RECIPES.length} recipes typecheck and compile (${seconds(t0)})`);
      }, 240_000);

      it('sign-in: the login mutation, then `me` over HTTP and an event over the socket with the same token', async () => {
        const out = await recipe(project, 'sign-in.js', paid);
        expect(out).toMatch(/^signed in until \d{4}-\d\d-\d\dT/m);
        // The platform answers the codes in its own order.
        expect(out).toContain(`me: ${paid.email} on primary, codes ${[...grantedCapabilities('primary', PLAN.name)].sort().join(' ')}`);
        expect(out).toMatch(/^socket: patch \d+ received$/m);
      });

      it('sign-in with a wrong password fails by kind, with exit code 1', async () => {
        await expect(recipe(project, 'sign-in.js', { ...paid, password: 'not the password at all' })).rejects.toThrow(/graphql: /);
      });

      it('odds-feed: the snapshot, then patches applied in order', async () => {
        const out = await recipe(project, 'odds-feed.js', paid);
        expect(out).toMatch(/^snapshot \d+ \(simulated prices\): \d+ events, \d+ markets$/m);
        expect(out).toMatch(/^\d+ patches applied, now at seq \d+; best back odds for .+ in .+: [\d.]+$/m);
      });

      it('forbidden: next with FORBIDDEN and no data, then complete; error is not called', async () => {
        const out = await recipe(project, 'forbidden.js', free);
        expect(out.trim().split('\n')).toEqual([
          'next: no data, errors ["FORBIDDEN"]',
          'complete after FORBIDDEN: offer a plan with feed access',
        ]);
        // A member whose plan reads the feed gets patches instead.
        expect(await recipe(project, 'forbidden.js', paid)).toMatch(/^patch \d+: this plan reads the feed$/m);
      });

      it('server-render: greets the member of the cookie with their plan and tools, a visitor with the public page', async () => {
        const port = await freePort();
        const stop = await serve(project, 'server-render.js', {
          AUTH_SERVICE_URL: `${server.origin}/auth/graphql`,
          AUTH_SERVICE_API_KEY: AUTH_KEY,
          PORT: String(port),
        });
        try {
          const page = `http://127.0.0.1:${port}/`;
          const member = await fetch(page, { headers: { cookie: `theme=dark; _opjwt=${encodeURIComponent(paid.token)}` } });
          expect(member.headers.get('cache-control')).toBe('private, no-store');
          expect(member.headers.get('vary')).toBe('Cookie');
          const html = await member.text();
          const tools = availableTools('primary', { capabilities: grantedCapabilities('primary', PLAN.name), additionalCapabilities: [] });
          expect(html).toContain('<h1>Hello, Test</h1>');
          expect(html).toContain(`<p>Your plan: ${PLAN.name}</p>`);
          for (const tool of tools) expect(html).toContain(`<li>${tool.shortTitle.replace(/&/g, '&amp;')}</li>`);
          const visitor = await (await fetch(page)).text();
          expect(visitor).toContain('<h1>Welcome to Brightlay</h1>');
          const forged = await (await fetch(page, { headers: { cookie: '_opjwt=not.a.token' } })).text();
          expect(forged).toContain('<h1>Welcome to Brightlay</h1>');
        } finally {
          stop();
        }
      });
    });
  }

  describe('in the browser: a plain page, and Vite + React + TypeScript strict behind the same-origin proxy', () => {
    let browser: Browser;
    /** The proxy recipe (ESM node16 build) serving the React app's build, and the plain page's folder. */
    let appOrigin: string;
    const stops: (() => void)[] = [];

    beforeAll(async () => {
      const t0 = Date.now();
      // The React app: its files copied into the fresh Vite project, typechecked (strict) and built.
      for (const file of ['index.html', 'vite.config.ts', 'tsconfig.json', 'src/main.tsx', 'src/App.tsx']) {
        mkdirSync(join(viteProject, 'src'), { recursive: true });
        copyFileSync(join(RECIPES, 'react-app', file), join(viteProject, file));
      }
      await sh(process.execPath, [TSC, '-p', 'tsconfig.json'], viteProject);
      await sh(process.execPath, [join('node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], viteProject);
      console.log(`Vite + React: typechecked and built in ${seconds(t0)}`);
      // The plain page beside the Node project's node_modules, as its import map expects.
      copyFileSync(join(RECIPES, 'browser', 'odds-feed.html'), join(nodeProject, 'odds-feed.html'));
      const proxies = join(nodeProject, 'esm-node16');
      stops.push(
        await serve(proxies, 'proxy.js', { MATCHKIT_API: server.origin, STATIC_DIR: join(viteProject, 'dist'), PORT: String(appPort) }),
      );
      stops.push(await serve(proxies, 'proxy.js', { MATCHKIT_API: server.origin, STATIC_DIR: nodeProject, PORT: String(pagePort) }));
      appOrigin = `http://127.0.0.1:${appPort}`;
      browser = await launchChromium();
    }, 300_000);

    afterAll(async () => {
      await browser?.close();
      for (const stop of stops) stop();
    });

    it('the plain page on another origin listed in ALLOWED_ORIGINS signs in and follows the feed', async () => {
      const tab = await openTab(browser, `http://127.0.0.1:${pagePort}/odds-feed.html?api=${encodeURIComponent(server.origin)}`);
      try {
        const { page } = tab;
        await page.getByLabel('Email or username').fill(paid.email);
        await page.getByLabel('Password').fill(paid.password);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await expect
          .poll(() => page.getByRole('status').textContent(), { timeout: 30_000 })
          .toMatch(/^Live: update \d+, \d+ events \(simulated prices\)\.$/);
        expect(await page.getByRole('listitem').count()).toBeGreaterThan(0);
        expect(tab.problems()).toEqual([]);
      } finally {
        await tab.close();
      }
    });

    it('the same page on an origin not listed: what the CORS refusal looks like to the developer', async () => {
      // localhost and 127.0.0.1 are different origins: only the second is in ALLOWED_ORIGINS.
      const tab = await openTab(browser, `http://localhost:${pagePort}/odds-feed.html?api=${encodeURIComponent(server.origin)}`);
      try {
        const { page } = tab;
        await page.getByLabel('Email or username').fill(paid.email);
        await page.getByLabel('Password').fill(paid.password);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await expect
          .poll(() => page.getByRole('status').textContent(), { timeout: 30_000 })
          .toMatch(/^network: POST http:\/\/127\.0\.0\.1:\d+\/graphql \(operation Login\) failed: .*Failed to fetch/);
        // Only the console says why.
        expect(tab.problems().join('\n')).toMatch(
          /from origin 'http:\/\/localhost:\d+' has been blocked by CORS policy: .*The 'Access-Control-Allow-Origin' header has a value 'null'/,
        );
      } finally {
        await tab.close();
      }
    });

    it('the React app behind the proxy: sign in, plan and tools, live table, the element, sign out', async () => {
      const tab = await openTab(browser, `${appOrigin}/`);
      try {
        const { page } = tab;
        await page.getByRole('heading', { name: 'Sign in' }).waitFor();
        await page.getByLabel('Email or username').fill(paid.email);
        await page.getByLabel('Password').fill(paid.password);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.getByRole('heading', { name: 'Hello, Test' }).waitFor();
        expect(await page.getByText(/^Your plan: /).textContent()).toBe(`Your plan: ${PLAN.name}`);
        const tools = availableTools('primary', { capabilities: grantedCapabilities('primary', PLAN.name), additionalCapabilities: [] });
        expect(await page.getByRole('list', { name: 'Your tools' }).getByRole('listitem').allTextContents()).toEqual(
          tools.map((t) => t.shortTitle),
        );
        // The live table: a snapshot, then updates (the caption's sequence number moves on).
        const caption = page.locator('caption');
        await expect.poll(() => caption.textContent(), { timeout: 30_000 }).toMatch(/^Live prices, update \d+ \(simulated\)$/);
        const first = Number(/\d+/.exec((await caption.textContent()) ?? '')?.[0]);
        await expect
          .poll(async () => Number(/\d+/.exec((await caption.textContent()) ?? '')?.[0]), { timeout: 30_000 })
          .toBeGreaterThan(first);
        expect(await page.locator('tbody tr').count()).toBe(5);
        // The element, with its result (Playwright's locators reach into its shadow root).
        await expect
          .poll(() => page.locator('matchkit-calculator').getByRole('status').textContent(), { timeout: 15_000 })
          .toBe('Lay £9.43 at 3.2, liability £20.75. If the bookmaker wins: -£0.75. If the exchange wins: -£0.75.');
        // Sign out: the cookie is cleared and the cached member dropped.
        await page.getByRole('button', { name: 'Sign out' }).click();
        await page.getByRole('heading', { name: 'Sign in' }).waitFor();
        expect((await tab.context.cookies()).find((c) => c.name === '_opjwt')).toBeUndefined();
        // A member without a plan: no feed is subscribed, so no FORBIDDEN either.
        await page.getByLabel('Email or username').fill(free.email);
        await page.getByLabel('Password').fill(free.password);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.getByText('Choose a plan to see live prices.').waitFor();
        expect(await page.getByText(/^Your plan: /).textContent()).toBe('Your plan: free');
        // A wrong password: the server's words under the form.
        await page.getByRole('button', { name: 'Sign out' }).click();
        await page.getByLabel('Email or username').fill(free.email);
        await page.getByLabel('Password').fill('not the password at all');
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.getByRole('alert').waitFor();
        expect(tab.problems()).toEqual([]);
      } finally {
        await tab.close();
      }
    });
  });
});
