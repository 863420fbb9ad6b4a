// `npm run bench:server`, part 1: a representative authenticated query (the member with their
// available tools) through the whole server (HTTP, JWT check with the session-version lookup,
// entitlements from the billing ledger via the sdk) under autocannon on loopback, beside a bare
// graphql-yoga answering `{ __typename }` in the same run. Prints requests per second, p50 and
// p99 latency, and the ratio (target: at least 0.5 of the bare server's throughput).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createSchema, createYoga } from 'graphql-yoga';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { ledger, users } from '../src/db/schema';
import { createLogger } from '../src/logger';
import { createOutboxMailer } from '../src/mail/mailer';
import { systemClock } from '../src/clock';
import { createTestPubSub } from '../src/test/pubsub';
import { testEnv } from '../src/test/app';

/** server/drizzle, from this source file and from its bundle in server/dist-test/ alike. */
const MIGRATIONS = fileURLToPath(new URL('../drizzle', import.meta.url));

const DURATION = Number(process.env['BENCH_SECONDS'] ?? 10);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 50);

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function load(url: string, body: string, headers: Record<string, string>): Promise<Figures> {
  const result = await autocannon({ url, method: 'POST', body, headers: { 'content-type': 'application/json', ...headers }, connections: CONNECTIONS, duration: DURATION });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx };
}

async function bare(): Promise<{ url: string; close: () => Promise<void> }> {
  const yoga = createYoga({ schema: createSchema({ typeDefs: 'type Query { ok: Boolean }' }), logging: false, landingPage: false });
  const server = createServer(yoga);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/graphql`, close: () => new Promise((r) => server.close(() => r())) };
}

async function matchkit(): Promise<{ url: string; token: string; close: () => Promise<void> }> {
  const config = loadConfig(testEnv({ NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true', PUBLIC_ORIGIN: 'http://127.0.0.1:3000' }));
  const database = await openDatabase({ kind: 'pglite-memory' });
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
  await database.db.insert(ledger).values({ id: 'sub_bench:term-1', userId: 'u_bench', type: 'payment', plan: 'diamond', amount: 4999, periodStart: new Date(now - 86_400_000), periodEnd: new Date(now + 20 * 86_400_000), at: new Date(now - 86_400_000) });
  const app = buildApp({ config, database, pubSub: createTestPubSub(), clock: systemClock, mail: createOutboxMailer(database.db, systemClock), logger: createLogger('silent'), webRoot: null });
  const { origin } = await app.start(0, '127.0.0.1');
  const { token } = await app.deps.tokens.issue({ userId: 'u_bench', sessionVersion: 0, signedInAt: now }, now);
  return { url: `${origin}/graphql`, token, close: () => app.stop() };
}

const row = (name: string, f: Figures) =>
  `| ${name.padEnd(44)} | ${f.rps.toFixed(0).padStart(8)} | ${f.p50.toFixed(1).padStart(6)} | ${f.p99.toFixed(1).padStart(6)} | ${String(f.errors + f.non2xx).padStart(6)} |`;

const base = await bare();
const mk = await matchkit();
try {
  const query = JSON.stringify({ query: '{ me { uid { global } email capabilities additionalCapabilities } myTools { slug title capability } }' });
  // Warm up both (JIT, PGlite caches), then measure.
  await autocannon({ url: mk.url, method: 'POST', body: query, headers: { 'content-type': 'application/json', authorization: `Bearer ${mk.token}` }, connections: 10, duration: 2 });
  await autocannon({ url: base.url, method: 'POST', body: JSON.stringify({ query: '{ __typename }' }), headers: { 'content-type': 'application/json' }, connections: 10, duration: 2 });
  const bareFigures = await load(base.url, JSON.stringify({ query: '{ __typename }' }), {});
  const mkFigures = await load(mk.url, query, { authorization: `Bearer ${mk.token}` });
  console.log(`\nserver: ${CONNECTIONS} connections, ${DURATION} s each, loopback, one process (embedded PGlite)\n`);
  console.log('| what | req/s | p50 ms | p99 ms | errors |');
  console.log('|---|---:|---:|---:|---:|');
  console.log(row('bare graphql-yoga { __typename }', bareFigures));
  console.log(row('matchkit: me + myTools (JWT, ledger, sdk)', mkFigures));
  const ratio = mkFigures.rps / bareFigures.rps;
  console.log(`\nratio matchkit / bare: ${ratio.toFixed(2)} (target at least 0.50: ${ratio >= 0.5 ? 'met' : 'NOT met'})`);
  if (mkFigures.errors + mkFigures.non2xx > 0) {
    console.error('the matchkit server answered with errors under load');
    process.exitCode = 1;
  }
} finally {
  await mk.close();
  await base.close();
}
