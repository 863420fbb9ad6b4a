// Rate limits for sign-in, sign-up and password reset (rate-limiter-flexible). Counters live in a
// RateLimitStore: in process memory by default (one server process), in Redis when REDIS_URL is set
// (several processes share the counts; a memory counter stands in while Redis is unreachable).
// Keys are hashed before they reach the store, so no email address sits in Redis.
import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

/** A limit: at most `points` counted events per key in any `durationSeconds` window. */
export interface RateLimitPolicy {
  readonly points: number;
  readonly durationSeconds: number;
}

/** The counting operations the limits need (what every rate-limiter-flexible limiter has). */
export interface RateCounter {
  get(key: string): Promise<RateLimiterRes | null>;
  consume(key: string, points?: number): Promise<RateLimiterRes>;
  reward(key: string, points?: number): Promise<RateLimiterRes>;
  delete(key: string): Promise<boolean>;
}

/** Where counters live. Inject one into buildApp (`rateLimits`) to share counts between processes. */
export interface RateLimitStore {
  readonly kind: 'memory' | 'redis';
  /** A counter named `name` (unique per rule) with `policy`. */
  counter(name: string, policy: RateLimitPolicy): RateCounter;
  close(): Promise<void>;
}

/** Counters in this process's memory (one counter per name and policy, however often it is asked for). */
export function createMemoryRateLimitStore(): RateLimitStore {
  const counters = new Map<string, RateLimiterMemory>();
  return {
    kind: 'memory',
    counter(name, policy) {
      const id = `${name}:${policy.points}/${policy.durationSeconds}`;
      let counter = counters.get(id);
      if (counter === undefined) {
        counter = new RateLimiterMemory({ keyPrefix: `mk:rl:${name}`, points: policy.points, duration: policy.durationSeconds });
        counters.set(id, counter);
      }
      return counter;
    },
    async close() {
      counters.clear();
    },
  };
}

/**
 * Counters in Redis (`redis://...`), shared by every process using the same server. While Redis is
 * unreachable each process counts in memory instead (rate-limiter-flexible's insurance limiter),
 * so a Redis outage neither opens the limits nor fails sign-in.
 */
export function createRedisRateLimitStore(url: string): RateLimitStore {
  const client = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false });
  // Connection problems surface through the limiter (insurance) and through ioredis' reconnects.
  client.on('error', () => {});
  return {
    kind: 'redis',
    counter: (name, policy) =>
      new RateLimiterRedis({
        storeClient: client,
        keyPrefix: `mk:rl:${name}`,
        points: policy.points,
        duration: policy.durationSeconds,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix: `mk:rl:${name}`, points: policy.points, duration: policy.durationSeconds }),
      }),
    async close() {
      await client.quit().catch(() => client.disconnect());
    },
  };
}

/** The rules of the accounts module. */
export type AuthRateRule =
  | 'login:account'
  | 'login:ip'
  | 'register:account'
  | 'register:ip'
  | 'reset:account'
  | 'reset:ip'
  | 'mail:account'
  | 'code:account'
  | 'code:ip';

/**
 * The limits. Sign-in counts every attempt BEFORE the password is checked (so parallel guesses
 * cannot all slip in before the first failure is counted) and gives the attempt back when it
 * succeeds (clearing the account's count); sign-up and reset requests count every attempt.
 */
export const AUTH_RATE_LIMITS: Readonly<Record<AuthRateRule, RateLimitPolicy>> = Object.freeze({
  /** 5 failed sign-ins (or password checks) per account per 15 minutes. */
  'login:account': { points: 5, durationSeconds: 15 * 60 },
  /** 20 failed sign-ins per IP address per 15 minutes, whatever the accounts. */
  'login:ip': { points: 20, durationSeconds: 15 * 60 },
  /** 5 sign-up attempts per email address or username per 15 minutes. */
  'register:account': { points: 5, durationSeconds: 15 * 60 },
  /** 50 sign-up attempts per IP address per hour. */
  'register:ip': { points: 50, durationSeconds: 60 * 60 },
  /** 5 reset requests per email address per hour. */
  'reset:account': { points: 5, durationSeconds: 60 * 60 },
  /** 20 reset requests per IP address per hour. */
  'reset:ip': { points: 20, durationSeconds: 60 * 60 },
  /** 5 account links (address confirmation sent again, change of address) per member per hour. */
  'mail:account': { points: 5, durationSeconds: 60 * 60 },
  /** 5 wrong two-factor codes (sign-in, set-up, turning it off) per member per 15 minutes. */
  'code:account': { points: 5, durationSeconds: 15 * 60 },
  /** 20 wrong two-factor codes per IP address per 15 minutes, whatever the members. */
  'code:ip': { points: 20, durationSeconds: 15 * 60 },
});

/** The accounts module's view of the limits. */
export interface AuthRateLimits {
  /** Milliseconds until `key` may try again under `rule`, or null when it may try now (nothing is counted). */
  blocked(rule: AuthRateRule, key: string): Promise<number | null>;
  /** Counts one event for `key`; milliseconds to wait when this event went over the limit, else null. */
  hit(rule: AuthRateRule, key: string): Promise<number | null>;
  /** Forgets `key`'s count under `rule` (a successful sign-in clears the account's failures). */
  clear(rule: AuthRateRule, key: string): Promise<void>;
  /** Gives back one counted event (an attempt counted up front that turned out to succeed). */
  refund(rule: AuthRateRule, key: string): Promise<void>;
}

/** The store key for `key`: a SHA-256, so addresses and usernames are not kept in the store. */
function storeKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 32);
}

/** The auth limits over `store`. */
export function createAuthRateLimits(
  store: RateLimitStore,
  policies: Readonly<Record<AuthRateRule, RateLimitPolicy>> = AUTH_RATE_LIMITS,
): AuthRateLimits {
  const counters = new Map<AuthRateRule, { counter: RateCounter; policy: RateLimitPolicy }>();
  for (const [rule, policy] of Object.entries(policies) as [AuthRateRule, RateLimitPolicy][]) {
    counters.set(rule, { counter: store.counter(rule.replace(':', '-'), policy), policy });
  }
  const of = (rule: AuthRateRule) => counters.get(rule) as { counter: RateCounter; policy: RateLimitPolicy };
  return {
    async blocked(rule, key) {
      const { counter, policy } = of(rule);
      const res = await counter.get(storeKey(key));
      return res !== null && res.consumedPoints >= policy.points ? Math.max(1000, res.msBeforeNext) : null;
    },
    async hit(rule, key) {
      try {
        await of(rule).counter.consume(storeKey(key));
        return null;
      } catch (rejection) {
        // Over the limit rejects with a RateLimiterRes; a store failure rejects with an Error.
        if (rejection instanceof RateLimiterRes) return Math.max(1000, rejection.msBeforeNext);
        throw rejection;
      }
    },
    async clear(rule, key) {
      await of(rule).counter.delete(storeKey(key));
    },
    async refund(rule, key) {
      await of(rule).counter.reward(storeKey(key), 1);
    },
  };
}

/** Whole seconds to wait, for messages and the retryAfter extension. */
export function retryAfterSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}
