// Test support: the app on its own clone of one migrated in-memory database (the template is made
// once per test worker, then each app loads a copy in ~0.3 s), a clock the test sets, and a helper
// that sends GraphQL through the app's handler with no port.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, type App, type BuildAppOptions } from '../app';
import { ConfigError, loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { ledger, users } from '../db/schema';
import { createLogger } from '../logger';
import { createMemoryMailer, createOutboxMailer } from '../mail/mailer';
import type { PubSub } from '../pubsub/index';
import { MIGRATIONS } from './migrations';
import { createTestPubSub } from './pubsub';
import { signInAs } from '../auth/sessions';

export { MIGRATIONS } from './migrations';

let template: Promise<Blob> | null = null;

/** A migrated, empty database's data directory, made once per worker. */
export function migratedTemplate(): Promise<Blob> {
  template ??= (async () => {
    const db = await openDatabase({ kind: 'pglite-memory' });
    await db.migrate(MIGRATIONS);
    const dump = await db.dump();
    await db.close();
    return dump;
  })();
  return template;
}

/** A fresh migrated in-memory database. */
export async function testDatabase(): Promise<Database> {
  return openDatabase({ kind: 'pglite-memory', loadDataDir: await migratedTemplate() });
}

/**
 * The databases a suite (a `*-suite.ts` run by a `.test.ts` and a `.pg.test.ts`) is labelled with,
 * and the kind of database each label means: the suite asserts its app runs on that kind.
 */
export const SUITE_DATABASES = { PGlite: 'pglite-memory', PostgreSQL: 'postgres' } as const satisfies Record<string, Database['kind']>;

/** A suite's database label. */
export type SuiteDatabase = keyof typeof SUITE_DATABASES;

/** A clock the test moves. */
export interface TestClock {
  (): number;
  set(at: number | string | Date): void;
  advance(ms: number): void;
}

/** A clock fixed at `start` until the test moves it. */
export function testClock(start: number | string | Date = '2026-03-02T10:00:00Z'): TestClock {
  let now = new Date(start).getTime();
  const clock = (() => now) as TestClock;
  clock.set = (at) => {
    now = new Date(at).getTime();
  };
  clock.advance = (ms) => {
    now += ms;
  };
  return clock;
}

/** The environment tests run with (fixed secrets: nothing is written to disk). */
export function testEnv(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    BRAND: 'primary',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'matchkit-test-')),
    PUBLIC_ORIGIN: 'http://localhost:3000',
    JWT_SECRET: 'test-jwt-secret-0123456789abcdefghijklmnopqrstuvwxyz',
    PAYMENT_WEBHOOK_SECRET: 'test-webhook-secret-0123456789abcdefghijklmnopqrstuv',
    AUTH_SERVICE_API_KEY: 'test-auth-service-key-0123456789abcdefghijklmnopqrstu',
    TWO_FACTOR_KEY: 'test-two-factor-key-0123456789abcdefghijklmnopqrstuvw',
    ANALYTICS_KEY: 'test-analytics-key-0123456789abcdefghijklmnopqrstuvwx',
    LOG_LEVEL: 'silent',
    SELLER_NAME: 'Test Seller Ltd',
    SELLER_ADDRESS: '1 Test Street, Testtown, TE1 1ST',
    ...overrides,
  };
}

/** The problems loadConfig names for the test env with `env`'s overrides (none: it loads). */
export function configProblems(env: Record<string, string>): readonly string[] {
  try {
    loadConfig(testEnv(env));
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

/** Stripe settings for a production-like configuration (the keys' shapes; nothing is called unless a payment is made). */
export const STRIPE_TEST_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_matchkitFake0123456789',
  STRIPE_WEBHOOK_SECRET: 'whsec_matchkitFake0123456789abcdef',
} as const;

/**
 * What a production server needs beyond testEnv: Stripe keys of live shape (production refuses a test
 * key; no request reaches Stripe unless a test makes one) and the seller's VAT number.
 */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  ...STRIPE_TEST_ENV,
  STRIPE_SECRET_KEY: 'sk_live_matchkitNotReal0123456789',
  VAT_NUMBER: 'GB123456789',
  // Required in production; tests of production send through a memory mailer, never to it.
  SMTP_URL: 'smtp://mail.invalid:587',
  // Required in production, at a domain that takes mail (never sent to: see SMTP_URL).
  MAIL_FROM: 'Matchkit <no-reply@matchkit.co.uk>',
  // Required in production while PUSH is on: a pair made for these tests (web-push's generateVAPIDKeys).
  VAPID_PUBLIC_KEY: 'BELo_7Zm4pYmEQ0hTLy14fgzIngyjXSLGpEovhi8eqE9fBIbL23MpZTd8imWoGzoXm-t7UO8Wnw3W_C_pdMxYJQ',
  VAPID_PRIVATE_KEY: 'izLSiZ3UROG0whdg9BbeyHg1RdCcdn3gAVcc4x4oNkY',
  VAPID_SUBJECT: 'mailto:push@example.test',
} as const;

/**
 * A member row with a paid plan (a ledger payment covering the test clock's instant), and a session
 * token. Their address is confirmed unless `verified` is false; `additionalCapabilities` are granted.
 */
export async function memberWithPlan(
  t: TestApp,
  id: string,
  plan: string | null,
  { verified = true, additionalCapabilities = [] }: { readonly verified?: boolean; readonly additionalCapabilities?: string[] } = {},
): Promise<string> {
  const now = t.clock();
  await t.database.db.insert(users).values({
    id,
    email: `${id}@example.com`,
    username: id,
    firstName: 'Test',
    lastName: 'Member',
    passwordHash: 'not-a-login',
    referralCode: id
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '')
      .slice(0, 12)
      .padEnd(4, 'X'),
    additionalCapabilities,
    adultConfirmedAt: new Date(now),
    emailVerifiedAt: verified ? new Date(now) : null,
    createdAt: new Date(now),
  });
  if (plan !== null) {
    await t.database.db.insert(ledger).values({
      id: `${id}:term-1`,
      userId: id,
      type: 'payment',
      plan,
      amount: 0,
      periodStart: new Date(now - 86_400_000),
      periodEnd: new Date(now + 30 * 86_400_000),
      at: new Date(now - 86_400_000),
    });
  }
  return (await signInAs(t.app.deps, id, now)).token;
}

/** A GraphQL response as the tests read it. */
export interface GqlResult<T = Record<string, unknown>> {
  readonly status: number;
  readonly data: T | null;
  readonly errors: readonly { message: string; extensions?: { code?: string } }[] | undefined;
  readonly headers: Headers;
}

/** The app under test and its parts. */
export interface TestApp {
  readonly app: App;
  readonly config: Config;
  readonly clock: TestClock;
  readonly database: Database;
  readonly pubSub: PubSub;
  /** Sends one GraphQL operation through the handler. */
  gql<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    options?: { token?: string; cookie?: string; headers?: Record<string, string> },
  ): Promise<GqlResult<T>>;
  /** Sends a request to a path of the app (`/api/...`). */
  request(path: string, init?: RequestInit): Promise<Response>;
  stop(): Promise<void>;
}

/**
 * buildApp's options for tests: each one the tests' default unless given (the test env with
 * `env`'s overrides, a fresh clone of the migrated database, a test clock, an in-process PubSub,
 * the outbox mailer (a memory mailer in production), a silent logger, no web root).
 */
export type TestAppOptions = Partial<BuildAppOptions> & { readonly env?: Record<string, string> };

/** The app built with the tests' defaults and the given options (nothing listens). */
export async function buildTestApp(options: TestAppOptions = {}): Promise<App> {
  const { env, ...given } = options;
  const database = given.database ?? (await testDatabase());
  const clock = given.clock ?? testClock();
  const config = loadConfig(testEnv(env));
  return buildApp({
    config,
    pubSub: createTestPubSub(),
    // Production uses no outbox (buildApp refuses one there).
    mail: config.env === 'production' ? createMemoryMailer() : createOutboxMailer(),
    logger: createLogger('silent'),
    webRoot: null,
    ...given,
    database,
    clock,
  });
}

/** Builds the app on a fresh database. */
export async function createTestApp(
  options: Pick<
    TestAppOptions,
    'env' | 'modules' | 'feed' | 'payments' | 'logger' | 'rateLimits' | 'pushDelivery' | 'pushPolicy' | 'mail' | 'mailPolicy' | 'webRoot'
  > & {
    clock?: TestClock;
    database?: Database;
    /** Default: a fresh in-process PubSub (give two apps one, or each a Redis one, for two processes). */
    pubSub?: PubSub;
  } = {},
): Promise<TestApp> {
  const clock = options.clock ?? testClock();
  const database = options.database ?? (await testDatabase());
  const pubSub = options.pubSub ?? createTestPubSub();
  const app = await buildTestApp({ ...options, clock, database, pubSub });
  const config = app.deps.config;
  const origin = config.publicOrigin;
  return {
    app,
    config,
    clock,
    database,
    pubSub,
    async gql(query, variables, opts = {}) {
      const headers: Record<string, string> = { 'content-type': 'application/json', ...opts.headers };
      if (opts.token !== undefined) headers['authorization'] = `Bearer ${opts.token}`;
      if (opts.cookie !== undefined) headers['cookie'] = opts.cookie;
      const response = await app.handler(
        new Request(`${origin}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query, variables }) }),
      );
      const text = await response.text();
      let body: { data?: unknown; errors?: GqlResult['errors'] };
      try {
        body = JSON.parse(text) as typeof body;
      } catch {
        throw new Error(`not JSON (${response.status}): ${text.slice(0, 200)}`);
      }
      return { status: response.status, data: (body.data ?? null) as never, errors: body.errors, headers: response.headers };
    },
    request: (path, init) => app.handler(new Request(`${origin}${path}`, init)),
    stop: () => app.stop(),
  };
}
