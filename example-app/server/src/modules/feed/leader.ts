// Which process publishes the feed's patches (and runs the real providers: feed/leader-feed.ts).
// With the in-process PubSub there is one process: it leads. With Redis or PostgreSQL fan-out and a
// shared PostgreSQL database, the one holding a session-level advisory lock leads; when it dies its
// connection drops, the lock is released, and another process takes over within `retryMs`. With
// Redis and no DATABASE_URL (each process on its own embedded database), the one holding a lease
// in Redis leads ({@link redisLeader}).
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { Redis } from 'ioredis';
import pg from 'pg';

/** A leadership claim. */
export interface Leadership {
  isLeader(): boolean;
  stop(): Promise<void>;
}

/** How the feed's leader is elected: see {@link feedElection}. */
export type FeedElection = 'sole' | 'advisory' | 'redis';

/**
 * How this deployment elects the feed's leader, the one place that decides it (the feed module
 * elects by it; createFeed mirrors a leader whenever it is not 'sole'): with an in-process PubSub (or
 * none) one process, which leads; with a PubSub across processes and a shared PostgreSQL database,
 * the advisory lock; with Redis and no database URL (each process on its own embedded database), the
 * lease in Redis; otherwise (PostgreSQL fan-out cannot be without a database URL) one process.
 */
export function feedElection(
  config: { readonly databaseUrl: string | null; readonly redisUrl: string | null },
  pubSub: { readonly kind: 'memory' | 'redis' | 'postgres' } | undefined,
): FeedElection {
  if (pubSub === undefined || pubSub.kind === 'memory') return 'sole';
  if (config.databaseUrl !== null) return 'advisory';
  if (pubSub.kind === 'redis' && config.redisUrl !== null) return 'redis';
  return 'sole';
}

/** Always the leader (one process). */
export function soleLeader(): Leadership {
  return { isLeader: () => true, stop: async () => {} };
}

/** A claim being tried on a timer, as its attempts see it. */
interface Claim {
  /** Whether stop() was called (no attempt is scheduled after it, and it no longer leads). */
  readonly stopped: boolean;
  /** Sets whether this process leads (onChange is told of a change); once stopped, never true. */
  lead(value: boolean): void;
  /** Tries again in `ms`, replacing any try already scheduled (not once stopped). */
  retryIn(ms: number): void;
}

/**
 * A {@link Leadership} tried at once and then whenever `attempt` asks (`claim.retryIn`); on stop it
 * no longer leads, waits for the attempt in flight (which may have taken what it claims), then
 * `release` lets go of what it holds.
 */
function timedClaim(
  onChange: ((leader: boolean) => void) | undefined,
  attempt: (claim: Claim) => Promise<void>,
  release: () => Promise<void>,
): Leadership {
  let leader = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let inFlight: Promise<void> | null = null;
  const run = () => {
    const current = attempt(claim).finally(() => {
      if (inFlight === current) inFlight = null;
    });
    inFlight = current;
  };
  const claim: Claim = {
    get stopped() {
      return stopped;
    },
    lead(value) {
      if (leader === value || (value && stopped)) return;
      leader = value;
      onChange?.(value);
    },
    retryIn(ms) {
      if (stopped) return;
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        run();
      }, ms).unref();
    },
  };
  run();
  return {
    isLeader: () => leader,
    async stop() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      claim.lead(false);
      await inFlight?.catch(() => undefined);
      await release();
    },
  };
}

/** How long a leader's connection may take to open, ms (stop() waits for an attempt in flight). */
const CONNECT_TIMEOUT_MS = 5000;

/** Leads while holding advisory lock `key` on a dedicated connection to `url`. */
export function advisoryLeader(
  url: string,
  key: number,
  options: { retryMs?: number; onChange?: (leader: boolean) => void } = {},
): Leadership {
  const retryMs = options.retryMs ?? 2000;
  let client: pg.Client | null = null;
  const end = async () => {
    const c = client;
    client = null;
    await c?.end().catch(() => undefined);
  };
  return timedClaim(
    options.onChange,
    async (claim) => {
      try {
        if (client === null) {
          // Bounded: stop() waits for the attempt in flight before it lets go of the lock.
          const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
          c.on('error', () => {
            claim.lead(false);
            client = null;
            void c.end().catch(() => undefined);
            claim.retryIn(retryMs);
          });
          await c.connect();
          client = c;
        }
        if (claim.stopped) return await end(); // stopped while it connected
        const r = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [key]);
        // Stopped meanwhile: ending the session lets go of a lock it may just have taken.
        if (claim.stopped) return await end();
        if (r.rows[0]?.ok === true) {
          claim.lead(true);
          return;
        }
      } catch {
        claim.lead(false);
        await end();
      }
      claim.retryIn(retryMs);
    },
    end,
  );
}

/** Options of {@link redisLeader}. */
export interface RedisLeaderOptions {
  /** How long a lease lasts without renewal, ms: how long the others wait when the leader dies. @defaultValue 10_000 */
  readonly ttlMs?: number;
  /** How often a follower tries to take the lease, ms. @defaultValue 2000 */
  readonly retryMs?: number;
  /** Told each time this process starts or stops leading. */
  readonly onChange?: (leader: boolean) => void;
  /** Where a lost connection or lease is told (never the URL). */
  readonly onProblem?: (problem: string) => void;
}

// Renews the lease only while it still holds this leader's epoch; releases it on the same condition.
const RENEW = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";
const RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

/** The name and code of a failed Redis request, never its message's URL or credentials. */
function redisError(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown error';
  const code = (error as Error & { code?: unknown }).code;
  // ioredis words a timeout and an unwritable stream by message only; both are fixed texts.
  const known = /^(Command timed out|Connection is closed|Stream isn't writeable)/.exec(error.message)?.[1];
  return [error.name, typeof code === 'string' ? code : null, known ?? null].filter((x) => x !== null).join(' ');
}

/**
 * Leads while holding a lease in Redis at `key` (REDIS_URL without DATABASE_URL: there is no shared
 * PostgreSQL for the advisory lock). Taken with `SET key epoch NX PX ttl`, where the epoch is a
 * fresh random id each time this process takes it; renewed every third of the ttl and released on
 * stop, each only while the key still holds that epoch (a leader that lost its lease can neither
 * extend nor delete the next leader's). Every take or renewal arms a local timer that stops the
 * leading a third of the ttl before the lease could end (measured from before the request that set
 * it, on the monotonic clock), whatever becomes of the requests meanwhile: a leader whose Redis
 * stalls steps down before its lease can pass to another process. Requests time out within a sixth
 * of the ttl and fail at once while disconnected (no queue). A dead leader's lease ends after `ttlMs`.
 */
export function redisLeader(url: string, key: string, options: RedisLeaderOptions = {}): Leadership {
  const ttlMs = options.ttlMs ?? 10_000;
  const retryMs = options.retryMs ?? 2000;
  const renewMs = Math.max(1, Math.floor(ttlMs / 3));
  const requestMs = Math.max(1, Math.floor(renewMs / 2));
  const client = new Redis(url, {
    maxRetriesPerRequest: 1,
    connectionName: 'matchkit-feed-leader',
    commandTimeout: requestMs,
    connectTimeout: requestMs,
    enableOfflineQueue: false,
  });
  client.on('error', () => undefined); // ioredis reconnects; a failed command says the rest
  let epoch: string | null = null;
  let stepDown: NodeJS.Timeout | null = null;
  let lastProblem: string | null = null;
  const problem = (text: string) => {
    if (text === lastProblem) return;
    lastProblem = text;
    options.onProblem?.(text);
  };
  const lose = (claim: Claim, text: string) => {
    epoch = null;
    if (stepDown !== null) clearTimeout(stepDown);
    stepDown = null;
    claim.lead(false);
    problem(text);
  };
  /** The lease is surely this process's until `asked + ttlMs`: lead until a third of the ttl before. */
  const held = (claim: Claim, asked: number) => {
    if (stepDown !== null) clearTimeout(stepDown);
    const left = asked + ttlMs - renewMs - performance.now();
    stepDown = setTimeout(() => lose(claim, 'the feed leader lease could not be renewed in time'), Math.max(0, left)).unref();
  };
  return timedClaim(
    options.onChange,
    async (claim) => {
      const renewing = epoch !== null;
      const mine = epoch ?? randomUUID();
      try {
        // Commands fail at once while not connected: give a connection being opened its chance.
        if (client.status === 'connecting' || client.status === 'connect' || client.status === 'reconnecting')
          await Promise.race([once(client, 'ready'), new Promise((resolve) => setTimeout(resolve, requestMs))]);
        const asked = performance.now();
        if (!renewing) {
          const taken = (await client.set(key, mine, 'PX', ttlMs, 'NX')) === 'OK';
          if (taken && claim.stopped) await client.eval(RELEASE, 1, key, mine);
          else if (taken) {
            epoch = mine;
            held(claim, asked);
            claim.lead(true);
          }
          lastProblem = null;
        } else if (Number(await client.eval(RENEW, 1, key, mine, ttlMs)) === 1) {
          lastProblem = null;
          // Stepped down meanwhile (too late): the lease it renewed is let go, not left to expire.
          if (epoch === mine) held(claim, asked);
          else await client.eval(RELEASE, 1, key, mine);
        } else if (epoch === mine) lose(claim, 'the feed leader lease expired or was taken by another process');
      } catch (error) {
        // Not answered: the step-down timer ends the leading while the lease may no longer hold.
        problem(`the feed leader lease could not be ${renewing ? 'renewed' : 'taken'}: ${redisError(error)}`);
      }
      claim.retryIn(epoch === null ? retryMs : renewMs);
    },
    async () => {
      const holding = epoch;
      epoch = null;
      if (stepDown !== null) clearTimeout(stepDown);
      stepDown = null;
      if (holding !== null) await client.eval(RELEASE, 1, key, holding).catch(() => undefined);
      // Bounded: a stalled connection is dropped rather than waited for.
      await Promise.race([client.quit().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, requestMs))]);
      client.disconnect();
    },
  );
}
