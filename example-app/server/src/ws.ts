// graphql-ws (the graphql-transport-ws protocol) on the HTTP server's /graphql path, sharing yoga's
// schema, plugins (limits, introspection, masking, metrics) and the one `authenticate`.
//
// - Before the upgrade: the Host must be one this server answers for (http/host.ts; else 421), and
//   an Origin header must name an allowed origin (config.allowedOrigins); otherwise 403 and no socket. Browsers always send Origin on
//   a WebSocket upgrade, so a missing Origin means a client that is not a browser: it may connect,
//   but only a bearer token in connection_init authenticates it (its cookies count for nothing).
// - connection_init: the credentials must prove a member (onConnect returns false otherwise, and
//   graphql-ws closes with 4403 Forbidden). A member's socket closes with the sdk's
//   TOKEN_EXPIRED_CLOSE_CODE (4440) a minute before its token expires, so that the client can still
//   renew the token (refreshSession) and reconnect; 4403 stays for refusals. Every subscribe checks
//   the session again (a logout-everywhere or a password change stops new subscriptions on open
//   sockets at once).
// - Revocation (live-access.ts): each acknowledged socket is registered under its member; a
//   sign-out, a password change or reset, or account closure heard from any process closes it
//   with 4403 at once, and an access change ends only the subscriptions the member lost.
// - A message over LIMITS.maxWsMessageBytes closes the socket (1009, by ws); the server pings every
//   keepAliveMs and drops a socket that does not answer within as long again.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import { TOKEN_EXPIRED_CLOSE_CODE } from '@matchkit/sdk/transport';
import { GraphQLError, type ExecutionArgs } from 'graphql';
import type { YogaServerInstance } from 'graphql-yoga';
import type { Context, SubscribePayload } from 'graphql-ws';
import { useServer, type Extra } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { authenticate, authenticateMember, type Credentials } from './context';
import type { AppDeps, RequestContext, Viewer } from './kernel';
import { bindOperation, sendSharedPayloads, sharedNext } from './fanout';
import { isAllowedOrigin } from './http/csrf';
import { hostCheck } from './http/host';
import type { LiveAccess } from './live-access';
import type { Metrics } from './ops/metrics';
import { primeViewerRecord } from './modules/members/access';
import { LIMITS } from './plugins';

/**
 * The close code and reason of a socket whose token runs out: the sdk's TOKEN_EXPIRED_CLOSE_CODE,
 * which its client answers by renewing the token and reconnecting (the subscriptions go on), not
 * 4403 Forbidden, which is final. The client reads the code only; the reason is for people.
 */
export const TOKEN_EXPIRED = { code: TOKEN_EXPIRED_CLOSE_CODE, reason: 'Token expiring' } as const;

/**
 * How long before its token's expiry a socket closes with TOKEN_EXPIRED: refreshSession needs a
 * token that is still valid, and the client needs a moment to call it and reconnect. A socket
 * whose token has less left than this closes as soon as it is acknowledged.
 */
export const TOKEN_RENEWAL_MARGIN_MS = 60_000;

/** What the socket layer needs from the app. */
export interface GraphqlWsOptions {
  readonly server: Server;
  readonly deps: AppDeps;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly yoga: YogaServerInstance<any, RequestContext>;
  readonly metrics: Metrics;
  /** Where the socket registers under its member, so that a revocation closes it. */
  readonly liveAccess: LiveAccess;
  /** The context of one operation on a socket. */
  createContext(input: {
    request: null;
    ip: string;
    userAgent: string | null;
    transport: 'ws';
    viewer: Viewer | null;
    requestId: string;
  }): Promise<RequestContext>;
  /** The client's address. */
  ipOf(req: IncomingMessage): string;
  /** Ping interval in ms (graphql-ws's keep-alive); 0 turns pings off. */
  readonly keepAliveMs: number;
  /** True once the app is stopping: upgrades are refused with 503. */
  isStopping(): boolean;
}

/** The graphql-ws endpoint, and how to close every socket. */
export interface GraphqlWs {
  /** Closes every socket with `code` and stops accepting upgrades. */
  close(code: number, reason: string): Promise<void>;
}

/** What this file keeps per socket, beside graphql-ws's own `extra` (the socket and its upgrade request). */
type SocketState = {
  credentials: Credentials;
  viewer: Viewer;
  expiry: ReturnType<typeof setTimeout>;
  /**
   * The socket's operations from acceptance until graphql-ws reports them complete (onComplete):
   * graphql-ws forgets an operation when the client completes it, before it has really ended, so
   * counting its `subscriptions` would let a client reuse an id and orphan the first operation.
   */
  running?: Set<string>;
};

/** What yoga's getEnveloped gives the socket to run an operation with. */
interface Enveloped {
  execute(args: ExecutionArgs): never;
  subscribe(args: ExecutionArgs): never;
}

/** Attaches graphql-ws to `server` at /graphql. */
export function attachGraphqlWs(options: GraphqlWsOptions): GraphqlWs {
  const { deps, yoga, metrics } = options;
  const addressedHere = hostCheck(deps.config.publicOrigin, deps.config.allowedOrigins);
  const wss = new WebSocketServer({
    server: options.server,
    path: '/graphql',
    maxPayload: LIMITS.maxWsMessageBytes,
    // permessage-deflate, for the shared patches only (fanout.ts compresses each once for every
    // socket; ws is never asked to compress). Each message stands alone on both sides: no window
    // kept between messages. A client may still compress what it sends (Chromium does, every
    // message), and ws then keeps an inflate stream for its socket (about 16 to 40 kB). ws clients
    // told client_no_context_takeover compress only messages of 1 kB or more (none of graphql-ws's).
    // ws refuses (400) an upgrade whose extension offer it cannot parse, where it would connect
    // without compression if it were off: no browser sends one.
    perMessageDeflate: { serverNoContextTakeover: true, clientNoContextTakeover: true },
    verifyClient: ({ req }, done) => {
      if (options.isStopping()) return done(false, 503, 'The server is shutting down');
      if (!addressedHere(req.headers.host ?? null)) {
        metrics.rejection('host');
        return done(false, 421, 'Misdirected Request');
      }
      const origin = req.headers.origin;
      if (origin !== undefined && !isAllowedOrigin(origin, deps.config.allowedOrigins)) {
        metrics.rejection('ws-origin');
        return done(false, 403, 'Origin not allowed');
      }
      done(true);
    },
  });
  wss.on('connection', (socket) => {
    sendSharedPayloads(socket);
    metrics.socketOpened();
    socket.once('close', () => metrics.socketClosed());
  });

  useServer<Record<string, unknown>, SocketState>(
    {
      execute: (args: ExecutionArgs) => (args.rootValue as Enveloped).execute(args),
      subscribe: (args: ExecutionArgs) => (args.rootValue as Enveloped).subscribe(args),
      // A result shared by many subscribers (fanout.ts) is serialised once for all their sockets.
      onNext: sharedNext,
      onConnect: async (ctx) => {
        const state = ctx.extra;
        const params = ctx.connectionParams ?? {};
        const given = params['authorization'] ?? params['Authorization'];
        const authorization = typeof given === 'string' ? given : null;
        // Without an Origin (not a browser), only a bearer token counts; cookies are a browser's.
        const credentials: Credentials = {
          authorization,
          cookie: state.request.headers.origin === undefined ? null : (state.request.headers.cookie ?? null),
        };
        const viewer = await authenticate(deps, credentials, deps.clock());
        if (viewer === null) {
          metrics.rejection('ws-auth');
          return false;
        }
        state.credentials = credentials;
        state.viewer = viewer;
        const socket = state.socket;
        // The session's own end (its expiry when the socket opened) comes before the token's when
        // the session had less than a token's life left: no renewal can follow it, so the close is
        // 4403 (final), not the renewable expiry.
        const sessionEnds = viewer.sessionExpiresAt;
        const renewBy = viewer.tokenExpiresAt - TOKEN_RENEWAL_MARGIN_MS;
        const sessionFirst = sessionEnds <= renewBy;
        // setTimeout holds at most 2^31-1 ms; a token lives 15 minutes.
        const wait = Math.min(Math.max(0, (sessionFirst ? sessionEnds : renewBy) - deps.clock()), 2 ** 31 - 1);
        state.expiry = setTimeout(() => {
          if (sessionFirst) {
            metrics.rejection('ws-session-ended');
            socket.close(4403, 'Session ended');
            return;
          }
          metrics.rejection('ws-token-expired');
          socket.close(TOKEN_EXPIRED.code, TOKEN_EXPIRED.reason);
        }, wait);
        state.expiry.unref();
        // A socket closed while it was being authenticated has had its 'close' already.
        const untrack =
          socket.readyState === socket.CLOSED
            ? () => undefined
            : options.liveAccess.trackSocket(viewer, (code, reason) => socket.close(code, reason));
        socket.once('close', () => {
          clearTimeout(state.expiry);
          untrack();
        });
        return true;
      },
      onSubscribe: async (ctx, id, params) => {
        const state = ctx.extra;
        const running = (state.running ??= new Set());
        if (running.has(id)) {
          metrics.rejection('ws-operations');
          return [new GraphQLError(`Operation ${id} is still ending: use another id.`, { extensions: { code: 'BAD_INPUT' } })];
        }
        if (running.size >= LIMITS.maxOperationsPerSocket) {
          metrics.rejection('ws-operations');
          return [
            new GraphQLError(`Too many operations on one connection: at most ${LIMITS.maxOperationsPerSocket} at once.`, {
              extensions: { code: 'RATE_LIMITED' },
            }),
          ];
        }
        // Counted from here (messages are handled concurrently), released by onComplete once
        // accepted, or below when refused.
        running.add(id);
        try {
          const accepted = await acceptOperation(ctx, id, params);
          if (Array.isArray(accepted)) running.delete(id);
          return accepted;
        } catch (error) {
          running.delete(id);
          throw error;
        }
      },
      onComplete: (ctx, id) => {
        ctx.extra.running?.delete(id);
      },
    },
    wss,
    options.keepAliveMs,
  );

  /** The checks and execution arguments of one operation on an acknowledged socket. */
  async function acceptOperation(
    ctx: Context<Record<string, unknown>, Extra & Partial<SocketState>>,
    id: string,
    params: SubscribePayload,
  ): Promise<ExecutionArgs | readonly GraphQLError[]> {
    const state = ctx.extra;
    // The session may have been revoked since connection_init. The same query reads the member's
    // record, which the operation's access checks then use.
    const member = state.credentials === undefined ? null : await authenticateMember(deps, state.credentials, deps.clock());
    if (member !== null) primeViewerRecord(member.viewer, member.record);
    const viewer = member?.viewer ?? null;
    if (viewer === null) {
      metrics.rejection('ws-auth');
      state.socket.close(4403, 'Forbidden');
      return [new GraphQLError('Sign in again.', { extensions: { code: 'UNAUTHENTICATED' } })];
    }
    const wsContext = await options.createContext({
      request: null,
      ip: options.ipOf(state.request),
      userAgent: state.request.headers['user-agent'] ?? null,
      transport: 'ws',
      viewer,
      requestId: randomUUID(),
    });
    const { schema, execute, subscribe, contextFactory, parse, validate } = yoga.getEnveloped({ ...ctx, wsContext, params });
    let document;
    try {
      document = parse(params.query);
    } catch (error) {
      if (error instanceof GraphQLError) return [error];
      throw error;
    }
    const errors = validate(schema, document);
    if (errors.length > 0) return errors;
    const contextValue = await contextFactory();
    // A shared result of this operation may be written to the socket past graphql-ws (fanout.ts).
    bindOperation(contextValue, state.socket, id);
    return {
      schema,
      operationName: params.operationName,
      document,
      variableValues: params.variables,
      contextValue,
      rootValue: { execute, subscribe },
    };
  }

  return {
    async close(code, reason) {
      for (const client of wss.clients) client.close(code, reason);
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
