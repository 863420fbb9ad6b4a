// Which process publishes the feed's patches (and runs the real providers: feed/leader-feed.ts).
// With the in-process PubSub there is one process: it leads. With Redis or PostgreSQL fan-out and a
// shared PostgreSQL database, the one holding a session-level advisory lock leads; when it dies its
// connection drops, the lock is released, and another process takes over within `retryMs`. With
// Redis and no DATABASE_URL (each process on its own embedded database), the one holding a lease
// in Redis leads ({@link redisLeader}).
//
// Fencing. During a failover two processes can briefly both believe they lead (a stalled leader
// resuming after its lease lapsed, or before it notices its connection and lock are gone). Each
// leadership term has a number, its term, strictly greater than every earlier term's (Redis: INCR of
// a counter taken in the same script as the lease; PostgreSQL: the transaction id of the statement
// that takes the lock). Every message the leader publishes carries its term ({@link termOf});
// every process remembers the highest term it has heard and drops the messages of a lower one
// ({@link Fencing.admit}), and a leader that hears a term above its own steps down at once.
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { Redis } from 'ioredis';
import pg from 'pg';

/** What a process's messages are fenced by: its leadership's term, and the highest term it heard. */
export interface Fencing {
  /** This process's term while it leads (every message it publishes carries it), else null. */
  term(): number | null;
  /**
   * Hears the term of a message (see {@link termOf}): false when it is below the highest term this
   * process has heard (drop the message). A leader hearing a term above its own steps down at once.
   */
  admit(term: number): boolean;
}

/** A leadership claim. */
export interface Leadership extends Fencing {
  isLeader(): boolean;
  stop(): Promise<void>;
}

/**
 * The term a published message carries: its `term`; 0 when it has none (published by a release
 * before fencing, during a rolling deploy: admitted only until a fenced term is heard).
 *
 * @throws TypeError naming `term` when it is there but not a non-negative safe integer
 */
export function termOf(message: { readonly term?: unknown }): number {
  const term = message.term;
  if (term === undefined) return 0;
  if (typeof term !== 'number' || !Number.isSafeInteger(term) || term < 0)
    throw new TypeError('term: a feed message’s term must be a non-negative integer');
  return term;
}

/** Whether `fencing` admits `message` (see {@link termOf}); a malformed term is refused and told to `warn`. */
export function admits(fencing: Fencing, message: { readonly term?: unknown }, warn: (problem: string) => void): boolean {
  try {
    return fencing.admit(termOf(message));
  } catch (error) {
    warn(error instanceof Error ? error.message : String(error));
    return false;
  }
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

/** Always the leader (one process), of term 1: nobody else publishes. */
export function soleLeader(): Leadership {
  return { isLeader: () => true, term: () => 1, admit: (term) => term <= 1, stop: async () => {} };
}

/** A claim being tried on a timer, as its attempts see it. */
interface Claim {
  /** Whether stop() was called (no attempt is scheduled after it, and it no longer leads). */
  readonly stopped: boolean;
  /** The highest term this process has heard (its own included), 0 before any. */
  readonly highest: number;
  /** Leads with `term`, or (null) no longer leads (onChange is told of a change); once stopped, never leads. */
  lead(term: number | null): void;
  /** Tries again in `ms`, replacing any try already scheduled (not once stopped). */
  retryIn(ms: number): void;
}

/**
 * A {@link Leadership} tried at once and then whenever `attempt` asks (`claim.retryIn`); on stop it
 * no longer leads, waits for the attempt in flight (which may have taken what it claims), then
 * `release` lets go of what it holds. A leader that hears a newer term than its own no longer leads,
 * and `superseded` lets go of what it holds (and tries again when it will).
 */
function timedClaim(
  onChange: ((leader: boolean) => void) | undefined,
  attempt: (claim: Claim) => Promise<void>,
  release: () => Promise<void>,
  superseded: (claim: Claim) => void,
): Leadership {
  let term: number | null = null;
  let highest = 0;
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
    get highest() {
      return highest;
    },
    lead(next) {
      if (term === next || (next !== null && stopped)) return;
      const was = term !== null;
      term = next;
      if (next !== null) highest = Math.max(highest, next);
      if (was !== (next !== null)) onChange?.(next !== null);
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
    isLeader: () => term !== null,
    term: () => term,
    admit(heard) {
      if (heard < highest) return false;
      highest = heard;
      if (term !== null && heard > term) {
        claim.lead(null);
        superseded(claim);
      }
      return true;
    },
    async stop() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      claim.lead(null);
      await inFlight?.catch(() => undefined);
      await release();
    },
  };
}

/** How long a leader's connection may take to open, ms (stop() waits for an attempt in flight). */
const CONNECT_TIMEOUT_MS = 5000;

/**
 * Leads while holding advisory lock `key` on a dedicated connection to `url`. Its term is the id of
 * the transaction of the statement that took the lock (`txid_current()`, 64 bits, never wrapping):
 * assigned after the lock was taken, so after every earlier holder's, whose was assigned while it
 * held it. Superseded (a newer term heard), it ends its session, letting go of the lock if it still
 * holds it, and tries again after `retryMs`.
 */
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
          const c = new pg.Client({
            connectionString: url,
            connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
            query_timeout: CONNECT_TIMEOUT_MS,
          });
          c.on('error', () => {
            // A late error of a client already let go of (a half-open session ended after a newer
            // term was heard) says nothing of the client in use now, which may hold the lock.
            if (client !== c && client !== null) return;
            claim.lead(null);
            client = null;
            void c.end().catch(() => undefined);
            claim.retryIn(retryMs);
          });
          await c.connect();
          // txid_current() gives the election's statement a transaction id, so its commit would wait
          // for a synchronous standby (none answering: the lock held, nobody leading). Local is enough.
          await c.query('set synchronous_commit = local');
          client = c;
        }
        if (claim.stopped) return await end(); // stopped while it connected
        // CASE evaluates txid_current() only when the lock was taken: a follower's tries assign no id.
        const r = await client.query<{ term: string | null }>('select case when pg_try_advisory_lock($1) then txid_current() end as term', [
          key,
        ]);
        // Stopped meanwhile: ending the session lets go of a lock it may just have taken.
        if (claim.stopped) return await end();
        const taken = r.rows[0]?.term ?? null;
        if (taken !== null) {
          const id = Number(taken);
          if (!Number.isSafeInteger(id) || id <= 0) throw new TypeError('term: the lock’s transaction id is not a positive integer');
          // Past the highest term heard and the clock too, as the Redis lease's: a cluster's ids say
          // nothing of terms drawn elsewhere (an election by Redis before DATABASE_URL was set, a
          // restored or switched-over cluster), and a term below one heard would be dropped by all.
          claim.lead(Math.max(id, claim.highest + 1, Date.now()));
          return;
        }
      } catch {
        claim.lead(null);
        await end();
      }
      claim.retryIn(retryMs);
    },
    end,
    (claim) => {
      void end();
      claim.retryIn(retryMs);
    },
  );
}

/**
 * Where the terms of the lease at `key` are counted: `{key}:term`, its hash tag the lease's whole
 * name, so both keys sit in one Redis Cluster slot (the script that takes the lease draws the term).
 */
export function leaseTermKey(key: string): string {
  return `{${key}}:term`;
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

// Takes the lease (SET NX PX) and, when taken, draws the term in the same script: the counter at
// KEYS[2] increased, and raised past ARGV[3]: the highest term this process heard, or the clock in
// milliseconds when later. The clock is what keeps terms rising when Redis lost the counter (a
// restart without persistence) and the new leader is a process that has heard no term yet: its
// term is then still above every earlier leader's, which were drawn at earlier milliseconds
// (clocks within the time between two elections of each other). Answers the term, or 0 when the
// lease is held.
const TAKE = [
  "if not redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 0 end",
  "local term = redis.call('incr', KEYS[2])",
  'local floor = tonumber(ARGV[3])',
  "if term <= floor then term = floor + 1; redis.call('set', KEYS[2], term) end",
  'return term',
].join('\n');
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
 *
 * Its term is drawn with the lease, in one script: the counter at `{<key>}:term` increased (and raised
 * past the highest term this process heard, should Redis have lost it). Superseded (a newer term
 * heard), it lets go of the lease if the key still holds its epoch and tries again after `retryMs`.
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
  const termKey = leaseTermKey(key);
  const lose = (claim: Claim, text: string) => {
    epoch = null;
    if (stepDown !== null) clearTimeout(stepDown);
    stepDown = null;
    claim.lead(null);
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
          const term = Number(await client.eval(TAKE, 2, key, termKey, mine, ttlMs, Math.max(claim.highest, Date.now())));
          if (!Number.isSafeInteger(term) || term < 0) throw new TypeError('term: the lease’s term is not a non-negative integer');
          if (term > 0 && claim.stopped) await client.eval(RELEASE, 1, key, mine);
          else if (term > 0) {
            epoch = mine;
            held(claim, asked);
            claim.lead(term);
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
    (claim) => {
      const holding = epoch;
      lose(claim, 'another process leads the feed with a newer term');
      // The newer leader took the lease: this lets go of it only should the key still hold this epoch.
      if (holding !== null) void client.eval(RELEASE, 1, key, holding).catch(() => undefined);
      claim.retryIn(retryMs);
    },
  );
}
