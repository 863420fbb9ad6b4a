// `npm run bench:server`, part 2 (`fanout`): 1,000 graphql-ws clients (the graphql-ws client over
// `ws`, one member and one socket each) subscribed to oddsPatches on one server process (buildApp +
// start(0), the simulated feed, the in-process PubSub), with patches at 10 a second for ~20 s.
// FANOUT_PROCESSES=2 runs two server processes sharing a Redis instead (see PROCESSES below).
// The server runs in a child process (this file again, FANOUT_ROLE=server) so that its memory is
// its own; the clients run in FANOUT_CLIENT_PROCESSES processes of their own (this file again,
// FANOUT_ROLE=clients; two by default). All read the same machine clock (performance.timeOrigin + now()).
//
// The feed's own timer has a 200 ms floor, so the server runs the stepped feed (no timer:
// createSteppedFeed) and drives `tick()` itself on a 100 ms schedule, moving a clock it controls
// 100 ms per tick: each patch carries 100 ms of market time, as a real feed at 10 patches a second
// would (before, each carried a 200 ms interval: the market ran twice as fast as real time). The feed's size is FEED_EVENTS, a comma-separated list run in turn, each on
// a fresh server (default `600,60`: ten times the embedded default, then the default itself as the
// comparison row). Every client filters by one sport (football, horse-racing, golf in turn), as a
// member's page would ask for it. Prints p50/p99 delivery lag (the server's publish instant, taken by a feed listener
// registered before the app's, to the client's receipt), patches per client, whether every
// client saw every sequence number in order (none lost), and the server's RSS and heap.
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { Socket } from 'node:net';
import { loadavg } from 'node:os';
import { constants as zlibConstants, crc32, inflateRawSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { OddsPatchesSubscription } from '@matchkit/sdk/feed';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import type * as ServerFromSource from '../../../scripts/server-from-source.mjs';
import type * as Services from '../../../scripts/services.mjs';
import { signInAs } from '../src/auth/sessions';

const CLIENTS = Number(process.env['FANOUT_CLIENTS'] ?? 1000);
const PATCHES = Number(process.env['FANOUT_PATCHES'] ?? 200);
const PERIOD_MS = 100;
/**
 * FANOUT_CLIENT=lean (the default): each client speaks graphql-transport-ws over the TCP socket
 * itself ({@link leanClient}) and reads only the id, type and seq of each message, as a load
 * generator should (autocannon does not parse what it receives either): on one 2-core machine,
 * the clients' own work competes with the server for the cores. Every {@link VERIFY_EVERY}th
 * client reads each of its messages whole instead (inflated, parsed, its seq taken from the
 * parsed message alone). FANOUT_CLIENT=graphql-ws: graphql-ws's createClient over ws, which
 * parses (and ws inflates) every message whole, as a browser would.
 */
const CLIENT_KIND = process.env['FANOUT_CLIENT'] === 'graphql-ws' ? 'graphql-ws' : 'lean';
/**
 * FANOUT_DEFLATE=on (the default): the clients offer permessage-deflate, as every browser does,
 * and the server sends each shared patch deflated (fanout.ts: deflated once for every socket),
 * about a sixth of the bytes. off: they do not, and read each patch as it is. The lean client is
 * the same either way: a deflated message the server sent to many clients alike is inflated once
 * to read its seq ({@link deflatedHead}); ws would inflate every message of every client here, on
 * the 2 cores the server is measured on, work that browsers do on their own machines.
 */
const DEFLATE = (process.env['FANOUT_DEFLATE'] ?? 'on') === 'on';
if (!['on', 'off', undefined].includes(process.env['FANOUT_DEFLATE']))
  throw new Error(`FANOUT_DEFLATE: on or off, not "${process.env['FANOUT_DEFLATE']}"`);
/** ws as the clients' socket: offering permessage-deflate or not (FANOUT_DEFLATE). */
class ClientSocket extends WebSocket {
  constructor(url: string, protocols?: string | string[]) {
    // ws inflates on libuv's thread pool, at most `concurrencyLimit` messages at once in the whole
    // process (its default, 10, would queue 1,000 sockets' messages behind one another).
    super(url, protocols, { perMessageDeflate: DEFLATE && { concurrencyLimit: Number(process.env['FANOUT_INFLATE_LIMIT'] ?? 10) } });
  }
}
/**
 * The server process's V8 flags: FANOUT_SERVER_NODE_FLAGS (space-separated), by default those
 * `npm start` runs the server with (example-app/package.json): a young generation of up to 32 MB
 * a semi-space, which roughly halves the collector's time under a feed's garbage (docs/performance.md).
 */
const SERVER_NODE_FLAGS = (process.env['FANOUT_SERVER_NODE_FLAGS'] ?? '--max-semi-space-size=32').split(' ').filter(Boolean);
/**
 * FANOUT_SIM=worker (the default): the simulated feed steps on a thread of its own, as the built
 * server runs it (feed/worker-feed.ts); thread: on the server's one thread, as before.
 */
const SIM_ON_WORKER = (process.env['FANOUT_SIM'] ?? 'worker') === 'worker';
if (!['worker', 'thread', undefined].includes(process.env['FANOUT_SIM']))
  throw new Error(`FANOUT_SIM: worker or thread, not "${process.env['FANOUT_SIM']}"`);

/** The simulated feed's thread, bundled from its sources as the server's build does (build.mjs). */
async function buildSimWorker(): Promise<URL> {
  const { bundleServerSource } = (await import(
    new URL('../../../scripts/server-from-source.mjs', import.meta.url).href
  )) as typeof ServerFromSource;
  // Beside this bundle, in server/dist-test/ (scripts/bench-server.mjs writes there; git ignores it).
  const outfile = fileURLToPath(new URL('./sim-worker.bench.mjs', import.meta.url));
  await bundleServerSource(fileURLToPath(new URL('../src/feed/sim-worker.ts', import.meta.url)), outfile);
  return new URL(`file://${outfile}`);
}

/** The feed sizes to run, in turn (FEED_EVENTS, comma-separated). */
const EVENT_COUNTS = (process.env['FEED_EVENTS'] ?? '600,60').split(',').map((text) => {
  const n = Number(text.trim());
  if (!Number.isInteger(n) || n < 10 || n > 1000)
    throw new Error(`FEED_EVENTS: each entry must be a whole number from 10 to 1000, not "${text}"`);
  return n;
});
const SPORTS = ['football', 'horse-racing', 'golf'] as const;
/**
 * FANOUT_PROCESSES (default 1): server processes, as a deployment runs one a core. Above 1 they
 * share a Redis (started for the run: Debian's redis-server) for the PubSub and the feed's
 * leader; each runs the same simulated feed from the same instant (the same seqs), the leader
 * publishes its patches, and the clients are dealt to the processes in turn, as a balancer would.
 * A patch's lag is taken from the earliest instant any process made it.
 */
const PROCESSES = Number(process.env['FANOUT_PROCESSES'] ?? 1);
if (!Number.isInteger(PROCESSES) || PROCESSES < 1 || PROCESSES > 4)
  throw new Error(`FANOUT_PROCESSES: a whole number from 1 to 4, not "${process.env['FANOUT_PROCESSES']}"`);

/**
 * The sdk's own subscription document (what the web app's live feed sends): every field of every
 * record, and exchange prices whose quotes alone moved as columns (its variable `quoteColumns:
 * true`, as the live feed asks).
 */
const PATCH_DOCUMENT: string = OddsPatchesSubscription;

/** Messages between the bench (parent) and the server process. */
type ToServer = { type: 'memory' } | { type: 'run'; count: number; periodMs: number } | { type: 'stop' };
interface Memory {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  /** Memory of C++ objects bound to JavaScript, ArrayBuffers (PGlite's WebAssembly memory among them) included. */
  external: number;
  subscriptions: number;
}
type FromServer =
  | { type: 'ready'; origin: string; tokens: string[] }
  | { type: 'memory'; memory: Memory }
  | {
      type: 'done';
      published: [seq: number, at: number][];
      cpuMs: number;
      /** The main thread's own CPU (Linux: /proc), null elsewhere. */
      mainCpuMs: number | null;
      wallMs: number;
      lateP99: number;
      writes: number;
      writtenP50: number;
      writtenP99: number;
    };

const instant = () => performance.timeOrigin + performance.now();

/**
 * This process's main thread's CPU time so far, in milliseconds (Linux: its utime and stime in
 * /proc, in ticks of 10 ms), or null where there is no /proc: the feed's own thread apart.
 */
function mainThreadCpuMs(): number | null {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// The server process
// ---------------------------------------------------------------------------------------------

async function serverMain(): Promise<void> {
  const { buildApp } = await import('../src/app');
  const { loadConfig } = await import('../src/config');
  const { openDatabase } = await import('../src/db/client');
  const { ledger, users } = await import('../src/db/schema');
  const { createSteppedFeed } = await import('@matchkit/app-contract/feed');
  const { createLogger } = await import('../src/logger');
  const { createMemoryMailer } = await import('../src/mail/mailer');
  const { createMemoryPubSub, createPubSubFromConfig } = await import('../src/pubsub/index');
  const { feedPubSubOptions } = await import('../src/feed/index');
  const { observeSharedSends } = await import('../src/fanout');
  const { createWorkerFeed } = await import('../src/feed/worker-feed');
  const { PRODUCTION_ENV, testEnv } = await import('../src/test/app');
  const send = (m: FromServer) => process.send?.(m);

  const migrations = fileURLToPath(new URL('../drizzle', import.meta.url));
  // FANOUT_REDIS_URL: one of several processes, sharing that Redis (FANOUT_PROCESSES above).
  const redisUrl = process.env['FANOUT_REDIS_URL'];
  const config = loadConfig(
    testEnv({
      ...PRODUCTION_ENV,
      PUBLIC_ORIGIN: 'http://127.0.0.1:3000',
      ...(redisUrl === undefined ? {} : { REDIS_URL: redisUrl, PUBSUB: 'redis' }),
    }),
  );
  const database = await openDatabase({ kind: 'pglite-memory' });
  await database.migrate(migrations);
  // Every process starts its feed at the same instant (FANOUT_START): the same seqs at each tick.
  let now = Number(process.env['FANOUT_START'] ?? Date.now());
  const clock = () => now;
  const eventCount = Number(process.env['FANOUT_SERVER_EVENTS']);
  // One tick is one period of market time (the bench steps it: no timer). On its own thread as
  // the built server runs it (FANOUT_SIM=worker, the default), or on the server's (thread).
  const feedOptions = { seed: 7, clock, eventCount, intervalMs: PERIOD_MS };
  const feed = SIM_ON_WORKER
    ? createWorkerFeed({ ...feedOptions, stepped: true, worker: await buildSimWorker() })
    : createSteppedFeed(feedOptions);
  if ('ready' in feed) await feed.ready;

  // The members: one each, with a plan whose tools read the feed (as test/app.ts memberWithPlan).
  const ids = Array.from({ length: CLIENTS }, (_, i) => `u_fan${String(i).padStart(4, '0')}`);
  for (let i = 0; i < ids.length; i += 250) {
    const batch = ids.slice(i, i + 250);
    await database.db.insert(users).values(
      batch.map((id) => ({
        id,
        email: `${id}@example.test`,
        username: id,
        firstName: 'Fan',
        lastName: 'Out',
        passwordHash: 'unused',
        referralCode: id.toUpperCase().replace(/_/g, ''),
        adultConfirmedAt: new Date(now),
        createdAt: new Date(now),
      })),
    );
    await database.db.insert(ledger).values(
      batch.map((id) => ({
        id: `${id}:term-1`,
        userId: id,
        type: 'payment' as const,
        plan: 'platinum',
        amount: 3999,
        periodStart: new Date(now - 86_400_000),
        periodEnd: new Date(now + 30 * 86_400_000),
        at: new Date(now - 86_400_000),
      })),
    );
  }

  // The publish instant of each patch: this listener runs just before the feed module's (which
  // publishes), because it is registered first.
  const published: [number, number][] = [];
  feed.onPatch((patch) => published.push([patch.seq, instant()]));

  // When each patch was written to each socket (the server's side of the lag): ws's send, wrapped
  // before the app opens any socket, notes the seq of every oddsPatches message while a run lasts.
  const { WebSocket: ServerSocket } = await import('ws');
  const writes: number[] = [];
  let recording = false;
  const socketSend = ServerSocket.prototype.send;
  // The seq of each shared payload, read once: every socket sends the same Buffer (fanout.ts), and
  // decoding its head for each of 1,000 sockets would charge the server for the bench's own work.
  const seqOfShared = new WeakMap<Buffer, number | null>();
  const seqIn = (head: string) => {
    const seq = /"oddsPatches":\{"seq":(\d+)/.exec(head);
    return seq === null ? null : Number(seq[1]);
  };
  // A message with a patch of its own (a string), or a shared one (fanout.ts: its shared bytes,
  // written deflated or as the message's last fragment), noted as it is written.
  ServerSocket.prototype.send = function (this: InstanceType<typeof ServerSocket>, data: unknown, ...rest: unknown[]) {
    if (recording && typeof data === 'string') {
      const seq = seqIn(data.slice(0, 160));
      if (seq !== null) writes.push(seq, instant());
    }
    return (socketSend as (...args: unknown[]) => void).call(this, data, ...rest);
  } as typeof socketSend;
  observeSharedSends((tail) => {
    if (!recording) return;
    let seq = seqOfShared.get(tail);
    if (seq === undefined) {
      seq = seqIn(tail.toString('latin1', 0, 160));
      seqOfShared.set(tail, seq);
    }
    if (seq !== null) writes.push(seq, instant());
  });

  const pubSub =
    redisUrl === undefined
      ? createMemoryPubSub()
      : await createPubSubFromConfig({ mode: 'redis', redisUrl, log: () => undefined, ...feedPubSubOptions(config) });
  const app = buildApp({
    config,
    database,
    pubSub,
    clock,
    mail: createMemoryMailer(), // production refuses the outbox; the benchmark sends no mail
    logger: createLogger('silent'),
    webRoot: null,
    feed,
  });
  const { origin } = await app.start(0, '127.0.0.1');
  const tokens: string[] = [];
  for (const id of ids) tokens.push((await signInAs(app.deps, id, now)).token);
  send({ type: 'ready', origin, tokens });

  // The bench gone without a stop (it failed): the server goes too.
  process.on('disconnect', () => process.exit(0));
  process.on('message', (message: ToServer) => {
    if (message.type === 'memory') {
      const m = process.memoryUsage();
      send({
        type: 'memory',
        memory: {
          rss: m.rss,
          heapUsed: m.heapUsed,
          heapTotal: m.heapTotal,
          external: m.external,
          subscriptions: pubSub.stats().subscriptions,
        },
      });
    } else if (message.type === 'run') {
      void run(message.count, message.periodMs);
    } else if (message.type === 'stop') {
      void app.stop().then(() => process.exit(0));
    }
  });

  /** Ticks `count` times, one per `periodMs` (each tick scheduled from the start: a late tick does not push the next ones). */
  async function run(count: number, periodMs: number) {
    // FANOUT_CPU_PROFILE=file.cpuprofile: the server's CPU profile of each run, as file.<events>.cpuprofile
    // (open it in Chrome's DevTools).
    const profileTo = process.env['FANOUT_CPU_PROFILE']?.replace(/(\.cpuprofile)?$/, `.${eventCount}.cpuprofile`);
    const { Session } = await import('node:inspector/promises');
    const session = new Session();
    if (profileTo !== undefined) {
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
    }
    // FANOUT_HEAP_PROFILE=file.heapprofile: where the server allocates during each run, every
    // object sampled whether collected or not (file.<events>.heapprofile, for DevTools); with
    // FANOUT_HEAP_PROFILE_YOUNG=off, leaving out what the scavenger collected: what was promoted
    // to the old generation (or is still alive), the copying the young collector pays for.
    const heapTo = process.env['FANOUT_HEAP_PROFILE']?.replace(/(\.heapprofile)?$/, `.${eventCount}.heapprofile`);
    if (heapTo !== undefined) {
      if (profileTo === undefined) session.connect();
      await session.post('HeapProfiler.enable');
      // The two include flags are V8's (Node 20's protocol typings do not have them yet).
      await session.post('HeapProfiler.startSampling', {
        samplingInterval: 16_384,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: process.env['FANOUT_HEAP_PROFILE_YOUNG'] !== 'off',
      } as never);
    }
    published.length = 0;
    writes.length = 0;
    recording = true;

    const late: number[] = [];
    const cpu0 = process.cpuUsage();
    const main0 = mainThreadCpuMs();
    const t0 = performance.now();
    let k = 0;
    const step = () => {
      late.push(performance.now() - (t0 + (k + 1) * periodMs));
      k += 1;
      now += feed.intervalMs;
      feed.tick();
      if (k < count) {
        setTimeout(step, Math.max(0, t0 + (k + 1) * periodMs - performance.now()));
        return;
      }
      const wallMs = performance.now() - t0;
      // Let the last patch reach every socket before reporting.
      setTimeout(() => {
        void (async () => {
          recording = false;
          const cpu = process.cpuUsage(cpu0);
          const publishedAt = new Map(published);
          const written: number[] = [];
          for (let i = 0; i < writes.length; i += 2) {
            const at = publishedAt.get(writes[i] as number);
            if (at !== undefined) written.push((writes[i + 1] as number) - at);
          }
          written.sort((a, b) => a - b);
          if (profileTo !== undefined) {
            const { profile } = await session.post('Profiler.stop');
            writeFileSync(profileTo, JSON.stringify(profile));
          }
          if (heapTo !== undefined) {
            const { profile } = await session.post('HeapProfiler.stopSampling');
            writeFileSync(heapTo, JSON.stringify(profile));
          }
          late.sort((a, b) => a - b);
          const q = (f: number) => written[Math.min(written.length - 1, Math.floor(f * written.length))] ?? Number.NaN;
          send({
            type: 'done',
            published: [...published],
            cpuMs: (cpu.user + cpu.system) / 1000,
            mainCpuMs: main0 === null ? null : (mainThreadCpuMs() ?? Number.NaN) - main0,
            wallMs,
            lateP99: late[Math.floor(0.99 * late.length)] ?? 0,
            writes: written.length,
            writtenP50: q(0.5),
            writtenP99: q(0.99),
          });
        })();
      }, 1000);
    };
    setTimeout(step, periodMs);
  }
}

// ---------------------------------------------------------------------------------------------
// The clients (in this process or in processes of their own)
// ---------------------------------------------------------------------------------------------

/**
 * FANOUT_CLIENT_PROCESSES (default 2): the clients are dealt to this many processes of their own
 * (in contiguous blocks of client indices), so that reading 1,000 sockets' messages after a large patch uses
 * both cores, as the server's processes would be measured from many machines; 1: every client in
 * this process. Each process's clients read the same machine clock (performance.timeOrigin + now()).
 */
const CLIENT_PROCESSES = Number(process.env['FANOUT_CLIENT_PROCESSES'] ?? 2);
if (!Number.isInteger(CLIENT_PROCESSES) || CLIENT_PROCESSES < 1 || CLIENT_PROCESSES > 4)
  throw new Error(`FANOUT_CLIENT_PROCESSES: a whole number from 1 to 4, not "${process.env['FANOUT_CLIENT_PROCESSES']}"`);

/** The delivery lag's p99 is printed for each run of this many patches too. */
const WINDOW = 20;

/** With the lean client, every this-many-th client inflates (when deflated) and parses each message whole. */
const VERIFY_EVERY = 50;

/** A client frame (masked, as RFC 6455 requires of clients) of `opcode` carrying `data`. */
function clientFrame(opcode: number, data: Buffer): Buffer {
  const length = data.length;
  const extra = length < 126 ? 0 : length < 65_536 ? 2 : 8;
  const out = Buffer.allocUnsafe(2 + extra + 4 + length);
  out[0] = 0x80 | opcode;
  out[1] = 0x80 | (extra === 0 ? length : extra === 2 ? 126 : 127);
  if (extra === 2) out.writeUInt16BE(length, 2);
  else if (extra === 8) out.writeBigUInt64BE(BigInt(length), 2);
  const mask = randomBytes(4);
  mask.copy(out, 2 + extra);
  for (let i = 0; i < length; i++) out[2 + extra + 4 + i] = (data[i] as number) ^ (mask[i & 3] as number);
  return out;
}

/** The flush trailer RFC 7692 leaves off each message, put back before inflating. */
const FLUSH_TAIL = Buffer.from([0x00, 0x00, 0xff, 0xff]);
/** A message ends at a sync flush, not at a final block: inflate to there. */
const SYNC_FLUSHED = { finishFlush: zlibConstants.Z_SYNC_FLUSH };

/**
 * The first 80 characters of a deflated message. The seq is past the stored head block, in the
 * deflated bytes every client of one result receives alike: one client inflates them and the
 * others find that message here (the bench's 1,000 clients share these cores; a browser inflates
 * its own). The last {@link SEEN_MOST} messages are kept.
 */
function deflatedHead(data: Buffer): string {
  // Found by the bytes' CRC-32, then compared whole: the same bytes, never a lookalike (a string of
  // each 3.5 kB message as the key cost this process more than anything else it did).
  const crc = crc32(data);
  const same = seenDeflated.get(crc);
  for (const seen of same ?? []) if (seen.bytes.equals(data)) return seen.head;
  const head = inflateRawSync(Buffer.concat([data, FLUSH_TAIL]), SYNC_FLUSHED).toString('utf8', 0, 80);
  seenDeflated.set(crc, [...(same ?? []), { bytes: Buffer.from(data), head }]);
  if (seenDeflated.size > SEEN_MOST) seenDeflated.delete(seenDeflated.keys().next().value as number);
  return head;
}
/** Messages seen, by their CRC-32 (a list: two messages may share one). */
const seenDeflated = new Map<number, { readonly bytes: Buffer; readonly head: string }[]>();
const SEEN_MOST = 64;

/**
 * The lean client, on the TCP socket itself: the opening handshake (graphql-transport-ws, and
 * `permessage-deflate; client_max_window_bits` when `deflate`), its own masked text frames, pongs
 * to the server's pings; each server frame parsed as it arrives, and each `next` message's seq
 * (in its first bytes, as the server writes it) to `onSeq`. A deflated message is inflated once
 * for all the clients it reaches alike ({@link deflatedHead}). `verify`: this client reads every
 * message whole on its own instead (inflated, parsed; the seq from the parsed message), so its
 * sequence numbers, checked for gaps like every client's, owe nothing to the shared cache.
 * Anything else (an error, a complete, a close, a message that does not read) to `onFailure`.
 * `onSeq`'s bytes are the frame's payload as sent. Returns its close.
 */
function leanClient(
  url: string,
  authorization: string,
  payload: unknown,
  deflate: boolean,
  onOpen: () => void,
  onSeq: (seq: number, bytes: number) => void,
  onFailure: (why: string) => void,
  wire: (() => number)[],
  verify: boolean,
  onVerified: () => void,
): () => void {
  const target = new URL(url.replace(/^ws/, 'http'));
  let socket: Socket | undefined;
  let closing = false;
  wire.push(() => socket?.bytesRead ?? 0);
  const send = (opcode: number, data: Buffer) => socket?.write(clientFrame(opcode, data));
  const sendText = (message: unknown) => send(0x1, Buffer.from(JSON.stringify(message)));
  const patchSeq = /^\{"id":"1","type":"next","payload":\{"data":\{"oddsPatches":\{"seq":(\d+)/;
  const acknowledged = () => {
    sendText({ id: '1', type: 'subscribe', payload });
    onOpen();
  };
  const readWhole = (data: Buffer, compressed: boolean) => {
    const text = (compressed ? inflateRawSync(Buffer.concat([data, FLUSH_TAIL]), SYNC_FLUSHED) : data).toString('utf8');
    const message = JSON.parse(text) as { type?: string; payload?: { data?: { oddsPatches?: { seq?: unknown } } } };
    const seq = message.payload?.data?.oddsPatches?.seq;
    if (message.type === 'next' && typeof seq === 'number') {
      onVerified();
      onSeq(seq, data.length);
    } else if (message.type === 'connection_ack') acknowledged();
    else onFailure(`unexpected message ${text.slice(0, 200)}`);
  };
  const readHead = (data: Buffer, compressed: boolean) => {
    const head = compressed ? deflatedHead(data) : data.toString('utf8', 0, 80);
    const seq = patchSeq.exec(head);
    if (seq !== null) onSeq(Number(seq[1]), data.length);
    else if (head.startsWith('{"type":"connection_ack"')) acknowledged();
    else onFailure(`unexpected message ${head}`);
  };
  const onText = (data: Buffer, compressed: boolean) => {
    try {
      if (verify) readWhole(data, compressed);
      else readHead(data, compressed);
    } catch (error) {
      onFailure(`a message that does not read: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  let pending: Buffer = Buffer.alloc(0);
  const onData = (chunk: Buffer) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    for (;;) {
      if (pending.length < 2) return;
      const first = pending[0] as number;
      const second = pending[1] as number;
      let length = second & 0x7f;
      let at = 2;
      if (length === 126) {
        if (pending.length < 4) return;
        length = pending.readUInt16BE(2);
        at = 4;
      } else if (length === 127) {
        if (pending.length < 10) return;
        length = Number(pending.readBigUInt64BE(2));
        at = 10;
      }
      if (pending.length < at + length) return;
      const data = pending.subarray(at, at + length);
      pending = pending.subarray(at + length);
      const opcode = first & 0x0f;
      if ((first & 0x80) === 0 || opcode === 0x0) onFailure('a fragmented message (the server sends each whole)');
      else if (opcode === 0x1) onText(data, (first & 0x40) !== 0);
      else if (opcode === 0x9) send(0xa, Buffer.from(data));
      else if (opcode === 0x8) {
        if (!closing) onFailure(`closed ${data.length >= 2 ? data.readUInt16BE(0) : ''} ${data.subarray(2).toString()}`);
        socket?.end();
        onOpen();
      } else if (opcode !== 0xa) onFailure(`an unexpected frame, opcode ${opcode}`);
    }
  };
  const handshake = httpRequest({
    host: target.hostname,
    port: target.port,
    path: target.pathname,
    headers: {
      connection: 'Upgrade',
      upgrade: 'websocket',
      'sec-websocket-version': '13',
      'sec-websocket-key': randomBytes(16).toString('base64'),
      'sec-websocket-protocol': 'graphql-transport-ws',
      ...(deflate ? { 'sec-websocket-extensions': 'permessage-deflate; client_max_window_bits' } : {}),
    },
  });
  handshake.on('upgrade', (response, upgraded, rest) => {
    socket = upgraded;
    if (deflate && !String(response.headers['sec-websocket-extensions'] ?? '').includes('permessage-deflate'))
      onFailure('the server did not accept permessage-deflate');
    upgraded.setNoDelay(true);
    upgraded.on('data', onData);
    upgraded.on('error', (error) => {
      if (!closing) onFailure(error.message);
    });
    upgraded.on('close', () => {
      if (!closing) onFailure('the connection closed');
      onOpen();
    });
    if (rest.length > 0) onData(rest);
    sendText({ type: 'connection_init', payload: { authorization } });
  });
  // A failed handshake is a failure, and the client's open is settled (its group waits for no more).
  handshake.on('response', (response) => {
    onFailure(`no upgrade: HTTP ${response.statusCode}`);
    onOpen();
  });
  handshake.on('error', (error) => {
    onFailure(error.message);
    onOpen();
  });
  handshake.end();
  return () => {
    closing = true;
    const code = Buffer.alloc(2);
    code.writeUInt16BE(1000);
    send(0x8, code);
    socket?.end();
  };
}

// ---------------------------------------------------------------------------------------------
// The clients' groups: in this process, or each in a process of its own (FANOUT_CLIENT_PROCESSES)
// ---------------------------------------------------------------------------------------------

/** One client: its index, where it connects, as whom, and what it subscribes to. */
interface ClientSpec {
  readonly j: number;
  readonly wsUrl: string;
  readonly authorization: string;
  readonly payload: { query: string; variables: Record<string, unknown> };
}

/** What a group of clients received during a run (from mark() to its clients' last patch). */
interface Collected {
  /** By client index: the sequence numbers received, and when (performance.timeOrigin + now()). */
  readonly seqs: [j: number, seqs: number[]][];
  readonly receipts: [j: number, at: number[]][];
  readonly bytesBySport: [sport: string, { bytes: number; messages: number }][];
  readonly verified: number;
  readonly wireRead: number;
  readonly cpuMs: number;
  readonly failures: string[];
}

/** A group of clients, wherever it runs. */
interface ClientGroup {
  /** Settles once every client of the group is connected and has subscribed (or failed). */
  readonly opened: Promise<void>;
  /** The failures so far. */
  failures(): Promise<string[]>;
  /** Starts counting: the group's CPU and the bytes its clients read from now. */
  mark(): Promise<void>;
  /** Once each client's last sequence number is one of `lastSeqs` (60 s at most: a client behind is late, not lost), what they received. */
  collect(lastSeqs: readonly number[]): Promise<Collected>;
  /** Closes every client; the failures since collect(). */
  close(): Promise<string[]>;
}

/** The clients of `specs`, in this process. */
function clientGroup(specs: readonly ClientSpec[]): ClientGroup {
  const seqs = new Map<number, number[]>(specs.map(({ j }) => [j, []]));
  const receipts = new Map<number, number[]>(specs.map(({ j }) => [j, []]));
  const failures: string[] = [];
  const closers: (() => Promise<void> | void)[] = [];
  // The bytes of the patch messages each sport's clients received (the lean client's only).
  const bytesBySport = new Map<string, { bytes: number; messages: number }>(SPORTS.map((s) => [s, { bytes: 0, messages: 0 }]));
  const wire: (() => number)[] = [];
  // Messages inflated and parsed whole by the verifying clients (FANOUT_DEFLATE=on, lean).
  let verified = 0;
  const wireBytes = () => wire.reduce((sum, read) => sum + read(), 0);
  const received = (j: number, seq: number, bytes?: number) => {
    const at = instant();
    seqs.get(j)?.push(seq);
    receipts.get(j)?.push(at);
    const sport = bytesBySport.get(SPORTS[j % SPORTS.length] as string);
    if (bytes !== undefined && sport !== undefined) {
      sport.bytes += bytes;
      sport.messages += 1;
    }
  };
  const open = async () => {
    for (let i = 0; i < specs.length; i += 50) {
      const opened: Promise<void>[] = [];
      for (const { j, wsUrl, authorization, payload } of specs.slice(i, i + 50)) {
        let connected!: () => void;
        opened.push(new Promise<void>((r) => (connected = r)));
        if (CLIENT_KIND === 'lean')
          closers.push(
            leanClient(
              wsUrl,
              authorization,
              payload,
              DEFLATE,
              connected,
              (seq, bytes) => received(j, seq, bytes),
              (why) => failures.push(`client ${j}: ${why}`),
              wire,
              j % VERIFY_EVERY === 0,
              () => (verified += 1),
            ),
          );
        else {
          const client = createClient({
            url: wsUrl,
            webSocketImpl: ClientSocket,
            connectionParams: { authorization },
            lazy: false,
            retryAttempts: 0,
            keepAlive: 0,
            on: { connected: () => connected(), closed: () => connected() },
          });
          closers.push(() => client.dispose());
          client.subscribe<{ oddsPatches: { seq: number } }>(payload, {
            next: (result) => {
              const seq = result.data?.oddsPatches.seq;
              if (seq === undefined) failures.push(`client ${j}: ${JSON.stringify(result.errors ?? result).slice(0, 200)}`);
              else received(j, seq);
            },
            error: (error) => failures.push(`client ${j}: ${error instanceof Error ? error.message : JSON.stringify(error).slice(0, 200)}`),
            complete: () => undefined,
          });
        }
      }
      await Promise.all(opened);
    }
  };
  let cpu0 = process.cpuUsage();
  let wire0 = 0;
  let collectedFailures = 0;
  return {
    opened: open(),
    failures: () => Promise.resolve([...failures]),
    mark() {
      cpu0 = process.cpuUsage();
      wire0 = wireBytes();
      return Promise.resolve();
    },
    async collect(lastSeqs) {
      const caughtUp = () => [...seqs.values()].every((got) => lastSeqs.includes(got.at(-1) as number));
      for (const until = performance.now() + 60_000; !caughtUp() && performance.now() < until;)
        await new Promise((r) => setTimeout(r, 100));
      const cpu = process.cpuUsage(cpu0);
      collectedFailures = failures.length;
      return {
        seqs: [...seqs],
        receipts: [...receipts],
        bytesBySport: [...bytesBySport],
        verified,
        wireRead: wireBytes() - wire0,
        cpuMs: (cpu.user + cpu.system) / 1000,
        failures: [...failures],
      };
    },
    async close() {
      await Promise.all(closers.map((close) => close()));
      return failures.slice(collectedFailures);
    },
  };
}

/** Messages between the bench and a clients' process: each request answered by a message of the same type. */
type ToClients =
  | { type: 'open'; specs: ClientSpec[] }
  | { type: 'failures' }
  | { type: 'mark' }
  | { type: 'collect'; lastSeqs: number[] }
  | { type: 'close' };
type FromClients =
  | { type: 'open' }
  | { type: 'failures'; failures: string[] }
  | { type: 'mark' }
  | { type: 'collect'; collected: Collected }
  | { type: 'close'; failures: string[] };

/** The clients of `specs`, in a process of their own (this file again, FANOUT_ROLE=clients). */
function remoteClientGroup(specs: readonly ClientSpec[]): ClientGroup {
  const child = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, FANOUT_ROLE: 'clients' },
    execArgv: ['--max-old-space-size=4096'],
  });
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`a clients' process exited (${code})`))));
  exited.catch(() => undefined);
  const ask = <T extends FromClients['type']>(message: ToClients & { type: T }) =>
    Promise.race([
      exited,
      new Promise<Extract<FromClients, { type: T }>>((resolve) => {
        const on = (m: FromClients) => {
          if (m.type !== message.type) return;
          child.off('message', on);
          resolve(m as Extract<FromClients, { type: T }>);
        };
        child.on('message', on);
        child.send(message);
      }),
    ]);
  return {
    opened: ask({ type: 'open', specs: [...specs] }).then(() => undefined),
    failures: async () => (await ask({ type: 'failures' })).failures,
    mark: async () => {
      await ask({ type: 'mark' });
    },
    collect: async (lastSeqs) => (await ask({ type: 'collect', lastSeqs: [...lastSeqs] })).collected,
    close: async () => {
      const { failures } = await ask({ type: 'close' });
      await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r(null)));
      return failures;
    },
  };
}

/** A clients' process: one group, driven by the bench's messages. */
function clientsMain(): void {
  let group: ClientGroup | null = null;
  const reply = (m: FromClients) => process.send?.(m);
  // The bench gone (it failed, or was stopped): its clients go too, not left holding the servers.
  // After its own close (below), the process ends once its sockets have closed.
  let closing = false;
  process.on('disconnect', () => {
    if (!closing) process.exit(0);
  });
  process.on('message', (message: ToClients) => {
    void (async () => {
      if (message.type === 'open') {
        group = clientGroup(message.specs);
        await group.opened;
        reply({ type: 'open' });
        return;
      }
      if (group === null) throw new Error(`a clients' process asked to ${message.type} before open`);
      if (message.type === 'failures') reply({ type: 'failures', failures: await group.failures() });
      else if (message.type === 'mark') {
        await group.mark();
        reply({ type: 'mark' });
      } else if (message.type === 'collect') reply({ type: 'collect', collected: await group.collect(message.lastSeqs) });
      else {
        closing = true;
        const failures = await group.close();
        reply({ type: 'close', failures });
        process.disconnect();
      }
    })();
  });
}

function request<T extends FromServer['type']>(
  child: ChildProcess,
  message: ToServer,
  reply: T,
): Promise<Extract<FromServer, { type: T }>> {
  return new Promise((resolve) => {
    const on = (m: FromServer) => {
      if (m.type !== reply) return;
      child.off('message', on);
      resolve(m as Extract<FromServer, { type: T }>);
    };
    child.on('message', on);
    child.send(message);
  });
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const quantile = (sorted: Float64Array, q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

/** What one run printed, for the summary. */
interface RunFigures {
  readonly eventCount: number;
  readonly p50: number;
  readonly p99: number;
  readonly lost: boolean;
  readonly load: readonly [number, number];
}

const loadNow = () => loadavg()[0] ?? Number.NaN;

/** One run: a fresh server with a feed of `eventCount` events, every client, PATCHES patches. */
async function fanout(eventCount: number, redisUrl: string | undefined): Promise<RunFigures | null> {
  const loadBefore = loadNow();
  const start = String(Date.now());
  // One server process, or PROCESSES sharing the Redis; started one after the other (the first is
  // the feed's leader: it takes the lease first).
  const children: ChildProcess[] = [];
  const readies: Extract<FromServer, { type: 'ready' }>[] = [];
  for (let k = 0; k < PROCESSES; k++) {
    const child = fork(fileURLToPath(import.meta.url), [], {
      env: {
        ...process.env,
        FANOUT_ROLE: 'server',
        FANOUT_SERVER_EVENTS: String(eventCount),
        FANOUT_START: start,
        ...(redisUrl === undefined ? {} : { FANOUT_REDIS_URL: redisUrl }),
      },
      execArgv: ['--max-old-space-size=4096', ...SERVER_NODE_FLAGS],
    });
    children.push(child);
    readies.push(
      await new Promise<Extract<FromServer, { type: 'ready' }>>((resolve, reject) => {
        child.once('message', (m: FromServer) => (m.type === 'ready' ? resolve(m) : reject(new Error(`unexpected ${m.type}`))));
        child.once('exit', (code) => reject(new Error(`server exited (${code})`)));
      }),
    );
  }
  /** Each process's memory figures, in process order. */
  const memories = async () => Promise.all(children.map(async (c) => (await request(c, { type: 'memory' }, 'memory')).memory));
  const memoryIdle = await memories();

  // The clients, in CLIENT_PROCESSES groups (this process's own, or each in a process of its own).
  const specs: ClientSpec[] = Array.from({ length: CLIENTS }, (_, j) => {
    // Client j goes to process j mod PROCESSES (a balancer's round robin), with its token there.
    const ready = readies[j % PROCESSES] as (typeof readies)[number];
    return {
      j,
      wsUrl: `${ready.origin.replace(/^http/, 'ws')}/graphql`,
      authorization: `Bearer ${ready.tokens[j]}`,
      payload: { query: PATCH_DOCUMENT, variables: { filter: { sports: [SPORTS[j % SPORTS.length]] }, quoteColumns: true } },
    };
  });
  const connectStart = performance.now();
  const groups =
    CLIENT_PROCESSES === 1
      ? [clientGroup(specs)]
      : // In contiguous blocks of clients: each process holds its share of every sport, of the
        // verifying clients (every VERIFY_EVERY-th) and of every server process (j mod PROCESSES).
        Array.from({ length: CLIENT_PROCESSES }, (_, g) =>
          remoteClientGroup(specs.filter(({ j }) => Math.floor((j * CLIENT_PROCESSES) / CLIENTS) === g)),
        );
  const groupFailures = async () => (await Promise.all(groups.map((g) => g.failures()))).flat();
  await Promise.all(groups.map((g) => g.opened));
  // Wait until every server holds its clients' subscriptions (beyond the ones it held idle).
  const theirs = (k: number) => Math.floor(CLIENTS / PROCESSES) + (k < CLIENTS % PROCESSES ? 1 : 0);
  const subscribed = (m: Memory[]) =>
    m.reduce((sum, one, k) => sum + Math.min(theirs(k), one.subscriptions - (memoryIdle[k]?.subscriptions ?? 0)), 0);
  let memorySubscribed = await memories();
  const deadline = performance.now() + 30_000;
  while (subscribed(memorySubscribed) < CLIENTS && performance.now() < deadline && (await groupFailures()).length === 0) {
    await new Promise((r) => setTimeout(r, 200));
    memorySubscribed = await memories();
  }
  const connectMs = performance.now() - connectStart;
  if (subscribed(memorySubscribed) < CLIENTS) {
    console.error(
      `only ${subscribed(memorySubscribed)} of ${CLIENTS} subscriptions reached the servers`,
      (await groupFailures()).slice(0, 5),
    );
    await Promise.all(groups.map((g) => g.close()));
    for (const child of children) child.send({ type: 'stop' } satisfies ToServer);
    process.exitCode = 1;
    return null;
  }

  await Promise.all(groups.map((g) => g.mark()));
  const dones = await Promise.all(children.map((c) => request(c, { type: 'run', count: PATCHES, periodMs: PERIOD_MS }, 'done')));
  // Every client's last patch, however late (up to 60 s): a client behind is late, not lost.
  const lastSeqs = dones.flatMap((d) => d.published.at(-1)?.[0] ?? []);
  const collected = await Promise.all(groups.map((g) => g.collect(lastSeqs)));
  const seqs: number[][] = Array.from({ length: CLIENTS }, () => []);
  const receipts: number[][] = Array.from({ length: CLIENTS }, () => []);
  const bytesBySport = new Map<string, { bytes: number; messages: number }>(SPORTS.map((s) => [s, { bytes: 0, messages: 0 }]));
  for (const c of collected) {
    for (const [j, got] of c.seqs) seqs[j] = got;
    for (const [j, at] of c.receipts) receipts[j] = at;
    for (const [sport, b] of c.bytesBySport) {
      const sum = bytesBySport.get(sport);
      if (sum !== undefined) {
        sum.bytes += b.bytes;
        sum.messages += b.messages;
      }
    }
  }
  const verified = collected.reduce((sum, c) => sum + c.verified, 0);
  const wireRead = collected.reduce((sum, c) => sum + c.wireRead, 0);
  const clientCpuMs = collected.reduce((sum, c) => sum + c.cpuMs, 0);
  const failures = collected.flatMap((c) => c.failures);
  const memoryAfter = await memories();
  // One process's figures, or the processes' together: CPU summed, the slowest wall, the worst
  // lateness and server-side quantiles (each process's own).
  const done = dones[0] as (typeof dones)[number];
  const cpuMs = dones.reduce((sum, d) => sum + d.cpuMs, 0);
  const wallMs = Math.max(...dones.map((d) => d.wallMs));
  const lateP99 = Math.max(...dones.map((d) => d.lateP99));
  const writes = dones.reduce((sum, d) => sum + d.writes, 0);
  const writtenP50 = Math.max(...dones.map((d) => d.writtenP50));
  const writtenP99 = Math.max(...dones.map((d) => d.writtenP99));

  // Lag of every delivery (from the earliest instant any process made the patch); continuity of
  // every client's sequence numbers.
  const publishedAt = new Map<number, number>();
  for (const d of dones) for (const [seq, at] of d.published) publishedAt.set(seq, Math.min(at, publishedAt.get(seq) ?? at));
  const expected = done.published.map(([seq]) => seq);
  const lags = new Float64Array(CLIENTS * expected.length);
  // The same lags by the patch's place in the run, in windows of WINDOW patches (is the tail the
  // first patches', a server still compiling its paths, or the whole run's?).
  const order = new Map(expected.map((seq, i) => [seq, i]));
  const windows = Array.from({ length: Math.ceil(expected.length / WINDOW) }, () => [] as number[]);
  let n = 0;
  let continuous = 0;
  const perClient: number[] = [];
  for (let c = 0; c < CLIENTS; c++) {
    const got = seqs[c] ?? [];
    perClient.push(got.length);
    if (got.length === expected.length && got.every((s, i) => s === expected[i])) continuous += 1;
    got.forEach((seq, i) => {
      const at = publishedAt.get(seq);
      if (at === undefined) return;
      const lag = (receipts[c]?.[i] ?? Number.NaN) - at;
      lags[n++] = lag;
      windows[Math.floor((order.get(seq) ?? 0) / WINDOW)]?.push(lag);
    });
  }
  const sorted = lags.subarray(0, n).sort();
  const byWindow = windows.map((w) => quantile(Float64Array.from(w).sort(), 0.99));
  perClient.sort((a, b) => a - b);

  console.log(
    `\nfan-out (clients ${DEFLATE ? 'offering' : 'not offering'} permessage-deflate; the simulated feed on ${SIM_ON_WORKER ? 'its own thread' : "the server's thread"}): ${PROCESSES === 1 ? 'one server process' : `${PROCESSES} server processes sharing a Redis, the clients dealt in turn`}, ${CLIENTS} graphql-ws clients (${CLIENT_KIND === 'lean' ? `the protocol over the TCP socket, reading each message's seq${DEFLATE ? ', a shared deflated message inflated once for all' : ''}` : "graphql-ws's createClient"}; one member each), oddsPatches filtered by sport (${SPORTS.join(', ')} in turn), simulated feed of ${eventCount} events`,
  );
  console.log(
    `${expected.length} patches scheduled one per ${PERIOD_MS} ms: sent in ${(wallMs / 1000).toFixed(1)} s (${((expected.length * 1000) / wallMs).toFixed(1)} a second; p99 tick ${lateP99.toFixed(0)} ms behind its schedule); connecting and subscribing all clients took ${(connectMs / 1000).toFixed(1)} s\n`,
  );
  console.log('| figure | value |');
  console.log('|---|---:|');
  console.log(`| delivery lag p50 | ${quantile(sorted, 0.5).toFixed(1)} ms |`);
  console.log(`| delivery lag p99 | ${quantile(sorted, 0.99).toFixed(1)} ms |`);
  console.log(`| delivery lag max | ${(sorted[sorted.length - 1] ?? Number.NaN).toFixed(1)} ms |`);
  console.log(`| delivery lag p99 by ${WINDOW} patches, in the run's order | ${byWindow.map((ms) => ms.toFixed(0)).join(' / ')} ms |`);
  console.log(
    `| of which the server's side, publish to socket write: p50 / p99 | ${writtenP50.toFixed(1)} / ${writtenP99.toFixed(1)} ms (${writes} writes${PROCESSES === 1 ? '' : '; the worst process'}) |`,
  );
  console.log(
    `| patches received per client (min / median / max) | ${perClient[0]} / ${perClient[Math.floor(CLIENTS / 2)]} / ${perClient[CLIENTS - 1]} of ${expected.length} |`,
  );
  console.log(`| clients with every sequence number, in order | ${continuous} of ${CLIENTS} |`);
  console.log(
    `| server CPU during the run | ${(cpuMs / 1000).toFixed(1)} s in ${(wallMs / 1000).toFixed(1)} s${PROCESSES === 1 ? '' : ` (by process: ${dones.map((d) => (d.cpuMs / 1000).toFixed(1)).join(' + ')} s)`} |`,
  );
  const mainCpu = dones.map((d) => d.mainCpuMs);
  if (mainCpu.every((ms) => ms !== null))
    console.log(
      `| of which the server's main thread (serving the members) | ${mainCpu.map((ms) => ((ms ?? 0) / 1000).toFixed(1)).join(' + ')} s |`,
    );
  console.log(
    `| clients' CPU during the run (${CLIENT_PROCESSES === 1 ? 'this process' : `${CLIENT_PROCESSES} processes`}) | ${(clientCpuMs / 1000).toFixed(1)} s${CLIENT_PROCESSES === 1 ? '' : ` (by process: ${collected.map((c) => (c.cpuMs / 1000).toFixed(1)).join(' + ')} s)`} |`,
  );
  const memoryRow = (ms: Memory[]) => ms.map((m) => `${mb(m.rss)} / ${mb(m.heapUsed)} / ${mb(m.external)}`).join(' + ');
  console.log(`| server RSS / heap used / external: started, no clients | ${memoryRow(memoryIdle)} |`);
  console.log(`| server RSS / heap used / external: ${CLIENTS} subscribed | ${memoryRow(memorySubscribed)} |`);
  console.log(`| server RSS / heap used / external: after the run | ${memoryRow(memoryAfter)} |`);
  if (CLIENT_KIND === 'lean') {
    const sizes = [...bytesBySport].map(([sport, b]) => `${sport} ${(b.bytes / Math.max(1, b.messages) / 1024).toFixed(1)} kB`);
    console.log(`| a patch message, mean by the clients' sport | ${sizes.join(', ')} |`);
    const messages = [...bytesBySport.values()].reduce((sum, b) => sum + b.messages, 0);
    console.log(
      `| on the wire (${DEFLATE ? 'permessage-deflate offered' : 'no compression offered'}): read by the clients, mean a patch message | ${(wireRead / Math.max(1, messages) / 1024).toFixed(1)} kB (${mb(wireRead)} in all) |`,
    );
  }
  if (CLIENT_KIND === 'lean')
    console.log(`| messages read whole by every ${VERIFY_EVERY}th client (their seqs from the parsed message alone) | ${verified} |`);
  const p99 = quantile(sorted, 0.99);
  const lost = continuous < CLIENTS;
  console.log(`\ntarget p99 under 100 ms and none lost: ${p99 < 100 && !lost ? 'met' : 'NOT met'}`);
  if (failures.length > 0) console.error(`${failures.length} client errors, first: ${failures[0]}`);

  console.log(`load average (1 min): ${loadBefore.toFixed(1)} before the run, ${loadNow().toFixed(1)} after`);

  failures.push(...(await Promise.all(groups.map((g) => g.close()))).flat());
  await Promise.all(
    children.map(async (child) => {
      child.send({ type: 'stop' } satisfies ToServer);
      await new Promise((r) => child.once('exit', r));
    }),
  );
  if (failures.length > 0) {
    console.error(`${failures.length} client errors by the end, first: ${failures[0]}`);
    process.exitCode = 1;
  }
  return { eventCount, p50: quantile(sorted, 0.5), p99, lost, load: [loadBefore, loadNow()] };
}

async function benchMain(): Promise<void> {
  const runs: RunFigures[] = [];
  // Imported where it lies, not bundled (its command line would run in the bundle).
  const services = new URL('../../../scripts/services.mjs', import.meta.url).href;
  const { startRedis } = (await import(services)) as typeof Services;
  const redis = PROCESSES === 1 ? null : await startRedis();
  try {
    for (const eventCount of EVENT_COUNTS) {
      const figures = await fanout(eventCount, redis?.url);
      if (figures !== null) runs.push(figures);
    }
  } finally {
    await redis?.stop();
  }
  console.log(`
fan-out summary: ${CLIENTS} clients ${DEFLATE ? 'offering' : 'not offering'} permessage-deflate, ${PATCHES} patches one per ${PERIOD_MS} ms, ${PROCESSES} server process${PROCESSES === 1 ? '' : 'es'}
`);
  console.log('| feed events | lag p50 | lag p99 | none lost | target (p99 under 100 ms, none lost) | load average before / after |');
  console.log('|---:|---:|---:|---|---|---|');
  for (const r of runs)
    console.log(
      `| ${r.eventCount} | ${r.p50.toFixed(1)} ms | ${r.p99.toFixed(1)} ms | ${r.lost ? 'NO' : 'yes'} | ${r.p99 < 100 && !r.lost ? 'met' : 'NOT met'} | ${r.load[0].toFixed(1)} / ${r.load[1].toFixed(1)} |`,
    );
}

if (process.env['FANOUT_ROLE'] === 'server') await serverMain();
else if (process.env['FANOUT_ROLE'] === 'clients') clientsMain();
else await benchMain();
