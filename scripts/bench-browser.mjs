#!/usr/bin/env node
// `npm run bench:browser`: the oddsmatcher page of the production build in Chromium (Debian's
// /usr/bin/chromium through playwright-core) with 5,000 live rows under a stream of patches.
// Printed figures, not a test (it always exits 0 once it has measured).
//
// The feed is the server's own: a production server (`server/dist/main.js`, as `npm start` runs
// it) is started with its simulated feed ticking every 200 ms (FEED_INTERVAL_MS, the fastest the
// feed allows: 5 patches a second) over FEED_EVENTS events (default 600, ten times the embedded
// default of 60; far more back/lay pairs pass the default filters than the 5,000 live rows
// `rows=5000` keeps). A Pro member
// is registered and paid for through the server's test payment page, and the page is opened at
// `/oddsmatching?rows=5000` signed in as them. Nothing in the app is stubbed or injected.
//
// Measured in the page, after the table first shows 5,000 rows and a 3 s settle: for MEASURE_S
// seconds (default 10) with the table still, then as long again while the table scrolls 300 px
// every 100 ms, every requestAnimationFrame interval (frame time) and every long task
// (PerformanceObserver 'longtask': a task over 50 ms). Patches received over the WebSocket are
// counted to show the stream was live. The first load (fetching and ranking the whole
// snapshot) is reported apart: it is a one-off, not the steady state the target is about. Its
// baseline in the same run (BASELINE=0 leaves it out): before it, in a context of its own, the
// same page with the whole snapshot in one request (the app's page 0 asked for without `page`,
// which the server answers whole), after one whole snapshot fetched by Node warmed the server. A third
// scrolling phase runs under a Chromium trace to report each main-thread task's own CPU time
// beside its wall time (on a shared machine, wall time includes other processes' turns).
//
// Target (issue 10): p95 frame time within one 16.7 ms frame and no task over 50 ms. The page's
// clock is coarsened (0.1 ms), so one 60 Hz frame reads 16.6 to 16.8 ms: a frame counts as over
// budget above 16.7 + 0.5 ms.
// Needs `npm run build && npm run build -w @matchkit/example-app` first.
/* global window, document, performance, requestAnimationFrame, PerformanceObserver, setInterval, clearInterval -- in page.evaluate: the browser's */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { clearTimeout, setTimeout } from 'node:timers';
import { fileURLToPath, URLSearchParams } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH, freePort } from './services.mjs';

const { fetch } = globalThis;
const root = fileURLToPath(new URL('..', import.meta.url));
const app = join(root, 'example-app');
const SERVER_MAIN = join(app, 'server', 'dist', 'main.js');
const WEB_INDEX = join(app, 'dist', 'web', 'index.html');
const ROWS = 5000;
const MEASURE_S = Number(process.env.MEASURE_S ?? 10);
const FEED_INTERVAL_MS = Number(process.env.FEED_INTERVAL_MS ?? 200);
const FEED_EVENTS = Number(process.env.FEED_EVENTS ?? 600);
const loadAtStart = loadavg()[0] ?? NaN;

for (const file of [SERVER_MAIN, WEB_INDEX]) {
  if (!existsSync(file)) {
    console.error(`${file} is missing: run \`npm run build && npm run build -w @matchkit/example-app\` first`);
    process.exit(1);
  }
}
if (!existsSync(CHROMIUM_PATH)) {
  console.error(`${CHROMIUM_PATH} is missing (sudo apt-get install -y chromium)`);
  process.exit(1);
}

/** Starts the production server with a fast feed; resolves once it listens. */
async function startServer() {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'matchkit-bench-browser-'));
  // SERVER_CPU_PROFILE_DIR=dir: the server's CPU profile of the whole run (node --cpu-prof), written as it stops.
  const profileDir = process.env.SERVER_CPU_PROFILE_DIR;
  // The V8 flags `npm start` gives the server (example-app's `start` script).
  const flags = ['--max-semi-space-size=32', ...(profileDir === undefined ? [] : ['--cpu-prof', '--cpu-prof-dir', profileDir])];
  const child = spawn(process.execPath, [...flags, SERVER_MAIN], {
    cwd: app,
    env: {
      PATH: process.env.PATH ?? '',
      BRAND: 'primary',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: origin,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      SELLER_NAME: 'Test Seller Ltd',
      SELLER_ADDRESS: '1 Test Street, Testtown, TE1 1ST',
      FEED_INTERVAL_MS: String(FEED_INTERVAL_MS),
      FEED_EVENTS: String(FEED_EVENTS),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not listen within 180 s:\n${out}`)), 180_000);
    const onData = (chunk) => {
      out += chunk.toString('utf8');
      if (/"msg":"listening"/.test(out)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before listening:\n${out}`));
    });
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { origin, stop };
}

async function gql(origin, query, variables = {}, token) {
  const response = await fetch(`${origin}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
    body: JSON.stringify({ query, variables }),
  });
  const body = await response.json();
  if (!response.ok || body.errors !== undefined || body.data == null)
    throw new Error(`GraphQL ${response.status}: ${JSON.stringify(body)}`);
  return body.data;
}

/** A new member on the Pro plan (registered, then paid through the test payment page). */
async function proMember(origin) {
  const name = `bench${Date.now().toString(36)}`;
  const input = {
    email: `${name}@example.test`,
    username: name,
    password: 'a long enough password',
    firstName: 'Bench',
    lastName: 'Member',
    confirmAdult: true,
  };
  const { register } = await gql(origin, 'mutation R($input: RegisterInput!) { register(input: $input) { ok token error { message } } }', {
    input,
  });
  if (!register.ok) throw new Error(`registration failed: ${JSON.stringify(register.error)}`);
  const { startCheckout } = await gql(
    origin,
    'mutation S($input: CheckoutInput!) { startCheckout(input: $input) { ok error { message } checkout { paymentUrl } } }',
    { input: { slug: 'pro', billingTerm: 'month' } },
    register.token,
  );
  if (startCheckout.checkout === null) throw new Error(`checkout failed: ${JSON.stringify(startCheckout.error)}`);
  const paid = await fetch(new URL(new URL(startCheckout.checkout.paymentUrl).pathname, origin), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action: 'pay', card: 'ok' }),
    redirect: 'manual',
  });
  if (paid.status !== 303 && paid.status !== 302) throw new Error(`the test payment page answered ${paid.status}`);
  return register.token;
}

const pct = (sorted, p) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);
const ms = (n) => `${n.toFixed(1)} ms`;

function summary(name, frames, tasks, patches, seconds, resyncs) {
  const f = [...frames].sort((a, b) => a - b);
  const longest = tasks.length === 0 ? 0 : Math.max(...tasks);
  const p95 = pct(f, 95);
  console.log(
    `\n${name} (${seconds} s, ${patches} patches received, ${(patches / seconds).toFixed(1)}/s; ${resyncs} resyncs: whole snapshots fetched after a gap)`,
  );
  console.log(
    `  frames: ${f.length} (${(f.length / seconds).toFixed(1)}/s); frame time p50 ${ms(pct(f, 50))}, p95 ${ms(p95)}, p99 ${ms(pct(f, 99))}, max ${ms(f.at(-1) ?? NaN)}`,
  );
  console.log(
    `  frames over 16.7 ms: ${f.filter((x) => x > 16.7 + 0.5).length}; long tasks (over 50 ms): ${tasks.length}; longest task ${ms(longest)}`,
  );
  console.log(`  target p95 ≤ 16.7 ms: ${p95 <= 16.7 + 0.5 ? 'met' : 'missed'}; no task over 50 ms: ${longest <= 50 ? 'met' : 'missed'}`);
}

/** The complete ('X') events of the trace's renderer main thread(s). */
function mainThreadEvents(events) {
  const main = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  return events.filter((e) => e.ph === 'X' && main.has(`${e.pid}:${e.tid}`));
}

/**
 * The renderer main thread's tasks over 50 ms in a Chromium trace (by wall or own CPU time), each
 * with what ran inside it (events over 5 ms: function calls with their script and name, the
 * garbage collector, style, layout, paint), one line each.
 */
function longTasks(events, by) {
  const on = mainThreadEvents(events);
  const time = (e) => (by === 'cpu' ? (e.tdur ?? e.dur) : e.dur);
  return on
    .filter((e) => e.name === 'RunTask' && time(e) > 50_000)
    .map((task) => {
      const inside = on.filter(
        (e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur && e.dur > 5_000 && e.name !== 'RunTask',
      );
      const what = inside
        .map(
          (e) =>
            `${e.name}${e.args?.data?.url ? ` ${String(e.args.data.url).split('/').pop()}` : ''}${e.args?.data?.functionName ? ` ${e.args.data.functionName}` : ''} ${(e.dur / 1000).toFixed(0)}`,
        )
        .slice(0, 8);
      return `${(task.dur / 1000).toFixed(0)} ms (cpu ${((task.tdur ?? task.dur) / 1000).toFixed(0)}): ${what.join(' | ')}`;
    });
}

/**
 * The main thread's own CPU time by kind of work (the trace's events: script, style, layout,
 * paint, collection), in ms, the largest first. Events nest (a script can force a layout), so a
 * kind counts only the time not inside another kind listed here.
 */
const KINDS = {
  FunctionCall: 'script',
  EventDispatch: 'script',
  TimerFire: 'script',
  FireAnimationFrame: 'script',
  RunMicrotasks: 'script',
  'v8.callFunction': 'script',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'paint',
  UpdateLayer: 'paint',
  MajorGC: 'collection',
  MinorGC: 'collection',
};
function mainThreadWork(events) {
  const on = mainThreadEvents(events)
    .filter((e) => KINDS[e.name] !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const totals = new Map();
  // A stack of open events: each event's own time is its CPU time less its children's.
  const stack = [];
  const close = (until) => {
    while (stack.length > 0 && stack.at(-1).end <= until) {
      const done = stack.pop();
      totals.set(done.kind, (totals.get(done.kind) ?? 0) + Math.max(0, done.own));
    }
  };
  for (const e of on) {
    close(e.ts);
    const cpu = e.tdur ?? e.dur;
    const parent = stack.at(-1);
    if (parent !== undefined) parent.own -= cpu;
    stack.push({ kind: KINDS[e.name], end: e.ts + e.dur, own: cpu });
  }
  close(Infinity);
  return [...totals].sort((a, b) => b[1] - a[1]).map(([kind, us]) => `${kind} ${(us / 1000).toFixed(0)} ms`);
}

const server = await startServer();
let browser;
try {
  const token = await proMember(server.origin);
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  /** A browser context signed in as the member, its GraphQL requests through `route` (each request unchanged when null). */
  async function signedIn(rewrite) {
    const c = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'en-GB',
      timezoneId: 'Europe/London',
      serviceWorkers: 'block',
    });
    await c.addCookies([{ name: '_opjwt', value: token, url: server.origin }]);
    // Both loads go through the same interception, so that its cost is in both.
    await c.route('**/graphql', (route) => {
      const body = route.request().method() === 'POST' ? (route.request().postData() ?? '') : '';
      const changed = rewrite === null || !body.includes('oddsSnapshot') ? null : rewrite(JSON.parse(body));
      return changed === null ? route.continue() : route.continue({ postData: JSON.stringify(changed) });
    });
    return c;
  }
  /** The table of the oddsmatcher page reaching ROWS live rows: milliseconds from opening it. */
  async function untilLoaded(p) {
    const opened = Date.now();
    await p.goto(`${server.origin}/oddsmatching?rows=${ROWS}`, { waitUntil: 'load' });
    await p.waitForFunction(
      (rows) => Number(document.querySelector('table[aria-rowcount]')?.getAttribute('aria-rowcount')) >= rows + 1,
      ROWS,
      {
        timeout: 180_000,
      },
    );
    return Date.now() - opened;
  }
  // The server's code warmed once for both loads: one whole snapshot, as Node reads it.
  await gql(server.origin, 'query { oddsSnapshot { seq pages backPrices { bookmaker selectionId odds } } }', {}, token);
  /**
   * One first load in a context of its own, then closed: the app as built (`whole` false), or with
   * the whole snapshot in one request (`whole`: the app's page 0 asked for without `page`, which
   * the server answers whole, as one page: the app as it read the snapshot before pages).
   */
  async function loadOnce(whole) {
    const c = await signedIn(
      whole ? (body) => (body.variables?.page?.index === 0 ? { ...body, variables: { ...body.variables, page: null } } : null) : null,
    );
    const p = await c.newPage();
    await p.addInitScript(() => {
      const w = /** @type {any} */ (window);
      w.__loadTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__loadTasks.push(e.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    const loadMs = await untilLoaded(p);
    const tasks = await p.evaluate(() => /** @type {any} */ (window).__loadTasks);
    await c.close();
    return { loadMs, tasks };
  }
  // The baseline (BASELINE=0 leaves it out): a whole-snapshot load just before the measured one.
  // LOAD_ROUNDS=n (default 1): n − 1 pairs more before them, in pages then whole, so that the
  // machine's drift does not favour one order.
  const rounds = [];
  for (let round = 1; round < Number(process.env.LOAD_ROUNDS ?? 1); round++) {
    const pages = await loadOnce(false);
    rounds.push({ pages, whole: await loadOnce(true) });
  }
  const baseline = process.env.BASELINE === '0' ? null : await loadOnce(true);
  const context = await signedIn(null);
  const page = await context.newPage();
  let patches = 0;
  // Whole snapshots fetched (the first load, then one per resync after a gap in the patches).
  let snapshots = 0;
  // A snapshot read in pages (oddsSnapshot(page:)) counts once, at its page 0.
  page.on('request', (request) => {
    const body = request.method() === 'POST' ? (request.postData() ?? '') : '';
    if (body.includes('oddsSnapshot') && (JSON.parse(body).variables?.page?.index ?? 0) === 0) snapshots += 1;
  });
  page.on('websocket', (ws) =>
    ws.on('framereceived', (frame) => {
      if (typeof frame.payload === 'string' && frame.payload.includes('"oddsPatches"')) patches += 1;
    }),
  );
  // Long tasks from the very start (the first load is reported apart).
  await page.addInitScript(() => {
    const w = /** @type {any} */ (window);
    w.__bench = { tasks: [], frames: [], recording: false };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__bench.tasks.push({ at: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  // LOAD_TRACE=1: the first load under a trace, its long main-thread tasks listed with what they ran.
  const loadTraceFile = process.env.LOAD_TRACE === '1' ? join(tmpdir(), `matchkit-bench-load-${process.pid}.json`) : null;
  if (loadTraceFile !== null)
    await browser.startTracing(page, {
      path: loadTraceFile,
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing'],
    });
  const grid = page.getByRole('table', { name: 'Ranked back and lay matches' });
  const loadMs = await untilLoaded(page);
  if (loadTraceFile !== null) {
    await page.waitForTimeout(500);
    await browser.stopTracing();
    const t = JSON.parse(readFileSync(loadTraceFile, 'utf8'));
    rmSync(loadTraceFile, { force: true });
    for (const line of longTasks(t.traceEvents ?? t, 'wall')) console.log(`load task ${line}`);
  }
  const rendered = await grid.locator('tr[aria-rowindex]').count();
  const loadTasks = await page.evaluate(() => /** @type {any} */ (window).__bench.tasks.map((t) => t.duration));
  // The store's own marks (absent before it validated in steps): the span of the steps, and the task that ranks.
  const loadMeasures = await page.evaluate(() =>
    performance
      .getEntriesByType('measure')
      .filter((m) => m.name.startsWith('oddsmatcher'))
      .map((m) => `${m.name} ${m.duration.toFixed(1)} ms`),
  );
  await page.waitForTimeout(3000);

  /** Records frames and long tasks for `seconds`, scrolling the table when asked. */
  async function measure(seconds, scroll) {
    const before = patches;
    const snapshotsBefore = snapshots;
    const result = await page.evaluate(
      ({ seconds, scroll }) =>
        new Promise((resolve) => {
          const w = /** @type {any} */ (window);
          const start = performance.now();
          const frames = [];
          let last = start;
          const body = document.querySelector('.data-table-scroll');
          let down = true;
          const scroller = scroll
            ? setInterval(() => {
                if (body === null) return;
                if (body.scrollTop + body.clientHeight >= body.scrollHeight - 1) down = false;
                if (body.scrollTop <= 0) down = true;
                body.scrollTop += down ? 300 : -300;
              }, 100)
            : undefined;
          const step = (t) => {
            frames.push(t - last);
            last = t;
            if (t - start < seconds * 1000) requestAnimationFrame(step);
            else {
              if (scroller !== undefined) clearInterval(scroller);
              resolve({ frames: frames.slice(1), tasks: w.__bench.tasks.filter((x) => x.at >= start).map((x) => x.duration) });
            }
          };
          requestAnimationFrame(step);
        }),
      { seconds, scroll },
    );
    return { ...result, patches: patches - before, resyncs: snapshots - snapshotsBefore };
  }

  // CPU_PROFILE=file.cpuprofile: the page's CPU profile of the still phase (open it in Chrome's
  // DevTools), or of the first scrolling phase with CPU_PROFILE_PHASE=scrolling.
  const profiled = process.env.CPU_PROFILE_PHASE ?? 'still';
  if (!['still', 'scrolling'].includes(profiled)) throw new Error(`CPU_PROFILE_PHASE: still or scrolling, not "${profiled}"`);
  const profiler = process.env.CPU_PROFILE === undefined ? null : await context.newCDPSession(page);
  const profiledPhase = async (scroll) => {
    const on = profiler !== null && (profiled === 'scrolling') === scroll;
    if (on) {
      await profiler.send('Profiler.enable');
      await profiler.send('Profiler.start');
    }
    const result = await measure(MEASURE_S, scroll);
    if (on) {
      const { profile } = await profiler.send('Profiler.stop');
      writeFileSync(process.env.CPU_PROFILE, JSON.stringify(profile));
    }
    return result;
  };
  const still = await profiledPhase(false);
  const scrolling = await profiledPhase(true);
  // The same scrolling phase once more under a trace, for each main-thread task's own CPU time
  // (the trace's thread duration): on a shared machine a task's wall time includes the time other
  // processes held the core, which the long-task observer cannot tell apart.
  const traceFile = join(tmpdir(), `matchkit-bench-browser-${process.pid}.json`);
  await browser.startTracing(page, {
    path: traceFile,
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'],
  });
  await measure(MEASURE_S, true);
  await browser.stopTracing();
  const trace = JSON.parse(readFileSync(traceFile, 'utf8'));
  // TRACE_FILE=file.json: the traced phase's Chromium trace kept there (open it in DevTools' Performance panel).
  if (process.env.TRACE_FILE !== undefined) writeFileSync(process.env.TRACE_FILE, JSON.stringify(trace));
  rmSync(traceFile, { force: true });
  const events = trace.traceEvents ?? trace;
  const cpuLong = longTasks(events, 'cpu');
  const work = mainThreadWork(events);
  const taskTimes = mainThreadEvents(events)
    .filter((e) => e.name === 'RunTask')
    .map((e) => ({ wall: e.dur / 1000, cpu: (e.tdur ?? e.dur) / 1000 }));
  const rowcount = await grid.getAttribute('aria-rowcount');
  await context.close();

  const cpu = cpus();
  console.log('bench:browser: the oddsmatcher page, production build, Chromium (headless)');
  console.log(
    `machine: ${cpu.length} × ${cpu[0]?.model ?? 'cpu'}; Node ${process.version}; load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')} at the end (1 min: ${loadAtStart.toFixed(2)} at the start)`,
  );
  console.log(
    `feed: the server's simulated feed of ${FEED_EVENTS} events, a patch every ${FEED_INTERVAL_MS} ms; table: ${Number(rowcount) - 1} live rows (aria-rowcount ${rowcount}), ${rendered} rendered in view`,
  );
  console.log(
    `\nfirst load (fetch, validate and rank the whole snapshot, one-off): ${(loadMs / 1000).toFixed(1)} s to 5,000 rows; long tasks ${loadTasks.length}, longest ${ms(loadTasks.length === 0 ? 0 : Math.max(...loadTasks))} (all: ${loadTasks.map((t) => ms(t)).join(', ') || 'none'})`,
  );
  if (loadMeasures.length > 0) console.log(`  the store's first load: ${loadMeasures.join('; ')}`);
  for (const [n, r] of rounds.entries())
    console.log(
      `  round ${n + 1} of ${rounds.length + 1}: in pages ${(r.pages.loadMs / 1000).toFixed(1)} s (long tasks ${r.pages.tasks.length}, longest ${ms(r.pages.tasks.length === 0 ? 0 : Math.max(...r.pages.tasks))}), then whole ${(r.whole.loadMs / 1000).toFixed(1)} s (${r.whole.tasks.length}, longest ${ms(r.whole.tasks.length === 0 ? 0 : Math.max(...r.whole.tasks))}): pages ÷ whole ${(r.pages.loadMs / r.whole.loadMs).toFixed(2)}`,
    );
  if (baseline !== null)
    console.log(
      `  baseline, the same run before it (the whole snapshot in one request): ${(baseline.loadMs / 1000).toFixed(1)} s to 5,000 rows; long tasks ${baseline.tasks.length}, longest ${ms(baseline.tasks.length === 0 ? 0 : Math.max(...baseline.tasks))}; first load ÷ baseline ${(loadMs / baseline.loadMs).toFixed(2)}`,
    );
  summary('live, table still', still.frames, still.tasks, still.patches, MEASURE_S, still.resyncs);
  summary('live, table scrolling 300 px every 100 ms', scrolling.frames, scrolling.tasks, scrolling.patches, MEASURE_S, scrolling.resyncs);
  const all = [...still.frames, ...scrolling.frames];
  summary(
    'both',
    all,
    [...still.tasks, ...scrolling.tasks],
    still.patches + scrolling.patches,
    2 * MEASURE_S,
    still.resyncs + scrolling.resyncs,
  );
  const cpuTimes = taskTimes.map((t) => t.cpu).sort((a, b) => a - b);
  const wallTimes = taskTimes.map((t) => t.wall).sort((a, b) => a - b);
  console.log(
    `\nmain-thread tasks while scrolling, traced (${MEASURE_S} s, ${taskTimes.length} tasks): own CPU time longest ${ms(cpuTimes.at(-1) ?? 0)}, ${cpuTimes.filter((x) => x > 50).length} over 50 ms, total ${ms(cpuTimes.reduce((a, b) => a + b, 0))}; wall time longest ${ms(wallTimes.at(-1) ?? 0)}, ${wallTimes.filter((x) => x > 50).length} over 50 ms`,
  );
  console.log(`  of which, by kind (own CPU time): ${work.join(', ')}`);
  for (const line of cpuLong) console.log(`  task over 50 ms of CPU: ${line}`);
} finally {
  await browser?.close();
  await server.stop();
}
