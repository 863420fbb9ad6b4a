// buildApp: the whole server from its parts. `handler` answers a fetch Request with no port (most
// tests call it directly); `start` listens on a port with the graphql-ws endpoint on the same
// server; `stop` drains in-flight requests, closes sockets with 1001 and closes what it was given.
import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, ne, or } from 'drizzle-orm';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServerAdapter } from '@whatwg-node/server';
import { createSchema, createYoga, type YogaServerInstance } from 'graphql-yoga';
import { getBrand } from '@matchkit/sdk/brands';
import { createMemoryRateLimitStore, type RateLimitStore } from './auth/rate-limits';
import { rotatedSessionCookies } from './auth/rotation';
import { createTokenService } from './auth/tokens';
import type { Clock, MovableClock } from './clock';
import type { Config } from './config';
import { memberRecordSource } from './modules/members/record-cache';
import { authenticateMember } from './context';
import type { AppDeps, RequestContext, Route, Viewer } from './kernel';
import type { Database } from './db/client';
import { outbox } from './db/schema';
import type { FeedSource } from '@matchkit/app-contract/feed';
import { queryParameterProblem } from './control-characters';
import { devClockRoute } from './http/dev-clock';
import { withSecurityHeaders } from './http/headers';
import { hostCheck, hostOf, misdirected } from './http/host';
import { publicOriginRedirect } from './http/origin';
import { knownPage } from './http/known-page';
import { createStaticHandler } from './http/static';
import { errorText, type Logger } from './logger';
import type { Mailer } from './mail/mailer';
import { unsubscribeHeaders, unsubscribeKey } from './mail/unsubscribe';
import { createMailWorker, MAIL_POLICY, type MailPolicy, type MailWorker } from './mail/worker';
import { modules as defaultModules } from './modules/index';
import type { PaymentProviderFactory } from './payments/provider';
import { createStripePaymentProvider } from './payments/stripe-provider';
import { createTestPaymentProvider } from './payments/test-provider';
import { useSharedSubscriptions } from './fanout';
import { FEED_SHARED_SUBSCRIPTIONS } from './modules/feed/index';
import { feedReadiness } from './feed/health';
import { primeViewerRecord } from './modules/members/access';
import { mergeResolvers, type AppModule, type ModuleFactory } from './modules/module';
import { createMetrics, metricsResponse, type Metrics } from './ops/metrics';
import { createPushDelivery, type PushDeliveryOptions } from './push/delivery';
import { createPushWorker, type PushPolicy, type PushWorker } from './push/worker';
import { appPlugins, LIMITS, parserCacheOptions } from './plugins';
import type { PubSub } from './pubsub/index';
import { DateTimeScalar, PenceScalar } from './scalars';
import { createLiveAccess, type LiveAccess } from './live-access';
import { attachGraphqlWs, type GraphqlWs } from './ws';
import baseTypeDefs from './schema/base.graphql?raw';

/** What the app is built from. */
export interface BuildAppOptions {
  readonly config: Config;
  /** An open, migrated database. The app closes it on stop(). */
  readonly database: Database;
  readonly pubSub: PubSub;
  readonly clock: Clock;
  readonly mail: Mailer;
  readonly logger: Logger;
  /** The built web app's folder, or null to serve the API only. */
  readonly webRoot: string | null;
  /** The odds feed (default: none). */
  readonly feed?: FeedSource | null;
  /** The domain modules (default: all of them). */
  readonly modules?: readonly ModuleFactory[];
  /** Where rate-limit counters live (default: this process's memory). The app closes it on stop(). */
  readonly rateLimits?: RateLimitStore;
  /**
   * The payment provider (default: Stripe when configured, else the local test-mode provider, which
   * delivers its webhooks through this app's handler; production refuses a test-mode one).
   */
  readonly payments?: PaymentProviderFactory;
  /** graphql-ws keep-alive ping interval in ms (default 12 000; 0: no pings). */
  readonly wsKeepAliveMs?: number;
  /**
   * The app's clock when it is movable (MOVABLE_CLOCK): POST /dev/clock moves it (http/dev-clock.ts).
   * Absent: no such route. Production refuses one.
   */
  readonly movableClock?: MovableClock;
  /** Web push delivery's request time limit and https agent (tests: trust in the local push service). */
  readonly pushDelivery?: Pick<PushDeliveryOptions, 'timeoutMs' | 'agent'>;
  /** How the push worker retries (default PUSH_POLICY; tests shorten it). */
  readonly pushPolicy?: PushPolicy;
  /** How the mail worker retries (default MAIL_POLICY; tests shorten it). */
  readonly mailPolicy?: MailPolicy;
}

/** The running parts. */
export interface App {
  /** Answers one request (no port needed). `ip` is the client's address. */
  handler(request: Request, server?: { ip?: string }): Promise<Response>;
  /** Listens on `port` (0: any free port) at `host`; resolves with the origin. */
  start(port?: number, host?: string): Promise<{ origin: string; port: number }>;
  /** Stops: refuses new work, drains in-flight requests, closes sockets (1001), then the push and mail workers, the pubsub, the mailer and the database. */
  stop(): Promise<void>;
  readonly deps: AppDeps;
  /** The app's Prometheus metrics (its own registry). */
  readonly metrics: Metrics;
  /** This process's live sockets and subscriptions, which revocations end (live-access.ts). */
  readonly liveAccess: LiveAccess;
  /** The GraphQL server (for the graphql-ws wiring and tests). */
  readonly yoga: YogaServerInstance<ServerContext, RequestContext>;
  /** This process's mail worker (mail/worker.ts): started by start(); tests call runOnce(). */
  readonly mailWorker: MailWorker;
  /** This process's push worker (push/worker.ts), null when PUSH=off: started by start(); tests call runOnce(). */
  readonly pushWorker: PushWorker | null;
}

/** What the HTTP adapter or the socket passes to yoga with each request. */
interface ServerContext {
  readonly ip?: string;
  /** On a socket: the operation's context, made by onSubscribe. */
  readonly wsContext?: RequestContext;
}

/** Set-Cookie values a request's resolvers asked for, added to its response. */
const pendingCookies = new WeakMap<Request, string[]>();
/** Each request's id (the caller's valid x-request-id, or made here) and viewer, for its log line. */
const requestIds = new WeakMap<Request, string>();
const requestViewers = new WeakMap<Request, Viewer>();

/** Builds the app. Nothing listens until start(). */
export function buildApp(options: BuildAppOptions): App {
  const { config, database, pubSub, clock, mail, logger } = options;
  const brand = getBrand(config.brand);
  const metrics = createMetrics();
  const feedSource = options.feed ?? null;
  if (feedSource !== null) metrics.watchFeed(() => feedSource.health());
  const deps: AppDeps = {
    config,
    brand,
    database,
    db: database.db,
    pubSub,
    clock,
    mail,
    logger,
    tokens: createTokenService(config.publicOrigin, config.secrets.JWT_SECRET),
    feed: feedSource,
    rateLimits: options.rateLimits ?? createMemoryRateLimitStore(),
    memberRecords: memberRecordSource(database),
    payments: (options.payments ?? (config.stripe === null ? createTestPaymentProvider : createStripePaymentProvider))({
      config,
      db: database.db,
      clock,
      logger,
      deliver: (request) => handler(request),
    }),
    push:
      config.push === null
        ? null
        : createPushDelivery({
            vapid: config.push,
            allowedHosts: config.pushAllowedHosts,
            db: database.db,
            clock,
            logger,
            ...options.pushDelivery,
          }),
  };
  if (config.env === 'production' && deps.payments.testMode)
    throw new Error('production takes real payments only: configure STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  if (config.env === 'production' && mail.kind === 'outbox')
    throw new Error('production sends mail through SMTP_URL: the outbox would keep usable links in the database');
  const mailKey = unsubscribeKey(config.secrets.JWT_SECRET);
  const mailWorker = createMailWorker({
    database,
    mail,
    clock,
    logger: logger.child({ part: 'mail' }),
    metrics,
    publicOrigin: config.publicOrigin,
    unsubscribeHeaders: (userId, kind) => unsubscribeHeaders(mailKey, config.publicOrigin, userId, kind),
    policy: options.mailPolicy ?? { ...MAIL_POLICY, pollMs: config.mailPollMs },
  });
  const pushWorker =
    deps.push === null
      ? null
      : createPushWorker({
          database,
          delivery: deps.push,
          clock,
          logger: logger.child({ part: 'push' }),
          metrics,
          ...(options.pushPolicy === undefined ? {} : { policy: options.pushPolicy }),
        });
  const liveAccess = createLiveAccess(deps, metrics);
  const mods: AppModule[] = (options.modules ?? defaultModules).map((factory) => factory(deps));
  const routes: Route[] = mods.flatMap((m) => m.routes ?? []);
  if (options.movableClock !== undefined) {
    if (config.env === 'production') throw new Error('production keeps the real time: a movable clock is for tests');
    routes.push(devClockRoute(options.movableClock));
  }

  /** The context of one HTTP request or one socket operation. */
  async function createContext(input: {
    request: Request | null;
    ip: string;
    transport: 'http' | 'ws';
    viewer?: Viewer | null;
    requestId?: string;
    userAgent?: string | null;
  }): Promise<RequestContext> {
    const now = clock();
    const requestId = input.requestId ?? (input.request === null ? randomUUID() : requestIdOf(input.request));
    // An HTTP request's one query checks the session and reads what the member holds, for its resolvers.
    const member =
      input.viewer !== undefined || input.request === null
        ? null
        : await authenticateMember(
            deps,
            { authorization: input.request.headers.get('authorization'), cookie: input.request.headers.get('cookie') },
            now,
          );
    if (member !== null) primeViewerRecord(member.viewer, member.record);
    const viewer = input.viewer !== undefined ? input.viewer : (member?.viewer ?? null);
    const request = input.request;
    if (request !== null && viewer !== null) requestViewers.set(request, viewer);
    const ctx: RequestContext = {
      deps,
      db: deps.db,
      brand,
      now,
      viewer,
      requestId,
      logger: logger.child({ requestId }),
      ip: input.ip,
      userAgent: input.userAgent ?? request?.headers.get('user-agent') ?? null,
      transport: input.transport,
      cookie: request?.headers.get('cookie') ?? null,
      fromOwnPage:
        request !== null &&
        (request.headers.get('sec-fetch-site') === 'same-origin' || request.headers.get('origin') === config.publicOrigin),
      setCookie(value) {
        if (request === null) return;
        const list = pendingCookies.get(request) ?? [];
        list.push(value);
        pendingCookies.set(request, list);
      },
    };
    // An HTTP request whose token is past half its life gets a fresh one in its response's cookie.
    if (request !== null) {
      for (const cookie of await rotatedSessionCookies(deps, viewer, now, { ip: input.ip, cookie: ctx.cookie })) ctx.setCookie(cookie);
    }
    return ctx;
  }

  // The base SDL (scalars, shared enums, the error payloads) and each module's part. The modules only
  // extend Query, Mutation, Subscription and User, so a module removed takes its fields with it;
  // convertExtensions (passed on to graphql-tools' mergeTypeDefs) lets a root type be made of
  // extensions alone.
  const schemaDefinition = {
    typeDefs: [baseTypeDefs, ...mods.flatMap((m) => (m.typeDefs === undefined ? [] : [m.typeDefs]))],
    convertExtensions: true,
    resolvers: { ...mergeResolvers(mods), Pence: PenceScalar, DateTime: DateTimeScalar },
  };
  const yoga = createYoga<ServerContext, RequestContext>({
    schema: createSchema<ServerContext & RequestContext>(schemaDefinition),
    graphqlEndpoint: '/graphql',
    landingPage: false,
    graphiql: config.env === 'development',
    maskedErrors: true,
    multipart: false,
    maxRequestBodySize: LIMITS.maxBodyBytes,
    parserAndValidationCache: parserCacheOptions,
    cors: { origin: [...config.allowedOrigins], credentials: true, exposedHeaders: ['x-request-id'] },
    logging: {
      debug: (...a) => logger.debug({ yoga: a.map(String) }),
      info: (...a) => logger.info({ yoga: a.map(String) }),
      warn: (...a) => logger.warn({ yoga: a.map(String) }),
      error: (...a) => logger.error({ yoga: a.map((x) => (x instanceof Error ? errorText(x) : String(x))) }),
    },
    plugins: [
      ...appPlugins({ config, metrics, cookiesFor: (request) => pendingCookies.get(request) ?? [], liveAccess: liveAccess.plugin }),
      useSharedSubscriptions(FEED_SHARED_SUBSCRIPTIONS),
    ],
    context: async ({ request, ip, wsContext }) => wsContext ?? createContext({ request, ip: ip ?? '127.0.0.1', transport: 'http' }),
  });

  const serveStatic = createStaticHandler(options.webRoot, knownPage(brand, database.db));

  async function route(request: Request, ip: string): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === '/graphql') return yoga.fetch(request, { ip });
    if (url.pathname === '/healthz') return Response.json({ ok: true });
    if (url.pathname === '/metrics') return metricsResponse(request, ip, config.metricsToken, metrics);
    if (url.pathname === '/readyz') {
      const ready = !stopping && (await database.ping());
      // The feed's state rides along and never makes the process unready (feed/health.ts says why).
      return Response.json({ ok: ready, ...(deps.feed === null ? {} : { feed: feedReadiness(deps.feed) }) }, { status: ready ? 200 : 503 });
    }
    const match = routes.find(
      (r) =>
        r.method === request.method && (r.path.endsWith('/*') ? url.pathname.startsWith(r.path.slice(0, -1)) : url.pathname === r.path),
    );
    if (match !== undefined || url.pathname.startsWith('/api/')) {
      const problem = queryParameterProblem(url);
      if (problem !== null) {
        metrics.rejection('control-characters');
        return Response.json(
          {
            error: true,
            code: 'BAD_INPUT',
            field: problem.field,
            message: `${problem.field} must not contain control characters (found ${problem.found}).`,
          },
          { status: 400 },
        );
      }
    }
    if (match !== undefined) {
      const ctx = await createContext({ request, ip, transport: 'http' });
      const response = await match.handle(request, ctx);
      for (const cookie of pendingCookies.get(request) ?? []) response.headers.append('set-cookie', cookie);
      return response;
    }
    if (url.pathname.startsWith('/api/')) return Response.json({ error: true, message: 'Not found' }, { status: 404 });
    if (options.webRoot !== null) {
      const elsewhere = publicOriginRedirect(request, config.publicOrigin);
      if (elsewhere !== null) return elsewhere;
    }
    return (
      (await serveStatic(request)) ?? new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } })
    );
  }

  /** The route pattern of a path, for the metrics' route label (a fixed set: raw paths would carry ids). */
  function routeLabel(method: string, pathname: string): string {
    if (pathname === '/graphql' || pathname === '/healthz' || pathname === '/readyz' || pathname === '/metrics') return pathname;
    const match = routes.find(
      (r) => r.method === method && (r.path.endsWith('/*') ? pathname.startsWith(r.path.slice(0, -1)) : pathname === r.path),
    );
    if (match !== undefined) return match.path;
    return pathname.startsWith('/api/') ? '/api/*' : 'static';
  }

  const addressedHere = hostCheck(config.publicOrigin, config.allowedOrigins);
  let stopping = false;
  /** Requests in the handler, and (with a port) responses still being written: stop() waits for both. */
  let inFlight = 0;
  let writing = 0;
  let drained: (() => void) | null = null;
  const settle = () => {
    if (inFlight === 0 && writing === 0 && drained !== null) drained();
  };

  async function handler(request: Request, server: { ip?: string } = {}): Promise<Response> {
    const started = performance.now();
    const requestId = requestIdOf(request);
    requestIds.set(request, requestId);
    const url = new URL(request.url);
    let response: Response;
    if (!PROBE_ANSWERS.has(url.pathname) && !addressedHere(hostOf(request))) {
      metrics.rejection('host');
      response = misdirected();
    } else if (stopping) {
      // Liveness stays green while draining; readiness and everything else answer 503.
      response =
        url.pathname === '/healthz'
          ? Response.json({ ok: true })
          : Response.json(
              url.pathname === '/readyz' ? { ok: false, stopping: true } : { error: true, message: 'The server is shutting down' },
              { status: 503, headers: { connection: 'close' } },
            );
    } else {
      inFlight += 1;
      try {
        response = await route(request, server.ip ?? '127.0.0.1');
      } catch (error) {
        logger.error({ err: error, requestId }, 'unhandled error');
        response = Response.json({ error: true, message: 'Internal error' }, { status: 500 });
      } finally {
        inFlight -= 1;
        settle();
      }
    }
    withSecurityHeaders(response, config.publicOrigin);
    response.headers.set('x-request-id', requestId);
    const durationMs = Math.round((performance.now() - started) * 10) / 10;
    metrics.httpRequest(request.method, routeLabel(request.method, url.pathname), response.status, durationMs / 1000);
    // One line per request: the path without its query string (which may carry a reset token), never a header.
    const line = {
      requestId,
      method: request.method,
      path: url.pathname,
      status: response.status,
      durationMs,
      userId: requestViewers.get(request)?.userId,
    };
    if (PROBES.has(url.pathname)) logger.debug(line, 'request');
    else logger.info(line, 'request');
    return response;
  }

  let server: Server | null = null;
  let graphqlWs: GraphqlWs | null = null;

  async function start(port = config.port, host = config.host) {
    if (config.env === 'production') await clearSentBodies(database.db, logger);
    for (const m of mods) await m.start?.();
    await mailWorker.start();
    await pushWorker?.start();
    await liveAccess.ready;
    const adapter = createServerAdapter<{ req: IncomingMessage }>((request, ctx) =>
      handler(request, { ip: ipOf(ctx.req, config.trustProxy) }),
    );
    const http = createServer(adapter);
    server = http;
    // A response counts until it is written: the handler returning is not enough to close its connection.
    http.on('request', (_req, res) => {
      writing += 1;
      res.once('close', () => {
        writing -= 1;
        settle();
      });
    });
    graphqlWs = attachGraphqlWs({
      server: http,
      deps,
      yoga,
      metrics,
      liveAccess,
      createContext,
      ipOf: (req) => ipOf(req, config.trustProxy),
      keepAliveMs: options.wsKeepAliveMs ?? 12_000,
      isStopping: () => stopping,
    });
    await new Promise<void>((resolve, reject) => {
      http.once('error', reject);
      http.listen(port, host, () => resolve());
    });
    const address = http.address() as AddressInfo;
    const origin = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
    logger.info({ origin, brand: config.brand, database: database.kind, pubsub: pubSub.kind }, 'listening');
    return { origin, port: address.port };
  }

  async function stop() {
    if (stopping) return;
    stopping = true;
    logger.info({ inFlight }, 'stopping');
    // While draining, the port stays open: new requests get 503 (readiness too), in-flight ones finish.
    await graphqlWs?.close(1001, 'Server shutting down');
    if (inFlight > 0 || writing > 0) await Promise.race([new Promise<void>((r) => (drained = r)), delay(DRAIN_MS)]);
    const http = server;
    if (http !== null) {
      const closed = new Promise<void>((resolve) => http.close(() => resolve()));
      // Idle keep-alive connections now (and, after DRAIN_MS, any request still running).
      http.closeAllConnections();
      await closed;
    }
    for (const m of [...mods].reverse()) await m.stop?.();
    await liveAccess.stop();
    await pushWorker?.stop();
    await mailWorker.stop();
    await pubSub.close();
    await deps.rateLimits.close();
    deps.memberRecords.close();
    await mail.close();
    await database.close();
    logger.info('stopped');
  }

  return { handler, start, stop, deps, metrics, liveAccess, yoga, mailWorker, pushWorker };
}

/**
 * Production keeps no mail once sent: a sent message's body (its links) is cleared by the worker,
 * except through the development outbox, which keeps it for /dev/outbox. A database that ran in
 * development has such rows; a production start clears them. Logged with the count only.
 */
async function clearSentBodies(db: Database['db'], logger: Logger): Promise<void> {
  const cleared = await db
    .update(outbox)
    .set({ text: '', html: null })
    .where(and(eq(outbox.state, 'sent'), or(ne(outbox.text, ''), isNotNull(outbox.html))))
    .returning({ id: outbox.id });
  if (cleared.length > 0) logger.info({ messages: cleared.length }, 'cleared the bodies of sent messages a development server kept');
}

/** How long stop() waits for in-flight requests before closing their connections. */
const DRAIN_MS = 10_000;
/**
 * The probes that answer whatever the Host (an orchestrator's probe names the pod's address): they
 * say only whether the server is up and ready.
 */
const PROBE_ANSWERS = new Set(['/healthz', '/readyz']);
/** Probe paths, logged at debug level (a probe every few seconds would drown the request log). */
const PROBES = new Set(['/healthz', '/readyz', '/metrics']);

function delay(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms).unref());
}

/** The request's id: the one already given to it, else a valid x-request-id header, else a new one. */
function requestIdOf(request: Request): string {
  const known = requestIds.get(request);
  if (known !== undefined) return known;
  const given = request.headers.get('x-request-id');
  return given !== null && /^[A-Za-z0-9._-]{8,64}$/.test(given) ? given : randomUUID();
}

/**
 * The client's address: the socket's, or, behind a trusted proxy, the last X-Forwarded-For hop (the
 * one that proxy appended; the hops before it are whatever the client sent, and could be forged).
 */
function ipOf(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = req.headers['x-forwarded-for'];
    const last = (Array.isArray(forwarded) ? forwarded.join(',') : forwarded)?.split(',').at(-1)?.trim();
    if (last !== undefined && last !== '') return last;
  }
  return req.socket.remoteAddress ?? 'unknown';
}
