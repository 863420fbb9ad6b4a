// The server's environment, read once at boot and validated with zod: a bad value stops the start
// with one line per bad variable. Nothing else in the server reads process.env.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import webpush from 'web-push';
import { DEFAULT_PUSH_HOSTS, PUSH_HOST_PATTERN } from './push/hosts';
import { createNameRule } from './feed/names';
import { sportKeyProblem } from './feed/odds-api/mapping';
import { DEFAULT_ODDS_API_INTERVAL_MS } from './feed/odds-api/options';
import { MatchkitValidationError } from '@matchkit/sdk/errors';
import * as z from 'zod';

/** The default data folder: example-app/data. */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../data', import.meta.url));

const SECRET_NAMES = ['JWT_SECRET', 'PAYMENT_WEBHOOK_SECRET', 'AUTH_SERVICE_API_KEY', 'TWO_FACTOR_KEY', 'ANALYTICS_KEY'] as const;
/**
 * The secrets production must be given. PAYMENT_WEBHOOK_SECRET keys only the test-mode provider's
 * webhooks and pages, and production never runs that provider (it takes payments through Stripe, whose
 * key is STRIPE_WEBHOOK_SECRET): there, when unset, it is a random key no one holds.
 */
const PRODUCTION_SECRETS = ['JWT_SECRET', 'AUTH_SERVICE_API_KEY', 'TWO_FACTOR_KEY', 'ANALYTICS_KEY'] as const;
/** The secrets the server needs. */
export type SecretName = (typeof SECRET_NAMES)[number];

const secret = z.string().min(32, 'must be at least 32 characters (generate one with: openssl rand -base64 48)');
const port = z.coerce
  .number({ error: 'must be a port number' })
  .int('must be a whole number')
  .min(0, 'must be between 0 and 65535 (0: any free port)')
  .max(65535, 'must be between 0 and 65535 (0: any free port)');
const origin = z
  .string()
  .url('must be an origin such as https://app.example.com')
  .refine((s) => {
    // (Run after a failed .url() too: a value that is no URL is that check's to name.)
    if (!URL.canParse(s)) return true;
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.pathname === '/' && u.search === '' && u.hash === '';
  }, 'must be an origin (scheme, host and port; no path)')
  .transform((s) => new URL(s).origin);
/** Hosts a development forum (or the tests' fake Discourse) may answer on over plain http. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
/** Whether `url` is plain http to a host off this machine (false for what is no URL: its own check names it). */
function plainHttpOffLoopback(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const u = new URL(url);
  return u.protocol === 'http:' && !LOOPBACK_HOSTS.has(u.hostname);
}
/**
 * FORUM_URL: where the Discourse forum lives. https (plain http only on this machine, outside
 * production); a path is allowed for a forum in a subfolder.
 */
const forumUrl = z
  .string()
  .url('must be the https URL of the Discourse forum, such as https://forum.example.com')
  .refine((s) => {
    if (!URL.canParse(s)) return true; // .url() has said so
    const u = new URL(s);
    const scheme = u.protocol === 'https:' || (u.protocol === 'http:' && LOOPBACK_HOSTS.has(u.hostname));
    return scheme && u.username === '' && u.password === '' && u.search === '' && u.hash === '';
  }, 'must be an https URL with no query or fragment, such as https://forum.example.com')
  .transform((s) => new URL(s).href.replace(/\/+$/, ''));
/** A VAPID key: base64url of exactly `bytes` bytes (and, for the public key, an uncompressed point: byte 4 first). */
const vapidKey = (bytes: number, what: string) =>
  z.string().refine((s) => {
    const b = Buffer.from(s, 'base64url');
    return /^[A-Za-z0-9_-]+$/.test(s) && b.length === bytes && (bytes !== 65 || b[0] === 4);
  }, `must be ${what}, base64url (generate a pair with: npx web-push generate-vapid-keys)`);
const flag = z.enum(['true', 'false', '1', '0'], { error: 'must be true or false' }).transform((s) => s === 'true' || s === '1');

/** The real odds providers FEED_SOURCE may name (server/src/feed/index.ts builds each). */
export const FEED_PROVIDERS = ['odds-api', 'betfair'] as const;
/** A real odds provider's key. */
export type FeedProviderKey = (typeof FEED_PROVIDERS)[number];

/**
 * FEED_SOURCE: `simulated`, or real providers separated by commas (`odds-api,betfair`), each once.
 * Parsed to the list of providers; empty for the simulated feed.
 */
const feedSource = z
  .string()
  .transform((s) => s.split(',').map((p) => p.trim().toLowerCase()))
  .refine(
    (list) =>
      (list.length === 1 && list[0] === 'simulated') ||
      (list.every((p) => (FEED_PROVIDERS as readonly string[]).includes(p)) && new Set(list).size === list.length),
    `must be simulated, or real providers separated by commas, each once: ${FEED_PROVIDERS.join(', ')}`,
  )
  .transform((list) => (list[0] === 'simulated' ? [] : (list as FeedProviderKey[])));

/** A comma-separated list of keys such as the provider's sport keys (`soccer_epl,tennis_atp_*`). */
const keyList = (example: string) =>
  z
    .string()
    .transform((s) =>
      s
        .split(',')
        .map((k) => k.trim())
        .filter((k) => k !== ''),
    )
    .refine(
      (list) => list.length > 0 && list.every((k) => /^[A-Za-z0-9_*.-]+$/.test(k)),
      `must be keys separated by commas, such as ${example}`,
    );

/** A credential a provider issued: no spaces, a plausible length (never echoed in an error). */
const credential = z.string().regex(/^\S{8,512}$/, 'must be the value the provider issued (8 or more characters, no spaces)');

/**
 * FEED_ALIASES: names the odds providers spell differently, `Alias=Name` pairs separated by `;`
 * (`Man Utd=Manchester United;Spurs=Tottenham Hotspur`), on top of the built-in table.
 */
const aliasTable = z
  .string()
  .transform((s) =>
    s
      .split(';')
      .map((pair) => pair.trim())
      .filter((pair) => pair !== ''),
  )
  .refine(
    (pairs) => pairs.every((pair) => /^[^=]+=[^=]+$/.test(pair)),
    'must be Alias=Name pairs separated by ;, such as Man Utd=Manchester United',
  )
  .transform((pairs) => Object.fromEntries(pairs.map((pair) => pair.split('=').map((x) => x.trim()) as [string, string])));

/** The From outside production, where mail stays in the outbox or goes to a local test server. */
const DEVELOPMENT_MAIL_FROM = 'matchkit <no-reply@localhost>';

/** Domains no mail reaches (RFC 2606, RFC 6761, mDNS): a From there is rejected or filed as spam. */
const UNSENDABLE_DOMAIN = /(^|\.)(localhost|local|invalid|test|example)$/;

/**
 * Whether MAIL_FROM (`Name <address>` or a bare address) is an address at a domain that takes mail:
 * a dotted domain outside the reserved ones.
 */
function sendableFrom(from: string): boolean {
  const address = /<([^<>\s]+)>\s*$/.exec(from)?.[1] ?? from.trim();
  const match = /^[^\s@<>]+@([^\s@<>]+)$/.exec(address);
  if (match === null) return false;
  const domain = (match[1] ?? '').toLowerCase().replace(/\.$/, '');
  return domain.includes('.') && !UNSENDABLE_DOMAIN.test(domain);
}

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).default('development'),
    BRAND: z.enum(['primary', 'secondary'], { error: 'must be primary or secondary' }).default('primary'),
    PORT: port.default(3000),
    HOST: z.string().min(1, 'must not be empty').default('127.0.0.1'),
    DATA_DIR: z.string().min(1, 'must not be empty').default(DEFAULT_DATA_DIR),
    DATABASE_URL: z
      .string()
      .refine((s) => /^postgres(ql)?:\/\/[^\s]+$/.test(s), 'must be a postgres:// or postgresql:// URL')
      .optional(),
    REDIS_URL: z
      .string()
      .refine((s) => /^rediss?:\/\/[^\s]+$/.test(s), 'must be a redis:// or rediss:// URL')
      .optional(),
    PUBSUB: z.enum(['memory', 'redis', 'postgres'], { error: 'must be memory, redis or postgres' }).optional(),
    PUBLIC_ORIGIN: origin.optional(),
    ALLOWED_ORIGINS: z
      .string()
      .transform((s) =>
        s
          .split(',')
          .map((o) => o.trim())
          .filter((o) => o !== ''),
      )
      .pipe(z.array(origin))
      .optional(),
    JWT_SECRET: secret.optional(),
    PAYMENT_WEBHOOK_SECRET: secret.optional(),
    AUTH_SERVICE_API_KEY: secret.optional(),
    /** Encrypts members' authenticator secrets and keys their recovery-code hashes. */
    TWO_FACTOR_KEY: secret.optional(),
    /** Keys the hash analytics keeps of a device id: its own, so rotating JWT_SECRET does not make every device new. */
    ANALYTICS_KEY: secret.optional(),
    METRICS_TOKEN: secret.optional(),
    SMTP_URL: z
      .string()
      .refine((s) => /^smtps?:\/\/[^\s]+$/.test(s), 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3, 'must be an email address').optional(),
    /** How often the mail worker looks for due mail when no NOTIFY wakes it (a retry come due, a lapsed lease). */
    MAIL_POLL_MS: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(100, 'must be at least 100')
      .max(60_000, 'must be at most 60000')
      .default(5000),
    /** Where stored analytics events are forwarded, in Amplitude's batch format (unset: nowhere). */
    ANALYTICS_FORWARD_URL: z
      .string()
      .refine((s) => URL.canParse(s) && /^https?:$/.test(new URL(s).protocol), 'must be an http:// or https:// URL')
      .optional(),
    /** The provider's project API key, sent as the batch's api_key (never logged). */
    ANALYTICS_FORWARD_KEY: z.string().trim().min(8, 'must be at least 8 characters').max(200, 'must be at most 200 characters').optional(),
    /** How often the forwarding pass looks at its queue, ms. */
    ANALYTICS_FORWARD_INTERVAL_MS: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(100, 'must be at least 100')
      .max(3_600_000, 'must be at most 3600000')
      .default(5000),
    /** How long raw analytics events are kept, days (the daily rollups and funnel milestones are kept for good). */
    ANALYTICS_RETENTION_DAYS: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(3650, 'must be at most 3650')
      .default(400),
    SELLER_NAME: z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters').optional(),
    SELLER_ADDRESS: z.string().trim().min(1, 'must not be empty').max(500, 'must be at most 500 characters').optional(),
    VAT_NUMBER: z
      .string()
      .trim()
      .regex(/^GB ?\d{3} ?\d{4} ?\d{2}( ?\d{3})?$/, 'must be a UK VAT number such as GB123456789')
      .optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be a pino level' }).default('info'),
    TRUST_PROXY: flag.default(false),
    MOVABLE_CLOCK: flag.default(false),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/, 'must be a Stripe secret key (sk_live_..., or sk_test_... for a test account)')
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/=]{8,}$/, "must be the webhook endpoint's signing secret (whsec_...)")
      .optional(),
    STRIPE_API_BASE: origin.optional(),
    FORUM_URL: forumUrl.optional(),
    /** Signs DiscourseConnect payloads both ways: the forum's "discourse connect secret". */
    DISCOURSE_CONNECT_SECRET: secret.optional(),
    /** Web push: on (the default) or off (no key needed, nothing sent, the app offers no push). */
    PUSH: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
    /**
     * The push services' hosts the server sends web push to, comma-separated (`*.` and a domain: any
     * host under it). Unset: DEFAULT_PUSH_HOSTS, the browsers' own. Tests add their local service.
     */
    PUSH_ALLOWED_HOSTS: z
      .string()
      .transform((s) => s.split(',').map((h) => h.trim().toLowerCase()))
      .refine(
        (hosts) => hosts.every((h) => PUSH_HOST_PATTERN.test(h)),
        'must be host names separated by commas, such as fcm.googleapis.com,*.push.services.mozilla.com',
      )
      .optional(),
    VAPID_PUBLIC_KEY: vapidKey(65, 'an uncompressed P-256 public key (65 bytes)').optional(),
    VAPID_PRIVATE_KEY: vapidKey(32, 'a P-256 private key (32 bytes)').optional(),
    VAPID_SUBJECT: z
      .string()
      .refine((s) => /^mailto:[^\s@]+@[^\s@]+$/.test(s) || /^https:\/\/[^\s/]+/.test(s), 'must be a mailto: address or an https: URL')
      .optional(),
    FEED_INTERVAL_MS: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(200, 'must be at least 200')
      .default(500),
    /** The simulated feed's size: events listed at any moment (10 to 1000). */
    FEED_EVENTS: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(10, 'must be at least 10')
      .max(1000, 'must be at most 1000')
      .default(60),
    /** The simulated feed's seed: the same seed gives the same prices on every process. */
    FEED_SEED: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be at least 0')
      .max(0xffffffff, 'must be at most 4294967295')
      .default(1),
    /** Where prices come from: the simulated feed (the default) or real providers (docs/feed.md). */
    FEED_SOURCE: feedSource.default([]),
    /** Real prices older than this (ms) are not shown; a provider silent this long is down. */
    FEED_STALE_MS: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(10_000, 'must be at least 10000 (10 seconds)')
      .default(300_000),
    /** A polled provider's price (The Odds API's) is not shown once the poll that confirmed it is older than this (ms). */
    FEED_MAX_POLL_AGE_MS: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(60_000, 'must be at least 60000 (1 minute)')
      .default(900_000),
    FEED_ALIASES: aliasTable.optional(),
    /**
     * The providers' names as members read them (the app's banner), `key=Name` pairs separated by
     * `;` (`betfair=the Betfair Exchange`); a provider not named reads by a neutral default
     * (the app contract's DEFAULT_FEED_PROVIDER_NAMES).
     */
    FEED_PROVIDER_NAMES: aliasTable
      .refine(
        (names) => Object.keys(names).every((key) => (FEED_PROVIDERS as readonly string[]).includes(key)),
        `must name known providers only: ${FEED_PROVIDERS.join(', ')}`,
      )
      .optional(),
    /** The Odds API (FEED_SOURCE odds-api): the account's key and the sport keys to poll. */
    ODDS_API_KEY: credential.optional(),
    ODDS_API_SPORTS: keyList('soccer_epl,soccer_efl_champ').optional(),
    ODDS_API_REGIONS: keyList('uk').optional(),
    /** The day of the month (1 to 28) the account's credits renew: the provider paces its polls to last until then. */
    ODDS_API_QUOTA_RESET_DAY: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be a day of the month from 1 to 28')
      .max(28, 'must be a day of the month from 1 to 28')
      .optional(),
    /** The fastest The Odds API is polled, ms (slower when the quota asks). */
    ODDS_API_INTERVAL_MS: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1000, 'must be at least 1000')
      .optional(),
    /** Provider bookmaker keys to leave out (with betfair also selected, betfair_ex_uk is added: the stream sends it). */
    ODDS_API_OMIT_BOOKMAKERS: keyList('betfair_ex_uk').optional(),
    /** For tests against a local fake of The Odds API. */
    ODDS_API_BASE_URL: z.string().url('must be a URL such as http://127.0.0.1:4010').optional(),
    /** Betfair's Exchange Stream (FEED_SOURCE betfair): the app key, and a session token or a login. */
    BETFAIR_APP_KEY: credential.optional(),
    BETFAIR_SESSION_TOKEN: credential.optional(),
    BETFAIR_USERNAME: z.string().min(1, 'must not be empty').optional(),
    BETFAIR_PASSWORD: z.string().min(1, 'must not be empty').optional(),
    /** Betfair event type ids to subscribe to (1 football, 2 tennis, 3 golf, 7 horse racing, 4339 greyhounds). */
    BETFAIR_EVENT_TYPES: keyList('1,7')
      .refine((list) => list.every((k) => /^\d+$/.test(k)), 'must be Betfair event type ids separated by commas, such as 1,7')
      .optional(),
    /** Betfair market types (MATCH_ODDS, WIN and PLACE are mapped). */
    BETFAIR_MARKET_TYPES: keyList('MATCH_ODDS,WIN,PLACE').optional(),
    /** Country codes of the markets. */
    BETFAIR_COUNTRIES: keyList('GB,IE')
      .refine((list) => list.every((k) => /^[A-Z]{2}$/.test(k)), 'must be two-letter country codes separated by commas, such as GB,IE')
      .optional(),
    /** The commission to show on Betfair's prices, a fraction (default: each market's own base rate). */
    BETFAIR_COMMISSION: z.coerce
      .number({ error: 'must be a number' })
      .min(0, 'must be a fraction from 0 to less than 1, such as 0.05 for 5%')
      .lt(1, 'must be a fraction below 1, such as 0.05 for 5%')
      .optional(),
  })
  .superRefine((env, ctx) => {
    const providers: readonly string[] = env.FEED_SOURCE;
    if (env.FEED_ALIASES !== undefined) {
      try {
        createNameRule(env.FEED_ALIASES);
      } catch (error) {
        const first = error instanceof MatchkitValidationError ? error.issues[0] : undefined;
        ctx.addIssue({
          code: 'custom',
          path: ['FEED_ALIASES'],
          message: first === undefined ? 'is not a valid alias table' : `${first.path.replace(/^aliases\./, '')} ${first.message}`,
        });
      }
    }
    if (providers.includes('odds-api')) {
      if (env.ODDS_API_KEY === undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['ODDS_API_KEY'],
          message: "is required with FEED_SOURCE odds-api (the account's key from the-odds-api.com)",
        });
      if (env.ODDS_API_SPORTS === undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['ODDS_API_SPORTS'],
          message: "is required with FEED_SOURCE odds-api (the provider's sport keys to poll, such as soccer_epl,soccer_efl_champ)",
        });
      // Polling more slowly than a polled price may be old would hide every price between two polls.
      if ((env.ODDS_API_INTERVAL_MS ?? DEFAULT_ODDS_API_INTERVAL_MS) > env.FEED_MAX_POLL_AGE_MS)
        ctx.addIssue({
          code: 'custom',
          path: ['ODDS_API_INTERVAL_MS'],
          message: `is longer than FEED_MAX_POLL_AGE_MS (${env.FEED_MAX_POLL_AGE_MS}): The Odds API’s prices would be hidden between polls; poll more often or raise FEED_MAX_POLL_AGE_MS`,
        });
      // The first key it would never poll (a malformed list is already refused by its format).
      const unpolled = (env.ODDS_API_SPORTS ?? []).filter((k) => /^[A-Za-z0-9_*.-]+$/.test(k)).map(sportKeyProblem);
      const problem = unpolled.find((p) => p !== null);
      if (problem !== undefined && problem !== null) ctx.addIssue({ code: 'custom', path: ['ODDS_API_SPORTS'], message: problem });
    }
    if (providers.includes('betfair')) {
      if (env.BETFAIR_APP_KEY === undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['BETFAIR_APP_KEY'],
          message: 'is required with FEED_SOURCE betfair (the application key of a Betfair account)',
        });
      if (env.BETFAIR_SESSION_TOKEN === undefined && (env.BETFAIR_USERNAME === undefined || env.BETFAIR_PASSWORD === undefined))
        ctx.addIssue({
          code: 'custom',
          path: ['BETFAIR_SESSION_TOKEN'],
          message: 'is required with FEED_SOURCE betfair, unless BETFAIR_USERNAME and BETFAIR_PASSWORD are given to log in with',
        });
    }
    if (env.PUBSUB === 'redis' && env.REDIS_URL === undefined)
      ctx.addIssue({ code: 'custom', path: ['PUBSUB'], message: 'is redis but REDIS_URL is not set' });
    if ((env.ANALYTICS_FORWARD_URL === undefined) !== (env.ANALYTICS_FORWARD_KEY === undefined))
      ctx.addIssue({
        code: 'custom',
        path: [env.ANALYTICS_FORWARD_URL === undefined ? 'ANALYTICS_FORWARD_URL' : 'ANALYTICS_FORWARD_KEY'],
        message: 'is needed with the other: ANALYTICS_FORWARD_URL and ANALYTICS_FORWARD_KEY go together',
      });
    if (env.PUBSUB === 'postgres' && env.DATABASE_URL === undefined)
      ctx.addIssue({ code: 'custom', path: ['PUBSUB'], message: 'is postgres but DATABASE_URL is not set' });
    if ((env.STRIPE_SECRET_KEY === undefined) !== (env.STRIPE_WEBHOOK_SECRET === undefined)) {
      const [given, missing] =
        env.STRIPE_SECRET_KEY === undefined
          ? ['STRIPE_WEBHOOK_SECRET', 'STRIPE_SECRET_KEY']
          : ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'];
      ctx.addIssue({ code: 'custom', path: [missing], message: `is required with ${given} (Stripe needs both)` });
    }
    if (env.FORUM_URL !== undefined && env.DISCOURSE_CONNECT_SECRET === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['DISCOURSE_CONNECT_SECRET'],
        message:
          'is required with FORUM_URL: the forum\'s DiscourseConnect secret, the same value as Discourse\'s "discourse connect secret" setting (generate one with: openssl rand -base64 48)',
      });
    if (env.FORUM_URL === undefined && env.DISCOURSE_CONNECT_SECRET !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['FORUM_URL'],
        message: 'is required with DISCOURSE_CONNECT_SECRET (the https URL of the Discourse forum it signs in to)',
      });
    if ((env.VAPID_PUBLIC_KEY === undefined) !== (env.VAPID_PRIVATE_KEY === undefined)) {
      const missing = env.VAPID_PUBLIC_KEY === undefined ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'is required with the other VAPID key (they are one pair)' });
    }
    if (env.NODE_ENV === 'production') {
      if (env.STRIPE_SECRET_KEY !== undefined && !/^(sk|rk)_live_/.test(env.STRIPE_SECRET_KEY))
        ctx.addIssue({
          code: 'custom',
          path: ['STRIPE_SECRET_KEY'],
          message:
            'must be a live key (sk_live_... or rk_live_...) in production: with a test key, test cards would buy plans and earn commission',
        });
      for (const name of PRODUCTION_SECRETS) {
        if (env[name] === undefined)
          ctx.addIssue({ code: 'custom', path: [name], message: 'is required in production (generate one with: openssl rand -base64 48)' });
      }
      for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
        if (env[name] === undefined)
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message:
              'is required in production: it takes real payments through Stripe (the test-mode provider, which gives any plan away, runs only in development and tests; see docs/payments.md)',
          });
      }
      if (env.FORUM_URL !== undefined && !env.FORUM_URL.startsWith('https:'))
        ctx.addIssue({
          code: 'custom',
          path: ['FORUM_URL'],
          message: 'must be an https URL in production (members sign in to the forum through it)',
        });
      if (env.MOVABLE_CLOCK)
        ctx.addIssue({
          code: 'custom',
          path: ['MOVABLE_CLOCK'],
          message: "is for browser tests (POST /dev/clock moves the server's clock): unset it in production",
        });
      if (env.ODDS_API_BASE_URL !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['ODDS_API_BASE_URL'],
          message: 'is for tests against a local fake of The Odds API: unset it in production',
        });
      if (env.STRIPE_API_BASE !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['STRIPE_API_BASE'],
          message: 'is for tests against a local Stripe fake: unset it in production',
        });
      for (const name of ['SELLER_NAME', 'SELLER_ADDRESS'] as const) {
        if (env[name] === undefined)
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'is required in production (receipts name the seller: its legal name and address)',
          });
      }
      // Prices include VAT at the UK standard rate and every receipt states it: only a VAT-registered
      // seller may, and its receipts must carry the registration number.
      if (env.VAT_NUMBER === undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['VAT_NUMBER'],
          message: "is required in production (receipts state the VAT included in each price, which needs the seller's VAT number)",
        });
      // Analytics leave the server only encrypted in production.
      if (env.ANALYTICS_FORWARD_URL !== undefined && !env.ANALYTICS_FORWARD_URL.startsWith('https://'))
        ctx.addIssue({ code: 'custom', path: ['ANALYTICS_FORWARD_URL'], message: 'must be an https:// URL in production' });
      // Without SMTP, mail (reset and confirmation links among it) would be kept in the outbox table.
      if (env.SMTP_URL === undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['SMTP_URL'],
          message:
            'is required in production (mail such as password-reset links goes out through it; the development outbox would keep usable links in the database)',
        });
      // Without it mail would leave as no-reply@localhost, which providers reject or file as spam.
      if (env.MAIL_FROM === undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['MAIL_FROM'],
          message: 'is required in production (the From of every email, such as: Matchkit <no-reply@matchkit.co.uk>)',
        });
      else if (!sendableFrom(env.MAIL_FROM))
        ctx.addIssue({
          code: 'custom',
          path: ['MAIL_FROM'],
          message:
            'must be an address at a domain that takes mail in production (such as: Matchkit <no-reply@matchkit.co.uk>), not localhost, .local, .invalid, .test or .example',
        });
      if (env.PUSH === 'on')
        for (const name of ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const)
          if (env[name] === undefined)
            ctx.addIssue({
              code: 'custom',
              path: [name],
              message:
                'is required in production while PUSH is on (generate the key pair with: npx web-push generate-vapid-keys; the subject is a mailto: or https: contact), or set PUSH=off',
            });
      if (env.PUSH_ALLOWED_HOSTS?.some((h) => h === 'localhost' || /^[\d.]+$/.test(h)))
        ctx.addIssue({
          code: 'custom',
          path: ['PUSH_ALLOWED_HOSTS'],
          message: "must name push services' host names in production, not localhost or an IP address",
        });
      if (env.PUBLIC_ORIGIN === undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['PUBLIC_ORIGIN'],
          message: 'is required in production (the origin members open, such as https://app.example.com)',
        });
      // The session cookies are Secure off loopback, and mail's one-click unsubscribe must be an
      // https URI (RFC 8058): plain http only for a production build tried on this machine.
      else if (plainHttpOffLoopback(env.PUBLIC_ORIGIN))
        ctx.addIssue({
          code: 'custom',
          path: ['PUBLIC_ORIGIN'],
          message: 'must be an https: origin in production (plain http only at localhost, 127.0.0.1 or [::1])',
        });
    }
  });

/** The validated configuration. */
export interface Config {
  readonly env: 'development' | 'production' | 'test';
  readonly brand: 'primary' | 'secondary';
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly databaseUrl: string | null;
  readonly redisUrl: string | null;
  readonly pubsub: 'memory' | 'redis' | 'postgres';
  /** The origin members open the app at: cookies, links in mail and the CSRF and WebSocket origin checks use it. */
  readonly publicOrigin: string;
  /** Origins allowed to open the WebSocket and send cookie-authenticated requests (publicOrigin first). */
  readonly allowedOrigins: readonly string[];
  readonly secrets: Readonly<Record<SecretName, string>>;
  /** A bearer token that unlocks GET /metrics from anywhere (without it: loopback callers only). */
  readonly metricsToken: string | null;
  readonly smtpUrl: string | null;
  readonly mailFrom: string;
  /** ANALYTICS_FORWARD_URL, ANALYTICS_FORWARD_KEY, ANALYTICS_FORWARD_INTERVAL_MS: where and how often stored analytics events are forwarded, or null. */
  readonly analyticsForward: { readonly url: string; readonly key: string; readonly intervalMs: number } | null;
  /** ANALYTICS_RETENTION_DAYS: raw analytics events older than this many days are deleted. */
  readonly analyticsRetentionDays: number;
  /** MAIL_POLL_MS: the mail worker's poll, ms. */
  readonly mailPollMs: number;
  /** Who receipts name as the seller: SELLER_NAME, SELLER_ADDRESS and VAT_NUMBER (fictional defaults outside production). */
  readonly seller: Seller;
  readonly logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  readonly trustProxy: boolean;
  /**
   * MOVABLE_CLOCK (development and tests only; production refuses it): the server's clock runs
   * with an offset that POST /dev/clock moves forward, so a browser test can make time pass.
   */
  readonly movableClock: boolean;
  readonly feedIntervalMs: number;
  /** The simulated feed's size (events listed at any moment) and seed. */
  readonly feedEvents: number;
  readonly feedSeed: number;
  /** FEED_SOURCE: the real providers the feed is made of, in the order given; empty for the simulated feed. */
  readonly feedProviders: readonly FeedProviderKey[];
  /** FEED_STALE_MS: the age (ms) past which a price no poll confirms (a stream not live) is not shown, and a provider with no pace silent that long is down. */
  readonly feedStaleMs: number;
  /** FEED_MAX_POLL_AGE_MS: the age (ms) of the poll that confirmed it past which a polled provider's price is not shown. */
  readonly feedMaxPollAgeMs: number;
  /** FEED_ALIASES: names providers spell differently, on top of the built-in table (feed/names.ts). */
  readonly feedAliases: Readonly<Record<string, string>>;
  /** FEED_PROVIDER_NAMES: the providers' display names this deployment configures, by key. */
  readonly feedProviderNames: Readonly<Record<string, string>>;
  /** The Odds API, when FEED_SOURCE names it. */
  readonly oddsApi: {
    readonly apiKey: string;
    readonly sports: readonly string[];
    readonly regions: readonly string[] | null;
    readonly baseUrl: string | null;
    readonly quotaResetDay: number | null;
    readonly intervalMs: number | null;
    /** Provider bookmaker keys left out: ODDS_API_OMIT_BOOKMAKERS, and betfair_ex_uk when betfair runs too (its stream has the liquidity). */
    readonly omitBookmakers: readonly string[];
  } | null;
  /** Betfair's Exchange Stream, when FEED_SOURCE names it: the app key, and a session token or a login. */
  readonly betfair: {
    readonly appKey: string;
    readonly sessionToken: string | null;
    readonly username: string | null;
    readonly password: string | null;
    /** BETFAIR_EVENT_TYPES, BETFAIR_MARKET_TYPES, BETFAIR_COUNTRIES, BETFAIR_COMMISSION; null: the provider's default. */
    readonly eventTypeIds: readonly string[] | null;
    readonly marketTypes: readonly string[] | null;
    readonly countryCodes: readonly string[] | null;
    readonly commission: number | null;
  } | null;
  /**
   * Stripe, when configured (required in production): the secret key, the webhook endpoint's
   * signing secret, and for tests the API's origin (a local fake; null: Stripe's own). Null: the
   * TEST MODE provider (development and tests only).
   */
  readonly stripe: { readonly secretKey: string; readonly webhookSecret: string; readonly apiBase: string | null } | null;
  /**
   * The members' Discourse forum, when FORUM_URL is set: its URL (no trailing slash) and the
   * DiscourseConnect secret (DISCOURSE_CONNECT_SECRET) this server signs members in with. Null: the
   * Forum link opens a page saying the forum is not set up.
   */
  readonly forum: { readonly url: string; readonly connectSecret: string } | null;
  /**
   * Web push (PUSH=on): the VAPID key pair (base64url) and subject. Outside production an unset
   * pair is generated once and kept in DATA_DIR/secrets.json. Null when PUSH=off.
   */
  readonly push: VapidConfig | null;
  /** PUSH_ALLOWED_HOSTS: the only hosts a subscription's endpoint may name (push/hosts.ts). */
  readonly pushAllowedHosts: readonly string[];
}

/** The application server's VAPID identity (RFC 8292). */
export interface VapidConfig {
  readonly publicKey: string;
  readonly privateKey: string;
  /** A mailto: or https: contact for the push services. */
  readonly subject: string;
}

/** The VAPID subject outside production when VAPID_SUBJECT is unset. */
export const DEVELOPMENT_VAPID_SUBJECT = 'mailto:push@example.invalid';

/** The seller a receipt names. */
export interface Seller {
  readonly name: string;
  /** One line, parts separated by commas. */
  readonly address: string;
  /** The UK VAT registration number, when the seller has one. */
  readonly vatNumber: string | null;
}

/** The seller named outside production when SELLER_NAME and SELLER_ADDRESS are unset: plainly not a real business. */
export const DEVELOPMENT_SELLER: Seller = {
  name: 'Example Trading Ltd (fictional seller, development only)',
  address: '1 Nowhere Street, Exampletown, ZZ99 9ZZ',
  vatNumber: null,
};

/** Thrown by {@link loadConfig}: one line per bad variable. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: readonly string[]) {
    super(`The server cannot start; fix these environment variables:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/**
 * Reads and validates the environment. In development and test a missing secret is generated once
 * and kept in `DATA_DIR/secrets.json` (mode 0600); in production a missing secret is an error.
 * @throws ConfigError naming every bad variable
 */
export function loadConfig(env: Readonly<Record<string, string | undefined>>): Config {
  // An empty variable counts as unset (a common shell slip: FOO= ).
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => {
      const name = String(i.path[0] ?? 'environment');
      // Never echo a secret's value back.
      return `${name} ${i.message}`;
    });
    throw new ConfigError([...new Set(problems)]);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const publicOrigin = e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`;
  const pubsub = e.PUBSUB ?? (e.REDIS_URL !== undefined ? 'redis' : e.DATABASE_URL !== undefined ? 'postgres' : 'memory');
  const given: Partial<Record<SecretName, string>> = {};
  for (const name of SECRET_NAMES) if (e[name] !== undefined) given[name] = e[name];
  const vapidGiven =
    e.VAPID_PUBLIC_KEY === undefined || e.VAPID_PRIVATE_KEY === undefined
      ? null
      : { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY };
  const development = e.NODE_ENV === 'production' ? null : developmentSecrets(dataDir, given, e.PUSH === 'on' && vapidGiven === null);
  const secrets =
    development?.secrets ?? ({ PAYMENT_WEBHOOK_SECRET: randomBytes(48).toString('base64url'), ...given } as Record<SecretName, string>);
  const vapidPair = vapidGiven ?? development?.vapid ?? null;
  return {
    env: e.NODE_ENV,
    brand: e.BRAND,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? null,
    redisUrl: e.REDIS_URL ?? null,
    pubsub,
    publicOrigin,
    allowedOrigins: [...new Set([publicOrigin, ...(e.ALLOWED_ORIGINS ?? [])])],
    secrets,
    metricsToken: e.METRICS_TOKEN ?? null,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM ?? DEVELOPMENT_MAIL_FROM,
    mailPollMs: e.MAIL_POLL_MS,
    analyticsRetentionDays: e.ANALYTICS_RETENTION_DAYS,
    analyticsForward:
      e.ANALYTICS_FORWARD_URL !== undefined && e.ANALYTICS_FORWARD_KEY !== undefined
        ? { url: e.ANALYTICS_FORWARD_URL, key: e.ANALYTICS_FORWARD_KEY, intervalMs: e.ANALYTICS_FORWARD_INTERVAL_MS }
        : null,
    seller: {
      name: e.SELLER_NAME ?? DEVELOPMENT_SELLER.name,
      address: e.SELLER_ADDRESS ?? DEVELOPMENT_SELLER.address,
      vatNumber: e.VAT_NUMBER === undefined ? null : e.VAT_NUMBER.replace(/\s/g, ''),
    },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    movableClock: e.MOVABLE_CLOCK,
    feedIntervalMs: e.FEED_INTERVAL_MS,
    feedEvents: e.FEED_EVENTS,
    feedSeed: e.FEED_SEED,
    feedProviders: e.FEED_SOURCE,
    feedStaleMs: e.FEED_STALE_MS,
    feedMaxPollAgeMs: e.FEED_MAX_POLL_AGE_MS,
    feedAliases: e.FEED_ALIASES ?? {},
    feedProviderNames: e.FEED_PROVIDER_NAMES ?? {},
    oddsApi:
      e.FEED_SOURCE.includes('odds-api') && e.ODDS_API_KEY !== undefined && e.ODDS_API_SPORTS !== undefined
        ? {
            apiKey: e.ODDS_API_KEY,
            sports: e.ODDS_API_SPORTS,
            regions: e.ODDS_API_REGIONS ?? null,
            baseUrl: e.ODDS_API_BASE_URL ?? null,
            quotaResetDay: e.ODDS_API_QUOTA_RESET_DAY ?? null,
            intervalMs: e.ODDS_API_INTERVAL_MS ?? null,
            // Betfair's exchange comes from its stream when it runs, whatever else is left out.
            omitBookmakers: [
              ...new Set([...(e.ODDS_API_OMIT_BOOKMAKERS ?? []), ...(e.FEED_SOURCE.includes('betfair') ? ['betfair_ex_uk'] : [])]),
            ],
          }
        : null,
    betfair:
      e.FEED_SOURCE.includes('betfair') && e.BETFAIR_APP_KEY !== undefined
        ? {
            appKey: e.BETFAIR_APP_KEY,
            sessionToken: e.BETFAIR_SESSION_TOKEN ?? null,
            username: e.BETFAIR_USERNAME ?? null,
            password: e.BETFAIR_PASSWORD ?? null,
            eventTypeIds: e.BETFAIR_EVENT_TYPES ?? null,
            marketTypes: e.BETFAIR_MARKET_TYPES ?? null,
            countryCodes: e.BETFAIR_COUNTRIES ?? null,
            commission: e.BETFAIR_COMMISSION ?? null,
          }
        : null,
    stripe:
      e.STRIPE_SECRET_KEY === undefined || e.STRIPE_WEBHOOK_SECRET === undefined
        ? null
        : { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiBase: e.STRIPE_API_BASE ?? null },
    forum:
      e.FORUM_URL === undefined || e.DISCOURSE_CONNECT_SECRET === undefined
        ? null
        : { url: e.FORUM_URL, connectSecret: e.DISCOURSE_CONNECT_SECRET },
    push: e.PUSH === 'off' || vapidPair === null ? null : { ...vapidPair, subject: e.VAPID_SUBJECT ?? DEVELOPMENT_VAPID_SUBJECT },
    pushAllowedHosts: e.PUSH_ALLOWED_HOSTS ?? DEFAULT_PUSH_HOSTS,
  };
}

/**
 * Development secrets: the given ones, else those kept in DATA_DIR/secrets.json, else new ones (then
 * kept). With `vapid`, the VAPID key pair too (web-push's generateVAPIDKeys: a P-256 pair).
 */
function developmentSecrets(
  dataDir: string,
  given: Partial<Record<SecretName, string>>,
  vapid: boolean,
): { secrets: Record<SecretName, string>; vapid: { publicKey: string; privateKey: string } | null } {
  const file = join(dataDir, 'secrets.json');
  let kept: Partial<Record<SecretName | 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY', string>> = {};
  if (existsSync(file)) {
    const parsed = z.record(z.string(), z.string()).safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (!parsed.success) throw new ConfigError([`${file} is not a JSON object of strings: delete it to have new secrets generated`]);
    kept = parsed.data;
  }
  let changed = false;
  const out = {} as Record<SecretName, string>;
  for (const name of SECRET_NAMES) {
    const value = given[name] ?? kept[name];
    if (value !== undefined) {
      out[name] = value;
      continue;
    }
    out[name] = randomBytes(48).toString('base64url');
    kept[name] = out[name];
    changed = true;
  }
  let pair: { publicKey: string; privateKey: string } | null = null;
  if (vapid) {
    if (kept.VAPID_PUBLIC_KEY === undefined || kept.VAPID_PRIVATE_KEY === undefined) {
      const generated = webpush.generateVAPIDKeys();
      kept.VAPID_PUBLIC_KEY = generated.publicKey;
      kept.VAPID_PRIVATE_KEY = generated.privateKey;
      changed = true;
    }
    pair = { publicKey: kept.VAPID_PUBLIC_KEY, privateKey: kept.VAPID_PRIVATE_KEY };
  }
  if (changed) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(file, `${JSON.stringify(kept, null, 2)}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return { secrets: out, vapid: pair };
}
