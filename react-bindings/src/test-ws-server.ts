// Test support (not exported from the package): a real graphql-transport-ws server on 127.0.0.1
// for the subscription hooks, built like the sdk's transport test server (graphql-ws/use/ws over
// a ws WebSocketServer, executing the platform schema) and reusing its schema and push channel,
// but recording every subscribe payload with its variables and exposing the odds filter each
// live subscription was made with.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
// Renamed: graphql-ws's `useServer` is not a React hook.
import { useServer as attachGraphQLWs } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { Channel, schema } from '../../sdk/src/transport/test-servers';

/** One subscribe message the server received. */
export interface ReceivedSubscribe {
  readonly operationName: string | undefined;
  readonly variables: Readonly<Record<string, unknown>> | undefined;
}

/** A running graphql-ws server whose `oddsUpdated` events the test pushes. */
export interface OddsServer {
  readonly url: string;
  /** Feeds `oddsUpdated`: each push goes to one open subscription. */
  readonly odds: Channel<unknown>;
  /** Every subscribe message, in order. */
  readonly subscribes: ReceivedSubscribe[];
  /** connectionParams of every connection attempt, in order. */
  readonly connections: Record<string, unknown>[];
  stop(): Promise<void>;
  /** Starts again on the same port. */
  restart(): Promise<void>;
}

/** Starts the server; with `requireAuth`, connections without an authorization are refused (4403). */
export async function startOddsServer(options: { readonly requireAuth?: boolean } = {}): Promise<OddsServer> {
  const odds = new Channel<unknown>();
  const subscribes: ReceivedSubscribe[] = [];
  const connections: Record<string, unknown>[] = [];
  let port = 0;
  let http: Server | undefined;
  let disposer: { dispose: () => Promise<void> | void } | undefined;

  const start = async (): Promise<void> => {
    const server = createServer((_req, res) => res.writeHead(404).end());
    http = server;
    const wss = new WebSocketServer({ server, path: '/graphql' });
    disposer = attachGraphQLWs(
      {
        schema: schema(),
        roots: { subscription: { oddsUpdated: () => odds.iterate() } },
        onConnect: (ctx) => {
          const params = (ctx.connectionParams ?? {}) as Record<string, unknown>;
          connections.push(params);
          return options.requireAuth !== true || typeof params.authorization === 'string';
        },
        onSubscribe: (_ctx, _id, payload) => {
          subscribes.push({ operationName: payload.operationName ?? undefined, variables: payload.variables ?? undefined });
        },
      },
      wss,
      0,
    );
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    port = (server.address() as AddressInfo).port;
  };

  const stop = async (): Promise<void> => {
    await disposer?.dispose();
    const server = http;
    http = undefined;
    disposer = undefined;
    if (server !== undefined) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  };

  await start();
  return {
    get url() {
      return `ws://127.0.0.1:${port}/graphql`;
    },
    odds,
    subscribes,
    connections,
    stop,
    restart: start,
  };
}
