// The server's kernel: the types every part of the server is written against (what the app is built
// from, the context of a request, a route, the shape of a domain module). It imports the interfaces of
// the app's parts (database, pub/sub, mail, payments, feed, ...) and nothing of a domain module, so a
// module, a provider or the app may import it without closing an import circle through another module.
import type { Brand } from '@matchkit/sdk/brands';
import type { EntitledUser } from '@matchkit/sdk/model';
import type { RateLimitStore } from './auth/rate-limits';
import type { TokenService } from './auth/tokens';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { ledger, refunds, users } from './db/schema';
import type { FeedSource } from '@matchkit/app-contract/feed';
import type { Logger } from './logger';
import type { Mailer } from './mail/mailer';
import type { PaymentProvider } from './payments/provider';
import type { PubSub } from './pubsub/index';
import type { PushDelivery } from './push/delivery';

/** Everything the app is built from (buildApp's arguments, completed). */
export interface AppDeps {
  readonly config: Config;
  readonly brand: Brand;
  readonly database: Database;
  readonly db: Db;
  readonly pubSub: PubSub;
  readonly clock: Clock;
  readonly mail: Mailer;
  readonly logger: Logger;
  readonly tokens: TokenService;
  /** The odds feed, or null when none is configured. */
  readonly feed: FeedSource | null;
  /** Where rate-limit counters live (memory by default, Redis when REDIS_URL is set). */
  readonly rateLimits: RateLimitStore;
  /** The payment provider (the local test-mode one unless buildApp is given another). */
  readonly payments: PaymentProvider;
  /** Members' records for authentication (kept in memory until they change; see modules/members/record-cache.ts). */
  readonly memberRecords: MemberRecordSource;
  /** Web push delivery (the push worker sends through it; sendPush queues nothing while it is null), or null when PUSH=off. */
  readonly push: PushDelivery | null;
}

/** The signed-in member of a request or socket. */
export interface Viewer {
  readonly userId: string;
  readonly sessionVersion: number;
  /** The server-side session (this device's sign-in) of the token. */
  readonly sessionId: string;
  /** When that session ends unless renewed (epoch ms). */
  readonly sessionExpiresAt: number;
  readonly signedInAt: number;
  readonly tokenExpiresAt: number;
  readonly tokenIssuedAt: number;
}

/** The context of one GraphQL operation (one HTTP request, or one socket message). */
export interface RequestContext {
  readonly deps: AppDeps;
  readonly db: Db;
  readonly brand: Brand;
  /** The instant the request started; one value for the whole request. */
  readonly now: number;
  readonly viewer: Viewer | null;
  readonly requestId: string;
  readonly logger: Logger;
  /** The client's address (the socket's, or X-Forwarded-For's first hop when TRUST_PROXY is set). */
  readonly ip: string;
  /** The request's User-Agent header (the upgrade's on a socket), or null. */
  readonly userAgent: string | null;
  readonly transport: 'http' | 'ws';
  /** The request's Cookie header (null on a socket or when it sent none). */
  readonly cookie: string | null;
  /**
   * Whether the HTTP request came from the app's own page: `Sec-Fetch-Site: same-origin`, or an
   * Origin equal to PUBLIC_ORIGIN. A sign-in from there opens a cookie-bound session. False on a
   * socket. Any client can send these headers: trust it only to pick the stricter path.
   */
  readonly fromOwnPage: boolean;
  /** Adds a Set-Cookie header to the HTTP response (ignored on a socket). */
  setCookie(value: string): void;
}

/** An HTTP route outside GraphQL. */
export interface Route {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** An exact path (`/api/user/integrations/external/check`), or a prefix ending in `/*`. */
  readonly path: string;
  handle(request: Request, ctx: RequestContext): Response | Promise<Response>;
}

/**
 * A domain module: its resolvers (one per file, gathered in the module's index), its REST routes
 * under /api (or other fixed paths), and start/stop hooks for what it runs in the background.
 * `TResolvers` is the resolvers' type, bound by modules/module.ts (the kernel does not know the schema).
 */
export interface AppModule<TResolvers = unknown> {
  readonly name: string;
  /** Its part of the schema: the SDL of its schema.graphql (its types, and the fields it adds to Query, Mutation, Subscription, User). */
  readonly typeDefs?: string;
  readonly resolvers?: TResolvers;
  readonly routes?: readonly Route[];
  /** Starts background work (after migrations, before listening). */
  start?(): void | Promise<void>;
  /** Stops it (on shutdown, before the database closes). */
  stop?(): void | Promise<void>;
}

/** Builds a module from the app's dependencies. */
export type ModuleFactory<TResolvers = unknown> = (deps: AppDeps) => AppModule<TResolvers>;

// ---------------------------------------------------------------------------------------------
// Members' records: what authentication reads for every request (modules/members loads them)
// ---------------------------------------------------------------------------------------------

/** The ledger columns the sdk's LedgerEvent needs. */
export type GrantRow = Pick<typeof ledger.$inferSelect, 'id' | 'type' | 'plan' | 'periodStart' | 'periodEnd' | 'at' | 'basePaymentId'>;
/** The refund columns the sdk's LedgerEvent needs. */
export type RefundRow = Pick<typeof refunds.$inferSelect, 'paymentId' | 'at'>;

/** A session that has not been revoked (it may have expired: compare `expiresAt` with the clock). */
export interface LiveSession {
  readonly id: string;
  /** Epoch ms. */
  readonly expiresAt: number;
}

/** A member's row with their billing ledger and its refunds, and their unrevoked sessions, as stored. */
export interface MemberRecord {
  readonly user: typeof users.$inferSelect;
  readonly grants: readonly GrantRow[];
  readonly refunds: readonly RefundRow[];
  readonly sessions: readonly LiveSession[];
}

/**
 * A member row with what they hold at an instant (modules/members/access.ts computes it). It is the
 * value every User resolver is given as parent (the User mapper of codegen.ts).
 */
export interface MemberAccess {
  readonly user: typeof users.$inferSelect;
  /** Capability codes of the plans held (capabilitiesAt). */
  readonly capabilities: readonly string[];
  /** Codes granted on top of the plan. */
  readonly additionalCapabilities: readonly string[];
  /** The plans held, in the brand's order. */
  readonly plans: readonly string[];
  /** The member as the entitlements module reads it. */
  readonly entitled: EntitledUser;
}

/** Where authenticated requests get a member's record. */
export interface MemberRecordSource {
  /** The member `userId`'s record as committed now, or null when there is no such member. */
  load(userId: string): Promise<MemberRecord | null>;
  /** How many records are kept now. */
  readonly size: number;
  /** Stops listening for changes. */
  close(): void;
}
