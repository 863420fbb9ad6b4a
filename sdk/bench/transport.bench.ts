// `npm run bench -- transport`: the sdk's GraphQL-over-HTTP client against a bare `fetch` and two
// peers (graphql-request, urql core), in the same run, to the same loopback server. Not a test:
// timed runs are noisy.
//
// The server is this file again, started as a child process (`--server`): a node:http server on
// 127.0.0.1 that reads each request's body and answers every one with the same fixed GraphQL JSON
// response for the platform's `Me` query. No GraphQL engine runs, so what differs between the
// clients is the clients' own work (building the request, fetch, reading and checking the
// response); a child process keeps the server's work off the clients' thread.
//
// Clients, all on Node's global fetch (undici, keep-alive) with the same query text:
// - bare fetch: POST the JSON body, `response.json()` (the baseline);
// - the sdk's `createGraphQLClient(...).request` (bundled from the sdk source);
// - graphql-request's `GraphQLClient.request` (the query as a string, its usual use);
// - urql core's `Client.query(...).toPromise()` with `fetchExchange` only (no cache),
//   requestPolicy `network-only` and `preferGetMethod: false` (every client POSTs).
// Each request carries a distinct variable (`{ request: n }`, ignored by the server): urql merges
// identical queries in flight into one network request, and the bench must send every one.
//
// After a check that every client returns the whole answer and a warm-up, BENCH_ROUNDS rounds
// take each client in turn (a rotating order) through two short slices: BENCH_REQUESTS requests
// one at a time (sequential latency), then BENCH_CONCURRENCY requests in flight for BENCH_SECONDS
// (throughput). Short interleaved slices keep the clients' conditions alike on a shared machine.
// Printed: p50 and p99 of all the sequential requests of each client and what each adds to bare
// fetch's (µs); requests per second (median of the rounds) and the ratio to bare fetch (median and
// quartiles of each round's ratio); the client process's CPU time per request while at
// throughput (median of the rounds) and what each client adds to bare fetch's (median of each
// round's difference): the client's own work, which the machine's other load moves least.
//
// Environment: BENCH_ROUNDS (default 20), BENCH_REQUESTS (default 500), BENCH_SECONDS (default
// 0.5), BENCH_CONCURRENCY (default 16).
import { fork, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Client as UrqlClient, fetchExchange } from '@urql/core';
import { GraphQLClient as GraphQLRequestClient } from 'graphql-request';
import { createGraphQLClient, MeQuery, type MeQueryData } from '../src/transport/index';
import { collect, median, positiveInt, positiveNumber, print } from './util';

/** The fixed answer to `Me`: a signed-in member, as the platform's server would send it. */
const ME_RESPONSE: { data: MeQueryData } = {
  data: {
    brand: 'primary',
    me: {
      uid: { global: 'u_01J9Z6Q4W8B2K7N3M5P1R0S9T4', wordpress: 48213 },
      firstName: 'Ada',
      lastName: 'Lovelace',
      username: 'ada',
      email: 'ada@example.com',
      capabilities: ['oddsmatcher', 'calculators', 'profit-tracker', 'casino-simulator'],
      additionalCapabilities: [],
      subscription: {
        billingTerm: 'month',
        isTrial: false,
        isLegacy: false,
        endsAt: '2026-12-28T00:00:00.000Z',
        cancelledAt: null,
        paymentFailedAt: null,
        pendingDowngrade: null,
      },
      billing: { customerId: 'cus_P4x9QwErTy', nextChargeAt: '2026-12-28T00:00:00.000Z' },
      referAFriend: { referralCode: 'ADA-7Q2K' },
      integrations: [{ integration: 'betfair', status: 'connected' }],
    },
  } as MeQueryData,
};

// ------------------------------------------------------------------------------------------------
// The server (child process)
// ------------------------------------------------------------------------------------------------

function runServer(): void {
  const body = Buffer.from(JSON.stringify(ME_RESPONSE));
  const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': String(body.length) };
  const server = createServer({ keepAliveTimeout: 60_000 }, (req, res) => {
    req.on('data', () => undefined);
    req.on('end', () => {
      res.writeHead(200, headers);
      res.end(body);
    });
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    process.send?.({ port: address.port, responseBytes: body.length });
  });
  // The parent's end is the server's end.
  process.on('disconnect', () => process.exit(0));
}

function startServer(): Promise<{ child: ChildProcess; url: string; responseBytes: number }> {
  const child = fork(fileURLToPath(import.meta.url), ['--server'], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the bench server exited (${code})`)));
    child.once('message', (m) => {
      const { port, responseBytes } = m as { port: number; responseBytes: number };
      resolve({ child, url: `http://127.0.0.1:${port}/graphql`, responseBytes });
    });
  });
}

// ------------------------------------------------------------------------------------------------
// The clients
// ------------------------------------------------------------------------------------------------

type Call = (n: number) => Promise<unknown>;
interface Contender {
  readonly name: string;
  readonly call: Call;
  /** The `me` the client returned, to check that every client got the whole answer. */
  readonly meOf: (result: unknown) => unknown;
}

function contenders(url: string): Contender[] {
  const query = String(MeQuery);
  const bare: Call = async (n) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ query, variables: { request: n } }),
    });
    if (!response.ok) throw new Error(`status ${response.status}`);
    return response.json();
  };
  const sdk = createGraphQLClient({ url });
  const gqlRequest = new GraphQLRequestClient(url);
  const urql = new UrqlClient({ url, exchanges: [fetchExchange], requestPolicy: 'network-only', preferGetMethod: false });
  return [
    { name: 'bare fetch (baseline)', call: bare, meOf: (r) => (r as { data: MeQueryData }).data.me },
    {
      name: '@matchkit/sdk createGraphQLClient',
      // Me declares no variables: the extra one (see the top of the file) is outside its type.
      call: (n) => sdk.request({ query: MeQuery, variables: { request: n } as never }),
      meOf: (r) => (r as { data: MeQueryData }).data.me,
    },
    {
      name: 'graphql-request 7 GraphQLClient',
      call: (n) => gqlRequest.request<MeQueryData>(query, { request: n }),
      meOf: (r) => (r as MeQueryData).me,
    },
    {
      name: '@urql/core 6 Client (fetchExchange)',
      call: async (n) => {
        const result = await urql.query<MeQueryData>(query, { request: n }).toPromise();
        if (result.error !== undefined) throw result.error;
        return result.data;
      },
      meOf: (r) => (r as MeQueryData).me,
    },
  ];
}

// ------------------------------------------------------------------------------------------------
// Measures
// ------------------------------------------------------------------------------------------------

/** The q-quantile of sorted values (nearest rank). */
const quantile = (sorted: readonly number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;

let counter = 0;

/** Sequential: the latency in µs of each of `requests` requests, one at a time, pushed to `out`. */
async function sequential(call: Call, requests: number, out: number[]): Promise<void> {
  for (let i = 0; i < requests; i++) {
    const t = performance.now();
    await call(counter++);
    out.push((performance.now() - t) * 1000);
  }
}

/**
 * Throughput: requests per second with `concurrency` requests in flight for `seconds`, and the
 * client process's CPU time (user + system) per request in µs, which the machine's other load
 * moves much less than the wall clock.
 */
async function throughput(call: Call, concurrency: number, seconds: number): Promise<{ rps: number; cpuUs: number }> {
  let done = 0;
  const cpu = process.cpuUsage();
  const start = performance.now();
  const end = start + seconds * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      await call(counter++);
      done++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { rps: done / (elapsed / 1000), cpuUs: (used.user + used.system) / done };
}

async function main(): Promise<void> {
  const ROUNDS = positiveInt('BENCH_ROUNDS', 20);
  const REQUESTS = positiveInt('BENCH_REQUESTS', 500);
  const SECONDS = positiveNumber('BENCH_SECONDS', 0.5);
  const CONCURRENCY = positiveInt('BENCH_CONCURRENCY', 16);
  const loadBefore = loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
  const { child, url, responseBytes } = await startServer();
  try {
    const clients = contenders(url);
    const requestBytes = JSON.stringify({ operationName: 'Me', variables: { request: 0 }, query: String(MeQuery) }).length;
    print(
      `transport benchmark: the platform's Me query (${requestBytes}-byte request, ${responseBytes}-byte response) to a node:http ` +
        `server in a child process on 127.0.0.1 answering a fixed response; Node ${process.version}, load average ${loadBefore}`,
    );
    print(
      `${ROUNDS} rounds, clients in a rotating order, each client per round: ${REQUESTS} requests one at a time, then ` +
        `${CONCURRENCY} in flight for ${SECONDS} s. Latency: p50 and p99 of all ${ROUNDS * REQUESTS} sequential requests; ` +
        `req/s: median of the rounds; ratio: median (and quartiles) of each round's ratio to bare fetch; CPU: the client ` +
        `process's CPU time per request at throughput (median of the rounds; added: median of each round's difference)`,
    );

    // Every client must return the whole answer before anything is timed.
    const expected = JSON.stringify(ME_RESPONSE.data.me);
    for (const c of clients) {
      const got = JSON.stringify(c.meOf(await c.call(counter++)));
      if (got !== expected) throw new Error(`${c.name} returned ${got}, expected ${expected}`);
    }
    // JIT warm-up of every path, sequential and concurrent.
    for (const c of clients) {
      await sequential(c.call, 1000, []);
      await throughput(c.call, CONCURRENCY, 0.5);
    }

    // Short interleaved slices: the machine's load drifts (other work shares the cores), and each
    // client's slices then see the same conditions as the baseline's.
    const latencies: number[][] = clients.map(() => []);
    const rps: number[][] = clients.map(() => []);
    const cpuUs: number[][] = clients.map(() => []);
    for (let r = 0; r < ROUNDS; r++) {
      const order = clients.map((_, i) => (i + r) % clients.length);
      for (const i of order) {
        const c = clients[i] as Contender;
        collect();
        await sequential(c.call, REQUESTS, latencies[i] as number[]);
        collect();
        const t = await throughput(c.call, CONCURRENCY, SECONDS);
        (rps[i] as number[]).push(t.rps);
        (cpuUs[i] as number[]).push(t.cpuUs);
      }
    }

    const sorted = latencies.map((xs) => [...xs].sort((a, b) => a - b));
    const p50 = sorted.map((xs) => quantile(xs, 0.5));
    const p99 = sorted.map((xs) => quantile(xs, 0.99));
    const base = rps[0] as number[];
    const pad = Math.max(...clients.map((c) => c.name.length));
    const col = (text: string, w: number) => text.padStart(w);
    const headers: [string, number][] = [
      ['p50 µs', 7],
      ['p99 µs', 7],
      ['+p50 µs', 8],
      ['+p99 µs', 8],
      [`req/s, ${CONCURRENCY} in flight`, 19],
      ['req/s ratio', 11],
      ['quartiles', 11],
      ['CPU µs/req', 10],
      ['+CPU µs', 8],
    ];
    print('');
    print(`${'client'.padEnd(pad)} | ${headers.map(([h, w]) => col(h, w)).join(' | ')}`);
    print(`${'-'.repeat(pad)}-|-${headers.map(([, w]) => '-'.repeat(w)).join('-|-')}`);
    const summary: string[] = [];
    clients.forEach((c, i) => {
      const ratios = (rps[i] as number[]).map((x, k) => x / (base[k] as number)).sort((a, b) => a - b);
      const ratio = median(ratios);
      const isBase = i === 0;
      const added50 = (p50[i] as number) - (p50[0] as number);
      const added99 = (p99[i] as number) - (p99[0] as number);
      const cpu = median(cpuUs[i] as number[]);
      const addedCpu = median((cpuUs[i] as number[]).map((x, k) => x - ((cpuUs[0] as number[])[k] as number)));
      const cells = [
        (p50[i] as number).toFixed(0),
        (p99[i] as number).toFixed(0),
        isBase ? '-' : added50.toFixed(0),
        isBase ? '-' : added99.toFixed(0),
        median(rps[i] as number[]).toFixed(0),
        isBase ? '1' : ratio.toFixed(2),
        isBase ? '-' : `${quantile(ratios, 0.25).toFixed(2)}-${quantile(ratios, 0.75).toFixed(2)}`,
        cpu.toFixed(0),
        isBase ? '-' : addedCpu.toFixed(0),
      ];
      print(`${c.name.padEnd(pad)} | ${cells.map((cell, k) => col(cell, (headers[k] as [string, number])[1])).join(' | ')}`);
      const signed = (x: number) => `${x < 0 ? '' : '+'}${x.toFixed(0)}`;
      if (!isBase)
        summary.push(`${c.name.split(' ')[0]} ${ratio.toFixed(2)}x req/s, ${signed(added50)} µs p50, ${signed(addedCpu)} µs CPU`);
    });
    print('');
    print(
      `transport (vs bare fetch ${median(base).toFixed(0)} req/s, p50 ${(p50[0] as number).toFixed(0)} µs, ` +
        `${median(cpuUs[0] as number[]).toFixed(0)} µs CPU a request, same run): ${summary.join('; ')}; ` +
        `load average before ${loadBefore}, after ${loadavg()
          .map((x) => x.toFixed(2))
          .join(' ')}`,
    );
  } finally {
    child.disconnect();
    child.kill();
  }
}

if (process.argv[2] === '--server') {
  runServer();
} else {
  await main();
}
