// Test support (not exported from the package): a real GraphQL-over-HTTP server on 127.0.0.1 for
// the query hooks, built on the sdk's transport test server (startHttpServer) and executing a
// small schema with graphql-js. It counts the operations it executed, by name, with their
// variables, and can hold answers until the test releases them.
import type { IncomingMessage } from 'node:http';
import { answer, serverGraphQL, startHttpServer, type Handler, type TestHttpServer } from '../../sdk/src/transport/test-servers';

const SDL = `
  type Query {
    greeting(name: String!): String!
    counter: Int!
    forbidden: String!
    partial: String
  }
  type Mutation {
    bump(by: Int!): Int!
    increment: Int!
  }
`;

/** One operation the server executed. */
export interface ExecutedOperation {
  readonly operationName: string | null;
  readonly variables: Record<string, unknown>;
}

/** A running server; `url` is its GraphQL endpoint. */
export interface GraphQLHttpServer {
  readonly url: string;
  readonly http: TestHttpServer;
  readonly executed: ExecutedOperation[];
  /** The counter that `bump` and `increment` add to and `counter` reads. */
  counter: number;
  /** Answers /graphql with `status` and `body` instead of executing (for http and parse failures). */
  failWith(status: number, body: string, contentType?: string): void;
  /**
   * Holds every request to /graphql without answering; the promise resolves when the client
   * closes the held connection (an aborted fetch does).
   */
  hold(): Promise<void>;
  /** Executes again, forgets what was executed and sets the counter to 0. */
  reset(): void;
  close(): Promise<void>;
}

/**
 * Another schema to execute instead of the small one (the platform's SDL, say), with the root
 * value of each request made from the request (its headers: a session, a cookie).
 */
export interface GraphQLHttpServerOptions {
  readonly sdl: string;
  readonly rootValue: (request: IncomingMessage) => Record<string, unknown>;
}

export async function startGraphQLHttpServer(options?: GraphQLHttpServerOptions): Promise<GraphQLHttpServer> {
  const schema = serverGraphQL.buildSchema(options?.sdl ?? SDL);
  const executed: ExecutedOperation[] = [];
  const state = { counter: 0 };
  const rootValue = {
    greeting: ({ name }: { name: string }) => `Hello, ${name}`,
    counter: () => state.counter,
    forbidden: () => {
      throw new serverGraphQL.GraphQLError('Members only', { extensions: { code: 'FORBIDDEN' } });
    },
    partial: () => {
      throw new serverGraphQL.GraphQLError('Not today', { extensions: { code: 'UNAVAILABLE' } });
    },
    bump: ({ by }: { by: number }) => (state.counter += by),
    increment: () => (state.counter += 1),
  };
  const execute: Handler = (req, res, body) => {
    const { query, variables, operationName } = JSON.parse(body) as {
      query: string;
      variables: Record<string, unknown>;
      operationName: string | null;
    };
    executed.push({ operationName, variables });
    void Promise.resolve(
      serverGraphQL.graphql({
        schema,
        source: query,
        rootValue: options?.rootValue(req) ?? rootValue,
        variableValues: variables,
        operationName,
      }),
    ).then((result) => {
      res.writeHead(200, { 'content-type': 'application/graphql-response+json' }).end(JSON.stringify(result));
    });
  };
  const http = await startHttpServer({ '/graphql': execute });
  return {
    url: `${http.origin}/graphql`,
    http,
    executed,
    get counter() {
      return state.counter;
    },
    set counter(value: number) {
      state.counter = value;
    },
    failWith: (status, body, contentType) => http.route('/graphql', answer(status, body, contentType)),
    hold: () =>
      new Promise<void>((resolve) => {
        http.route('/graphql', (req) => {
          req.socket.once('close', () => resolve());
        });
      }),
    reset: () => {
      http.route('/graphql', execute);
      executed.length = 0;
      state.counter = 0;
    },
    close: () => http.close(),
  };
}
