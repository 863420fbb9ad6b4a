// The sdk's own clients, used as a third party would use them from Node against a running server:
// createGraphQLClient (fetch, the bearer read from the `_opjwt` cookie through getCookie), the REST
// calls with the same options, and createSubscriptionClient over graphql-transport-ws with the `ws`
// package's WebSocket. Plus the small waits every end-to-end test needs.
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import {
  createGraphQLClient,
  createSubscriptionClient,
  isTransportError,
  LoginMutation,
  type ConnectionState,
  type GraphQLClient,
  type GraphQLRequest,
  type SubscriptionClient,
  type SubscriptionClientOptions,
  type SubscriptionResult,
  type TransportFailure,
  type TransportOptions,
} from '@matchkit/sdk/transport';
import { RegisterMutation } from './documents';

/** Where a member's token lives: what the browser keeps in the `_opjwt` cookie. */
export interface Session {
  token: string | null;
}

/** Transport options for `origin` whose cookie jar is `session` (read at every request, as the sdk reads document.cookie). */
export function transportOptions(origin: string, session: Session): TransportOptions {
  return {
    url: `${origin}/graphql`,
    // Node 20's fetch (undici), given explicitly as a third party on a server would.
    fetch: (url, init) => fetch(url, init),
    getCookie: (name) => (name === '_opjwt' && session.token !== null ? session.token : undefined),
  };
}

/** The sdk's GraphQL client for `origin` with `session`'s token. */
export function graphqlClient(origin: string, session: Session): GraphQLClient {
  return createGraphQLClient(transportOptions(origin, session));
}

/**
 * The sdk's subscription client for `origin`: the `ws` WebSocket, sending the Origin header of the
 * page (`pageOrigin`, the server's PUBLIC_ORIGIN, as a browser would), the token read from
 * `session` at every (re)connection.
 */
export function subscriptionClient(
  origin: string,
  session: Session,
  options: {
    pageOrigin?: string;
    retry?: SubscriptionClientOptions['retry'];
    refreshToken?: SubscriptionClientOptions['refreshToken'];
  } = {},
): SubscriptionClient {
  const pageOrigin = options.pageOrigin ?? origin;
  class BrowserLikeWebSocket extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { origin: pageOrigin });
    }
  }
  return createSubscriptionClient({
    url: `${origin.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: BrowserLikeWebSocket,
    getCookie: (name) => (name === '_opjwt' && session.token !== null ? session.token : undefined),
    ...(options.retry === undefined ? {} : { retry: options.retry }),
    ...(options.refreshToken === undefined ? {} : { refreshToken: options.refreshToken }),
  });
}

// ---------------------------------------------------------------------------------------------
// Waiting

/** Polls `check` until it returns something other than undefined (or throws no more), or fails after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 15_000,
  everyMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last === undefined ? '' : `: ${String(last)}`}`);
    await sleep(everyMs);
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Resolves once the connection store shows `status` (checked at once, then on every change). */
export function connectionReaches(client: SubscriptionClient, status: ConnectionState['status'], timeoutMs = 30_000): Promise<void> {
  return new Promise((resolve, reject) => {
    let unsubscribe = () => {};
    const timer = setTimeout(() => {
      unsubscribe();
      reject(
        new Error(
          `the subscription connection did not become ${status} in ${timeoutMs} ms (it is ${client.connection.getSnapshot().status})`,
        ),
      );
    }, timeoutMs);
    const check = () => {
      if (client.connection.getSnapshot().status !== status) return;
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    unsubscribe = client.connection.subscribe(check);
    check();
  });
}

/** A subscription whose events are kept for the test to read. */
export interface Collector<T> {
  readonly events: SubscriptionResult<T>[];
  /** The error the subscription ended with, if any. */
  error: TransportFailure | null;
  completed: boolean;
  /** Resolves with the first event (from index `from` on) that `match` accepts. */
  next(match?: (event: SubscriptionResult<T>) => boolean, timeoutMs?: number, from?: number): Promise<SubscriptionResult<T>>;
  stop(): void;
}

/** Subscribes and keeps every event. */
export function collect<T, V>(client: SubscriptionClient, request: GraphQLRequest<T, V>): Collector<T> {
  const collector: Collector<T> = {
    events: [],
    error: null,
    completed: false,
    next: (match = () => true, timeoutMs = 15_000, from = 0) =>
      waitFor(
        'a subscription event',
        () => {
          const found = collector.events.slice(from).find(match);
          if (found !== undefined) return found;
          if (collector.error !== null) throw collector.error;
          return undefined;
        },
        timeoutMs,
        20,
      ),
    stop: () => {},
  };
  collector.stop = client.subscribe(request, {
    next: (event) => collector.events.push(event),
    error: (error) => (collector.error = error),
    complete: () => (collector.completed = true),
  });
  return collector;
}

/**
 * Writes (with `write`, which resolves with what it wrote) until the subscription delivers one of
 * the writes, and resolves with that one: a subscription has no acknowledgement, so this is how a
 * test knows it is live. Every write after that must then arrive.
 */
export async function writeUntilDelivered<T>(
  collector: Collector<T>,
  write: () => Promise<string>,
  idOf: (event: SubscriptionResult<T>) => string | undefined,
  timeoutMs = 30_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const from = collector.events.length;
  const written: string[] = [];
  for (;;) {
    written.push(await write());
    for (const event of collector.events.slice(from)) {
      const id = idOf(event);
      if (id !== undefined && written.includes(id)) return id;
    }
    if (collector.error !== null) throw collector.error;
    if (Date.now() > deadline) throw new Error(`no write was delivered in ${timeoutMs} ms (${written.length} written)`);
    await sleep(250);
  }
}

/**
 * How a subscription attempt ended: refused (an `error` from the server, an event carrying errors
 * and no data, or the connection closed with a code), or accepted (an event with data arrived).
 * `poke` runs every 200 ms until something arrives (to make the server publish).
 */
export async function subscriptionOutcome<T, V>(
  client: SubscriptionClient,
  request: GraphQLRequest<T, V>,
  poke: () => void | Promise<void> = () => {},
  timeoutMs = 10_000,
): Promise<{ readonly refused: true; readonly code: string | number } | { readonly refused: false; readonly data: T }> {
  const c = collect(client, request);
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (c.error !== null) {
        const code = c.error.kind === 'network' ? (c.error.closeCode ?? 'network') : codeOf(c.error.graphQLErrors);
        return { refused: true, code };
      }
      const first = c.events[0];
      if (first !== undefined) {
        if (first.data !== undefined && first.data !== null && (first.errors ?? []).length === 0)
          return { refused: false, data: first.data };
        return { refused: true, code: codeOf(first.errors) };
      }
      if (c.completed) return { refused: true, code: 'completed without an event' };
      if (Date.now() > deadline) throw new Error(`no answer to the subscription in ${timeoutMs} ms`);
      await poke();
      await sleep(200);
    }
  } finally {
    c.stop();
  }
}

function codeOf(errors: readonly { extensions?: Readonly<Record<string, unknown>> }[] | undefined): string {
  const code = errors?.[0]?.extensions?.['code'];
  return typeof code === 'string' ? code : 'an error without a code';
}

/**
 * The code of a GraphQL refusal: the first error's `extensions.code`, whether the sdk client
 * rejected (errors and no data, kind `graphql`; or an HTTP status with GraphQL errors, kind `http`)
 * or resolved with a partial result. Resolving without errors gives `'allowed'`.
 */
export async function refusalCode(
  request: Promise<{ errors?: readonly { extensions?: Readonly<Record<string, unknown>> }[] }>,
): Promise<string> {
  try {
    const result = await request;
    return result.errors === undefined || result.errors.length === 0 ? 'allowed' : codeOf(result.errors);
  } catch (error) {
    if (isTransportError(error) && (error.kind === 'graphql' || error.kind === 'http')) {
      return error.kind === 'http' && error.graphQLErrors.length === 0 ? `HTTP ${error.status}` : codeOf(error.graphQLErrors);
    }
    throw error;
  }
}

/** The HTTP status a REST call of the sdk was refused with (`'allowed'` when it resolved). */
export async function restStatus(call: Promise<unknown>): Promise<number | 'allowed'> {
  try {
    await call;
    return 'allowed';
  } catch (error) {
    if (isTransportError(error) && error.kind === 'http' && error.status !== undefined) return error.status;
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Members

/** A member signed in through the API, with the sdk's clients. */
export interface Member {
  readonly id: string;
  readonly email: string;
  readonly username: string;
  readonly password: string;
  readonly referralCode: string;
  readonly session: Session;
  readonly gql: GraphQLClient;
  readonly rest: TransportOptions;
}

let serial = 0;

/** Registers a new member (18+ confirmed) through `origin`, then signs in with the password. */
export async function registerMember(origin: string, options: { prefix?: string; referralCode?: string } = {}): Promise<Member> {
  serial += 1;
  const username = `${options.prefix ?? 'member'}_${serial}_${randomBytes(3).toString('hex')}`;
  const email = `${username}@example.test`;
  const password = `pw-${randomBytes(9).toString('base64url')}`;
  const session: Session = { token: null };
  const gql = graphqlClient(origin, session);
  const { data } = await gql.request({
    query: RegisterMutation,
    variables: {
      input: {
        email,
        username,
        password,
        firstName: 'Test',
        lastName: 'Member',
        confirmAdult: true,
        referralCode: options.referralCode ?? null,
      },
    },
  });
  const r = data.register;
  if (!r.ok || r.user === null || r.token === null) throw new Error(`register failed: ${JSON.stringify(r.error)}`);
  // Sign in again with the password (register's own token is replaced by the login's).
  const login = await gql.request({ query: LoginMutation, variables: { input: { login: email, password } } });
  session.token = login.data.login.token;
  return {
    id: r.user.uid.global,
    email,
    username,
    password,
    referralCode: r.user.referAFriend.referralCode,
    session,
    gql,
    rest: transportOptions(origin, session),
  };
}
