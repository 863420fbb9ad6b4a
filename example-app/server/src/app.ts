// buildApp: the whole server from its parts. `handler` answers a fetch Request with no port (most
// tests call it directly); `start` listens on a port with the graphql-ws endpoint on the same
// server; `stop` drains in-flight requests, closes sockets with 1001 and closes what it was given.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createServerAdapter } from '@whatwg-node/server';
import { NoSchemaIntrospectionCustomRule, type ExecutionArgs } from 'graphql';
import { createSchema, createYoga, type Plugin, type YogaServerInstance } from 'graphql-yoga';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer, type WebSocket } from 'ws';
import { getBrand } from '@matchkit/sdk/brands';
import { platformSchemaSDL } from '@matchkit/sdk/transport';
import { createMemoryRateLimitStore, type RateLimitStore } from './auth/rate-limits';
import { rotatedSessionCookie } from './auth/rotation';
import { createTokenService } from './auth/tokens';
import type { Clock } from './clock';
import type { Config } from './config';
import { authenticate, authenticateMember, type AppDeps, type RequestContext, type Viewer } from './context';
import type { Database } from './db/client';
import type { FeedSource } from './feed/index';
import { withSecurityHeaders } from './http/headers';
import { createStaticHandler } from './http/static';
import type { Logger } from './logger';
import type { Mailer } from './mail/mailer';
import { modules as defaultModules } from './modules/index';
import type { PaymentProviderFactory } from './payments/provider';
import { createTestPaymentProvider } from './payments/test-provider';
import { primeViewerRecord } from './modules/members/access';
import { mergeResolvers, type AppModule, type ModuleFactory, type Route } from './modules/module';
import type { PubSub } from './pubsub/index';
import { DateTimeScalar, PenceScalar } from './scalars';

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
  /** The payment provider (default: the local test-mode provider, which delivers its webhooks through this app's handler). */
  readonly payments?: PaymentProviderFactory;
}

/** The running parts. */
export interface App {
  /** Answers one request (no port needed). `ip` is the client's address. */
  handler(request: Request, server?: { ip?: string }): Promise<Response>;
  /** Listens on `port` (0: any free port) at `host`; resolves with the origin. */
  start(port?: number, host?: string): Promise<{ origin: string; port: number }>;
  /** Stops: refuses new work, drains in-flight requests, closes sockets (1001), then the pubsub, the mailer and the database. */
  stop(): Promise<void>;
  readonly deps: AppDeps;
  /** The GraphQL server (for the graphql-ws wiring and tests). */
  readonly yoga: YogaServerInstance<ServerContext, RequestContext>;
}

/** What the HTTP adapter or the socket passes to yoga with each request. */
interface ServerContext {
  readonly ip?: string;
  /** On a socket: the operation's context, made by onSubscribe. */
  readonly wsContext?: RequestContext;
}

/** What yoga's getEnveloped gives the socket to run an operation with. */
interface Enveloped {
  execute(args: ExecutionArgs): never;
  subscribe(args: ExecutionArgs): never;
}

/** Set-Cookie values a request's resolvers asked for, added to its response. */
const pendingCookies = new WeakMap<Request, string[]>();

/** Builds the app. Nothing listens until start(). */
export function buildApp(options: BuildAppOptions): App {
  const { config, database, pubSub, clock, mail, logger } = options;
  const brand = getBrand(config.brand);
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
    feed: options.feed ?? null,
    rateLimits: options.rateLimits ?? createMemoryRateLimitStore(),
    payments: (options.payments ?? createTestPaymentProvider)({ config, db: database.db, clock, logger, deliver: (request) => handler(request) }),
  };
  const mods: AppModule[] = (options.modules ?? defaultModules).map((factory) => factory(deps));
  const routes: Route[] = mods.flatMap((m) => m.routes ?? []);

  /** The context of one HTTP request or one socket operation. */
  async function createContext(input: { request: Request | null; ip: string; transport: 'http' | 'ws'; viewer?: Viewer | null; requestId?: string }): Promise<RequestContext> {
    const now = clock();
    const requestId = input.requestId ?? requestIdOf(input.request);
    // An HTTP request's one query checks the session and reads what the member holds, for its resolvers.
    const member =
      input.viewer !== undefined || input.request === null
        ? null
        : await authenticateMember(deps, { authorization: input.request.headers.get('authorization'), cookie: input.request.headers.get('cookie') }, now);
    if (member !== null) primeViewerRecord(member.viewer, member.record);
    const viewer = input.viewer !== undefined ? input.viewer : (member?.viewer ?? null);
    const request = input.request;
    const ctx: RequestContext = {
      deps,
      db: deps.db,
      brand,
      now,
      viewer,
      requestId,
      logger: logger.child({ requestId }),
      ip: input.ip,
      transport: input.transport,
      setCookie(value) {
        if (request === null) return;
        const list = pendingCookies.get(request) ?? [];
        list.push(value);
        pendingCookies.set(request, list);
      },
    };
    // An HTTP request whose token is past half its life gets a fresh one in its response's cookie.
    if (request !== null) {
      const rotated = await rotatedSessionCookie(deps, viewer, now);
      if (rotated !== null) ctx.setCookie(rotated);
    }
    return ctx;
  }

  const plugins: Plugin[] = [
    {
      onValidate({ addValidationRule }) {
        if (config.env === 'production') addValidationRule(NoSchemaIntrospectionCustomRule);
      },
      onResponse({ request, response }) {
        for (const cookie of pendingCookies.get(request) ?? []) response.headers.append('set-cookie', cookie);
      },
    },
  ];

  const yoga = createYoga<ServerContext, RequestContext>({
    schema: createSchema({
      typeDefs: platformSchemaSDL,
      resolvers: { ...mergeResolvers(mods), Pence: PenceScalar, DateTime: DateTimeScalar } as never,
    }),
    graphqlEndpoint: '/graphql',
    landingPage: false,
    graphiql: config.env === 'development',
    maskedErrors: true,
    cors: { origin: [...config.allowedOrigins], credentials: true },
    logging: {
      debug: (...a) => logger.debug({ yoga: a.map(String) }),
      info: (...a) => logger.info({ yoga: a.map(String) }),
      warn: (...a) => logger.warn({ yoga: a.map(String) }),
      error: (...a) => logger.error({ yoga: a.map((x) => (x instanceof Error ? x.stack ?? x.message : String(x))) }),
    },
    plugins,
    context: async ({ request, ip, wsContext }) => wsContext ?? createContext({ request, ip: ip ?? '127.0.0.1', transport: 'http' }),
  });

  const serveStatic = createStaticHandler(options.webRoot);

  async function route(request: Request, ip: string): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === '/graphql') return yoga.fetch(request, { ip });
    if (url.pathname === '/healthz') return Response.json({ ok: true });
    if (url.pathname === '/readyz') {
      const ready = !stopping && (await database.ping());
      return Response.json({ ok: ready }, { status: ready ? 200 : 503 });
    }
    const match = routes.find((r) => r.method === request.method && (r.path.endsWith('/*') ? url.pathname.startsWith(r.path.slice(0, -1)) : url.pathname === r.path));
    if (match !== undefined) {
      const ctx = await createContext({ request, ip, transport: 'http' });
      const response = await match.handle(request, ctx);
      for (const cookie of pendingCookies.get(request) ?? []) response.headers.append('set-cookie', cookie);
      return response;
    }
    if (url.pathname.startsWith('/api/')) return Response.json({ error: true, message: 'Not found' }, { status: 404 });
    return (await serveStatic(request)) ?? new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }

  let stopping = false;
  let inFlight = 0;
  let drained: (() => void) | null = null;

  async function handler(request: Request, server: { ip?: string } = {}): Promise<Response> {
    if (stopping) return withSecurityHeaders(Response.json({ error: true, message: 'The server is shutting down' }, { status: 503, headers: { connection: 'close' } }), config.publicOrigin);
    inFlight += 1;
    try {
      let response: Response;
      try {
        response = await route(request, server.ip ?? '127.0.0.1');
      } catch (error) {
        logger.error({ err: error, requestId: requestIdOf(request) }, 'unhandled error');
        response = Response.json({ error: true, message: 'Internal error' }, { status: 500 });
      }
      return withSecurityHeaders(response, config.publicOrigin);
    } finally {
      inFlight -= 1;
      if (inFlight === 0 && drained !== null) drained();
    }
  }

  let server: Server | null = null;
  let wss: WebSocketServer | null = null;
  const sockets = new Set<Socket>();

  async function start(port = config.port, host = config.host) {
    for (const m of mods) await m.start?.();
    const adapter = createServerAdapter<{ req: IncomingMessage }>((request, ctx) => handler(request, { ip: ipOf(ctx.req, config.trustProxy) }));
    const http = createServer(adapter);
    server = http;
    http.on('connection', (s) => {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    });
    const sockServer = new WebSocketServer({ server: http, path: '/graphql', maxPayload: 64 * 1024 });
    wss = sockServer;
    useServer<Record<string, unknown>, { wsContext?: RequestContext; viewer?: Viewer | null }>(
      {
        execute: (args: ExecutionArgs) => (args.rootValue as Enveloped).execute(args),
        subscribe: (args: ExecutionArgs) => (args.rootValue as Enveloped).subscribe(args),
        onConnect: async (ctx) => {
          const req = ctx.extra.request;
          const now = clock();
          const payload = ctx.connectionParams ?? {};
          const authorization = typeof payload['authorization'] === 'string' ? payload['authorization'] : typeof payload['Authorization'] === 'string' ? payload['Authorization'] : null;
          const viewer = await authenticate(deps, { authorization, cookie: req.headers.cookie ?? null }, now);
          (ctx.extra as { viewer?: Viewer | null }).viewer = viewer;
          return true;
        },
        onSubscribe: async (ctx, _id, params) => {
          const viewer = (ctx.extra as { viewer?: Viewer | null }).viewer ?? null;
          const wsContext = await createContext({ request: null, ip: ipOf(ctx.extra.request, config.trustProxy), transport: 'ws', viewer, requestId: randomUUID() });
          const { schema, execute, subscribe, contextFactory, parse, validate } = yoga.getEnveloped({ ...ctx, wsContext, params });
          const args = {
            schema,
            operationName: params.operationName,
            document: parse(params.query),
            variableValues: params.variables,
            contextValue: await contextFactory(),
            rootValue: { execute, subscribe },
          };
          const errors = validate(args.schema, args.document);
          if (errors.length > 0) return errors;
          return args;
        },
      },
      sockServer,
    );
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
    for (const m of [...mods].reverse()) await m.stop?.();
    const sockServer = wss;
    if (sockServer !== null) {
      for (const client of sockServer.clients as Set<WebSocket>) client.close(1001, 'Server shutting down');
      await new Promise<void>((resolve) => sockServer.close(() => resolve()));
    }
    const http = server;
    if (http !== null) {
      const closed = new Promise<void>((resolve) => http.close(() => resolve()));
      http.closeIdleConnections();
      if (inFlight > 0) await Promise.race([new Promise<void>((r) => (drained = r)), delay(10_000)]);
      for (const s of sockets) s.destroy();
      await closed;
    } else if (inFlight > 0) {
      await Promise.race([new Promise<void>((r) => (drained = r)), delay(10_000)]);
    }
    await pubSub.close();
    await deps.rateLimits.close();
    await mail.close();
    await database.close();
    logger.info('stopped');
  }

  return { handler, start, stop, deps, yoga };
}

function delay(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms).unref());
}

function requestIdOf(request: Request | null): string {
  const given = request?.headers.get('x-request-id');
  return given !== null && given !== undefined && /^[A-Za-z0-9._-]{8,64}$/.test(given) ? given : randomUUID();
}

/** The client's address: the socket's, or the first X-Forwarded-For hop behind a trusted proxy. */
function ipOf(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = req.headers['x-forwarded-for'];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
    if (first !== undefined && first !== '') return first;
  }
  return req.socket.remoteAddress ?? 'unknown';
}
