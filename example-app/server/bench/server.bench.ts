// `npm run bench:server`, part 1: a representative authenticated query (the member with their
// available tools) through the whole server (HTTP, JWT check with the session-version lookup,
// entitlements from the billing ledger via the sdk) under autocannon on loopback, beside a bare
// graphql-yoga answering `{ __typename }` in the same run. Prints requests per second, p50 and
// p99 latency, and the ratio (target: at least 0.5 of the bare server's throughput).
//
// The servers and autocannon share this one process (one event loop), as the first version of this
// bench did. Load from elsewhere on the machine moves the figures from minute to minute, so the
// servers are measured in turn, BENCH_ROUNDS times (default 3, BENCH_SECONDS each, default 5),
// and each round's ratio is printed with the median. With PostgreSQL installed (Debian's
// packages, as the tests use), a throwaway cluster gives a third row: the same server on
// PostgreSQL instead of the embedded PGlite (BENCH_POSTGRES=0 leaves it out).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createSchema, createYoga } from 'graphql-yoga';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type DatabaseTarget } from '../src/db/client';
import { ledger, users } from '../src/db/schema';
import { createLogger } from '../src/logger';
import { createMemoryMailer } from '../src/mail/mailer';
import { systemClock } from '../src/clock';
import { createMemoryPubSub } from '../src/pubsub/index';
import { PRODUCTION_ENV, testEnv } from '../src/test/app';
import type * as Services from '../../../scripts/services.mjs';
import { signInAs } from '../src/auth/sessions';

/** server/drizzle, from this source file and from its bundle in server/dist-test/ alike. */
const MIGRATIONS = fileURLToPath(new URL('../drizzle', import.meta.url));

const DURATION = Number(process.env['BENCH_SECONDS'] ?? 5);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 3);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 50);
// Loaded at run time, not bundled: services.mjs is also a command, and would take the bundle for itself.
const servicesUrl = new URL('../../../scripts/services.mjs', import.meta.url).href;
const { findPostgresBin, startPostgres } = (await import(servicesUrl)) as typeof Services;
const WITH_POSTGRES = process.env['BENCH_POSTGRES'] !== '0' && findPostgresBin() !== undefined;

const BARE_QUERY = JSON.stringify({ query: '{ __typename }' });
const MEMBER_QUERY = JSON.stringify({
  query: '{ me { uid { global } email capabilities additionalCapabilities } myTools { slug title capability } }',
});

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

interface Target {
  readonly name: string;
  readonly url: string;
  readonly body: string;
  readonly headers: Record<string, string>;
  close(): Promise<void>;
}

async function load(target: Target, connections: number, duration: number): Promise<Figures> {
  const result = await autocannon({
    url: target.url,
    method: 'POST',
    body: target.body,
    headers: { 'content-type': 'application/json', ...target.headers },
    connections,
    duration,
  });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function bare(): Promise<Target> {
  const yoga = createYoga({ schema: createSchema({ typeDefs: 'type Query { ok: Boolean }' }), logging: false, landingPage: false });
  const server = createServer(yoga);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  return {
    name: 'bare graphql-yoga { __typename }',
    url: `http://127.0.0.1:${port}/graphql`,
    body: BARE_QUERY,
    headers: {},
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/** The matchkit server on `target`, with one member holding a paid plan, and their token. */
async function matchkit(name: string, target: DatabaseTarget, env: Record<string, string> = {}): Promise<Target> {
  const config = loadConfig(testEnv({ ...PRODUCTION_ENV, PUBLIC_ORIGIN: 'http://127.0.0.1:3000', ...env }));
  const database = await openDatabase(target);
  await database.migrate(MIGRATIONS);
  const now = Date.now();
  await database.db.insert(users).values({
    id: 'u_bench',
    email: 'bench@example.com',
    username: 'bench',
    firstName: 'Bench',
    lastName: 'Mark',
    passwordHash: 'unused',
    referralCode: 'BENCH01',
    adultConfirmedAt: new Date(now),
    createdAt: new Date(now),
  });
  await database.db.insert(ledger).values({
    id: 'sub_bench:term-1',
    userId: 'u_bench',
    type: 'payment',
    plan: 'diamond',
    amount: 4999,
    periodStart: new Date(now - 86_400_000),
    periodEnd: new Date(now + 20 * 86_400_000),
    at: new Date(now - 86_400_000),
  });
  const app = buildApp({
    config,
    database,
    pubSub: createMemoryPubSub(),
    clock: systemClock,
    // Production refuses the outbox; the benchmark sends no mail, so a memory mailer stands in for SMTP.
    mail: createMemoryMailer(),
    logger: createLogger('silent'),
    webRoot: null,
  });
  const { origin } = await app.start(0, '127.0.0.1');
  const { token } = await signInAs(app.deps, 'u_bench', now);
  return { name, url: `${origin}/graphql`, body: MEMBER_QUERY, headers: { authorization: `Bearer ${token}` }, close: () => app.stop() };
}

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 === 1 ? (s[(s.length - 1) / 2] as number) : ((s[s.length / 2 - 1] as number) + (s[s.length / 2] as number)) / 2;
};

const row = (name: string, f: Figures, ratio: string) =>
  `| ${name.padEnd(48)} | ${f.rps.toFixed(0).padStart(6)} | ${f.p50.toFixed(1).padStart(6)} | ${f.p99.toFixed(1).padStart(7)} | ${String(f.errors).padStart(6)} | ${ratio.padStart(22)} |`;

const postgres = WITH_POSTGRES ? await startPostgres() : null;
const targets: Target[] = [];
try {
  targets.push(await bare());
  targets.push(await matchkit('matchkit: me + myTools, embedded PGlite', { kind: 'pglite-memory' }));
  if (postgres !== null)
    targets.push(
      await matchkit('matchkit: me + myTools, PostgreSQL', { kind: 'postgres', url: postgres.url }, { DATABASE_URL: postgres.url }),
    );
  const loadBefore = loadavg()[0] ?? Number.NaN;
  // Warm up every server (JIT, database caches), then measure them in turn, round after round.
  // Each server answers what it is measured on: the member and their tools, without errors.
  for (const t of targets) {
    const response = await fetch(t.url, { method: 'POST', body: t.body, headers: { 'content-type': 'application/json', ...t.headers } });
    const answer = (await response.json()) as { data?: { me?: { email?: string } | null; __typename?: string }; errors?: unknown };
    const ok = t === targets[0] ? answer.data?.__typename === 'Query' : answer.data?.me?.email === 'bench@example.com';
    if (!response.ok || answer.errors !== undefined || !ok) throw new Error(`${t.name} answered ${JSON.stringify(answer).slice(0, 300)}`);
  }
  for (const t of targets) await load(t, 10, 2);
  const figures = new Map<Target, Figures[]>(targets.map((t) => [t, []]));
  for (let round = 0; round < ROUNDS; round++) for (const t of targets) figures.get(t)?.push(await load(t, CONNECTIONS, DURATION));

  console.log(
    `\nserver: ${CONNECTIONS} connections, ${DURATION} s per measurement, ${ROUNDS} rounds; loopback; servers and autocannon in one process\n`,
  );
  console.log(`| what | req/s | p50 ms | p99 ms | errors | ratio to bare (per round) |`);
  console.log('|---|---:|---:|---:|---:|---:|');
  const base = figures.get(targets[0] as Target) ?? [];
  let failed = false;
  for (const t of targets) {
    const runs = figures.get(t) ?? [];
    const ratios = runs.map((f, i) => f.rps / (base[i]?.rps ?? Number.NaN));
    const m: Figures = {
      rps: median(runs.map((f) => f.rps)),
      p50: median(runs.map((f) => f.p50)),
      p99: median(runs.map((f) => f.p99)),
      errors: runs.reduce((n, f) => n + f.errors, 0),
    };
    console.log(row(t.name, m, t === targets[0] ? '' : `${median(ratios).toFixed(2)} (${ratios.map((r) => r.toFixed(2)).join(', ')})`));
    if (m.errors > 0) failed = true;
  }
  console.log('\n(median of the rounds; the target is a ratio of at least 0.50)');
  console.log(`load average (1 min): ${loadBefore.toFixed(1)} before the warm-up, ${(loadavg()[0] ?? Number.NaN).toFixed(1)} at the end`);
  if (failed) {
    console.error('a server answered with errors under load');
    process.exitCode = 1;
  }
} finally {
  for (const t of targets) await t.close();
  await postgres?.stop();
}
