// Test support (not exported from the package): real servers on the loopback interface for the
// transport tests. An HTTP server whose answers the tests choose per path, and a graphql-ws
// server over the platform schema that the tests stop and restart on the same port.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type * as GraphQL from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { platformSchemaText } from '../../../scripts/codegen/platform-schema';

/**
 * The platform schema the sdk's operations are generated against, read at test time from the
 * example server's SDL files, as `npm run codegen` reads them: no copy of it is committed. The
 * modules only extend Query, Mutation and Subscription, so the three are declared (empty) first
 * for graphql-js's `buildSchema`, which then adds the extensions' fields. It builds the schema the
 * server serves, but for the order of `User`'s fields (the server puts the extending modules'
 * fields first); the tests validate and execute against it and read no field order.
 */
export const platformSchemaSDL = `type Query\ntype Mutation\ntype Subscription\n${platformSchemaText()}`;

/** One request the HTTP server received. */
export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

/** Answers one request; may write nothing and destroy the socket. */
export type Handler = (req: IncomingMessage, res: ServerResponse, body: string, count: number) => void;

/** A running HTTP server. */
export interface TestHttpServer {
  readonly origin: string;
  readonly port: number;
  readonly requests: RecordedRequest[];
  /** Requests received per path. */
  count(path: string): number;
  route(path: string, handler: Handler): void;
  close(): Promise<void>;
}

/** Starts an HTTP server on 127.0.0.1 (port 0 unless given) that records every request. */
export async function startHttpServer(routes: Record<string, Handler> = {}, port = 0): Promise<TestHttpServer> {
  const table = new Map(Object.entries(routes));
  const requests: RecordedRequest[] = [];
  const counts = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      const n = (counts.get(path) ?? 0) + 1;
      counts.set(path, n);
      const handler = table.get(path);
      if (handler === undefined) {
        res.writeHead(599, { 'content-type': 'text/plain' }).end(`no route ${path}`);
        return;
      }
      handler(req, res, body, n);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${actual}`,
    port: actual,
    requests,
    count: (path) => counts.get(path) ?? 0,
    route: (path, handler) => void table.set(path, handler),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Sends `body` with `status` and a content type. */
export function answer(status: number, body: string, contentType = 'application/json'): Handler {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': contentType }).end(body);
  };
}

/** Destroys the connection without answering (the client sees a reset). */
export const reset: Handler = (req) => {
  req.socket.destroy();
};

/** A push channel feeding a subscription resolver. */
export class Channel<T> {
  private readonly waiting: { owner: object; resolve: (value: IteratorResult<T>) => void }[] = [];
  private readonly buffered: T[] = [];
  /** How many iterators are currently open. */
  listeners = 0;

  push(value: T): void {
    const next = this.waiting.shift();
    if (next !== undefined) next.resolve({ value, done: false });
    else this.buffered.push(value);
  }

  iterate(): AsyncIterableIterator<T> {
    this.listeners += 1;
    const { waiting, buffered } = this;
    const release = () => {
      this.listeners -= 1;
    };
    let closed = false;
    const owner = {};
    const iterator: AsyncIterableIterator<T> = {
      next() {
        if (closed) return Promise.resolve({ value: undefined, done: true });
        const value = buffered.shift();
        if (value !== undefined) return Promise.resolve({ value, done: false });
        return new Promise((resolve) => waiting.push({ owner, resolve }));
      },
      return() {
        if (!closed) {
          closed = true;
          release();
          // Only this iterator's waits end: another iterator (a new socket's) may be waiting too.
          for (let i = waiting.length - 1; i >= 0; i -= 1) {
            const w = waiting[i];
            if (w?.owner === owner) {
              waiting.splice(i, 1);
              w.resolve({ value: undefined, done: true });
            }
          }
        }
        return Promise.resolve({ value: undefined, done: true });
      },
      [Symbol.asyncIterator]() {
        return iterator;
      },
    };
    return iterator;
  }
}

/** A running graphql-ws server over the platform schema. */
export interface TestWsServer {
  readonly url: string;
  readonly port: number;
  /** connectionParams of every connection the server accepted or refused, in order. */
  readonly connections: Record<string, unknown>[];
  /** Subscribe operations received, by operation name. */
  readonly subscribes: string[];
  /** Closes every open socket from the server's side with `code` and `reason` (the server keeps listening). */
  closeSockets(code: number, reason: string): void;
  stop(): Promise<void>;
  /** Starts again on the same port. */
  restart(): Promise<void>;
}

/** Options of the graphql-ws test server. */
export interface WsServerOptions {
  readonly odds: Channel<unknown>;
  /** Refuse connections (close 4403) whose params lack an authorization. */
  readonly requireAuth?: boolean;
  /** Refuse connections (close 4403) whose params it returns false for. */
  readonly authorize?: (params: Record<string, unknown>) => boolean;
  readonly port?: number;
}

/**
 * graphql-js as Node loads it for graphql-ws's server (its CommonJS build). The test runner loads
 * the ES build for the sdk's own imports; a schema built by one cannot be executed by the other,
 * so the servers here build and execute with this one.
 */
export const serverGraphQL = createRequire(import.meta.url)('graphql') as typeof GraphQL;

let platformSchema: GraphQL.GraphQLSchema | undefined;
/** The platform schema, built once per test file. */
export function schema(): GraphQL.GraphQLSchema {
  platformSchema ??= serverGraphQL.buildSchema(platformSchemaSDL);
  return platformSchema;
}

/** Starts an HTTP server with a graphql-ws endpoint at /graphql. */
export async function startWsServer(options: WsServerOptions): Promise<TestWsServer> {
  const connections: Record<string, unknown>[] = [];
  const subscribes: string[] = [];
  let http: Server | undefined;
  let disposer: { dispose: () => Promise<void> | void } | undefined;
  let sockets: WebSocketServer | undefined;
  let port = options.port ?? 0;

  const start = async () => {
    http = createServer((_req, res) => res.writeHead(404).end());
    const wss = new WebSocketServer({ server: http, path: '/graphql' });
    sockets = wss;
    disposer = useServer(
      {
        schema: schema(),
        roots: {
          subscription: {
            oddsUpdated: () => options.odds.iterate(),
          },
        },
        onConnect: (ctx) => {
          const params = (ctx.connectionParams ?? {}) as Record<string, unknown>;
          connections.push(params);
          if (options.requireAuth === true && typeof params.authorization !== 'string') return false;
          return options.authorize?.(params) ?? true;
        },
        onSubscribe: (_ctx, _id, payload) => {
          subscribes.push(payload.operationName ?? '(anonymous)');
        },
      },
      wss,
      0,
    );
    const server = http;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    port = (server.address() as AddressInfo).port;
  };

  const stop = async () => {
    await disposer?.dispose();
    const server = http;
    if (server !== undefined) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    http = undefined;
    disposer = undefined;
  };

  await start();
  return {
    get url() {
      return `ws://127.0.0.1:${port}/graphql`;
    },
    get port() {
      return port;
    },
    connections,
    subscribes,
    closeSockets: (code, reason) => {
      for (const socket of sockets?.clients ?? []) socket.close(code, reason);
    },
    stop,
    restart: start,
  };
}

/** An odds update that satisfies the schema's OddsUpdate type. */
export function oddsUpdate(marketId: string, back: number): Record<string, unknown> {
  return {
    oddsUpdated: {
      eventId: 'e1',
      eventName: 'Arsenal v Spurs',
      sport: 'football',
      competition: null,
      startsAt: '2025-08-16T15:00:00+01:00',
      marketId,
      marketName: 'Match Odds',
      selections: [
        {
          selectionId: 's1',
          name: 'Arsenal',
          back: [{ bookmaker: 'bookie', odds: back }],
          lay: [{ exchange: 'smarkets', odds: back + 0.02, liquidity: 25_000, commission: 0.02 }],
        },
      ],
      updatedAt: '2025-08-16T14:00:00+01:00',
    },
  };
}

/** Resolves when `predicate` holds, polling every 5 ms, or rejects after `timeoutMs`. */
export async function waitFor(predicate: () => boolean, timeoutMs = 3000, what = 'condition'): Promise<void> {
  const start = Date.now();
  while (!predicate()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/**
 * Registers an afterAll, to call before any other hook of a test file (hooks run last-registered
 * first), that fails when a socket, server or timer outlives the file's own cleanup.
 */
export function expectNoLeakedHandles(afterAll: (fn: () => Promise<void>) => void): void {
  afterAll(async () => {
    await new Promise((r) => setTimeout(r, 100));
    const leaked = process.getActiveResourcesInfo().filter((r) => /TCP|Timeout|Immediate/.test(r));
    if (leaked.length > 0) throw new Error(`leaked handles: ${leaked.join(', ')}`);
  });
}
