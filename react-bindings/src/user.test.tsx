import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createGraphQLClient, isTransportError, type GqlUser, type GraphQLClient } from '@matchkit/sdk/transport';
import { expectNoLeakedHandles, platformSchemaSDL } from '../../sdk/src/transport/test-servers';
import { MatchkitProvider } from './provider';
import { matchkitQueryKey } from './query';
import { startGraphQLHttpServer, type GraphQLHttpServer } from './test-http-server';
import { useUser } from './user';
import { MeQuery } from '@matchkit/sdk/transport';

// useUser against a real GraphQL server on 127.0.0.1 executing the platform's own schema: `me`
// is the member whose token arrives as a bearer header (the sdk's transport reads it from the
// session cookie through `getCookie`), null without one.

expectNoLeakedHandles(afterAll);

const MEMBER: GqlUser = {
  uid: { global: 'usr_ada', wordpress: null },
  firstName: 'Ada',
  lastName: 'Lovelace',
  username: 'ada',
  email: 'ada@example.com',
  capabilities: ['oddsmatcher'],
  additionalCapabilities: [],
  subscription: {
    billingTerm: 'month',
    isTrial: false,
    isLegacy: false,
    endsAt: null,
    cancelledAt: null,
    paymentFailedAt: null,
    pendingDowngrade: null,
  },
  billing: { customerId: 'cus_1', nextChargeAt: '2026-04-02T10:00:00.000Z' },
  referAFriend: { referralCode: 'ADA123' },
  integrations: [],
};

let server: GraphQLHttpServer;
let transport: GraphQLClient;
/** The session cookie the transport sends as a bearer token; undefined = signed out. */
let sessionCookie: string | undefined;
const clients: QueryClient[] = [];

beforeAll(async () => {
  server = await startGraphQLHttpServer({
    sdl: platformSchemaSDL,
    rootValue: (req) => ({
      brand: 'secondary',
      me: req.headers.authorization === 'Bearer ada-token' ? MEMBER : null,
    }),
  });
  transport = createGraphQLClient({ url: server.url, retry: false, getCookie: () => sessionCookie });
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  for (const c of clients.splice(0)) c.clear();
  server.reset();
  sessionCookie = undefined;
});

function queryClient(): QueryClient {
  const c = new QueryClient({ defaultOptions: { queries: { gcTime: Infinity, retry: false } } });
  clients.push(c);
  return c;
}

function providerFor(client: QueryClient) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <StrictMode>
        <MatchkitProvider brand="secondary" transport={transport} queryClient={client}>
          {children}
        </MatchkitProvider>
      </StrictMode>
    );
  };
}

describe('useUser', () => {
  it('is pending with user undefined until the server answers, then null when signed out', async () => {
    const { result } = renderHook(() => useUser(), { wrapper: providerFor(queryClient()) });
    expect(result.current.status).toBe('pending');
    expect(result.current.user).toBeUndefined();
    expect(result.current.serverBrand).toBeUndefined();
    await waitFor(() => expect(result.current.status).toBe('success'));
    expect(result.current.user).toBeNull();
    expect(result.current.serverBrand).toBe('secondary');
    expect(result.current.error).toBeNull();
    expect(server.executed).toEqual([{ operationName: 'Me', variables: {} }]);
  });

  it('gives the signed-in member as the server sent them, and every caller shares one request', async () => {
    sessionCookie = 'ada-token';
    const client = queryClient();
    function Name({ id }: { id: string }) {
      const { user } = useUser();
      return (
        <p data-testid={id}>
          {user === undefined ? 'loading' : user === null ? 'guest' : `${user.firstName} ${user.referAFriend.referralCode}`}
        </p>
      );
    }
    render(
      <>
        <Name id="a" />
        <Name id="b" />
      </>,
      { wrapper: providerFor(client) },
    );
    await waitFor(() => expect(screen.getByTestId('a').textContent).toBe('Ada ADA123'));
    expect(screen.getByTestId('b').textContent).toBe('Ada ADA123');
    expect(server.executed).toHaveLength(1);
    expect(client.getQueryData(matchkitQueryKey(MeQuery, {}))).toEqual({ data: { brand: 'secondary', me: MEMBER } });
  });

  it('refetch reads the member again after signing in, and after signing out', async () => {
    const { result } = renderHook(() => useUser(), { wrapper: providerFor(queryClient()) });
    await waitFor(() => expect(result.current.user).toBeNull());
    sessionCookie = 'ada-token';
    await act(() => result.current.refetch());
    await waitFor(() => expect(result.current.user?.uid.global).toBe('usr_ada'));
    sessionCookie = undefined;
    await act(() => result.current.refetch());
    await waitFor(() => expect(result.current.user).toBeNull());
    expect(server.executed).toHaveLength(3);
  });

  it('hands over the transport’s failure intact (an http 503: kind, status, body), with user undefined', async () => {
    server.failWith(503, 'down for maintenance', 'text/plain');
    const { result } = renderHook(() => useUser(), { wrapper: providerFor(queryClient()) });
    await waitFor(() => expect(result.current.status).toBe('error'));
    const error = result.current.error;
    expect(isTransportError(error)).toBe(true);
    if (!isTransportError(error) || error.kind !== 'http') throw new Error(`expected an http failure, got ${String(error)}`);
    expect(error.status).toBe(503);
    expect(result.current.user).toBeUndefined();
  });

  it('hands over a GraphQL refusal with its code', async () => {
    server.failWith(
      200,
      JSON.stringify({ data: null, errors: [{ message: 'Slow down', extensions: { code: 'RATE_LIMITED' } }] }),
      'application/graphql-response+json',
    );
    const { result } = renderHook(() => useUser(), { wrapper: providerFor(queryClient()) });
    await waitFor(() => expect(result.current.status).toBe('error'));
    const error = result.current.error;
    if (!isTransportError(error) || error.kind !== 'graphql') throw new Error(`expected a graphql failure, got ${String(error)}`);
    expect(error.graphQLErrors[0]?.extensions?.code).toBe('RATE_LIMITED');
  });
});
