import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MatchkitValidationError } from '@matchkit/sdk/errors';
import {
  createGraphQLClient,
  isTransportError,
  TransportError,
  type GraphQLClient,
  type TypedDocumentString,
} from '@matchkit/sdk/transport';
import { expectNoLeakedHandles } from '../../sdk/src/transport/test-servers';
import { useBrand } from './brand';
import { MatchkitProvider, useMatchkit } from './provider';
import { matchkitQueryKey, matchkitQueryOptions, useMatchkitMutation, useMatchkitQuery, type MatchkitQueryError } from './query';
import { startGraphQLHttpServer, type GraphQLHttpServer } from './test-http-server';

// The sdk's real GraphQL-over-HTTP client (global fetch) against a real GraphQL server on
// 127.0.0.1 executing a schema with graphql-js; TanStack Query's real QueryClient.

expectNoLeakedHandles(afterAll);

const Greeting = 'query Greeting($name: String!) { greeting(name: $name) }' as TypedDocumentString<{ greeting: string }, { name: string }>;
const Counter = 'query Counter { counter }' as TypedDocumentString<{ counter: number }, Record<string, never>>;
const Forbidden = 'query Forbidden { forbidden }' as TypedDocumentString<{ forbidden: string }, Record<string, never>>;
const Partial = 'query Partial { counter partial }' as TypedDocumentString<
  { counter: number; partial: string | null },
  Record<string, never>
>;
const Bump = 'mutation Bump($by: Int!) { bump(by: $by) }' as TypedDocumentString<{ bump: number }, { by: number }>;
const Increment = 'mutation Increment { increment }' as TypedDocumentString<{ increment: number }, Record<string, never>>;

let server: GraphQLHttpServer;
let transport: GraphQLClient;
const clients: QueryClient[] = [];

beforeAll(async () => {
  server = await startGraphQLHttpServer();
  transport = createGraphQLClient({ url: server.url, retry: false });
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  cleanup();
  for (const c of clients.splice(0)) c.clear();
  server.reset();
});

function queryClient(): QueryClient {
  // No garbage-collection timers (TanStack's gcTime): each test clears its clients, and the file
  // checks that no timer outlives it.
  const c = new QueryClient({ defaultOptions: { queries: { gcTime: Infinity }, mutations: { gcTime: Infinity } } });
  clients.push(c);
  return c;
}

function providerFor(client: QueryClient, strict = false) {
  return function Wrapper({ children }: { children: ReactNode }) {
    const tree = (
      <MatchkitProvider brand="secondary" transport={transport} queryClient={client}>
        {children}
      </MatchkitProvider>
    );
    return strict ? <StrictMode>{tree}</StrictMode> : tree;
  };
}

describe('MatchkitProvider and useMatchkit', () => {
  it('throws a clear error outside the provider', () => {
    expect(() => renderHook(() => useMatchkit())).toThrow(/useMatchkit\(\) was called outside a <MatchkitProvider>/);
  });

  it('hands the caller’s instances to the subtree, with the brand, the same object across renders', () => {
    const client = queryClient();
    const { result, rerender } = renderHook(() => ({ instances: useMatchkit(), brand: useBrand() }), {
      wrapper: providerFor(client, true),
    });
    const first = result.current.instances;
    expect(first.transport).toBe(transport);
    expect(first.queryClient).toBe(client);
    expect(first.analytics).toBeUndefined();
    expect(result.current.brand.id).toBe('secondary');
    rerender();
    expect(result.current.instances).toBe(first);
  });

  it('keeps two providers apart: each subtree sees its own instances', () => {
    const a = queryClient();
    const b = queryClient();
    function Which({ label }: { label: string }) {
      const { queryClient: mine } = useMatchkit();
      return <p data-testid={label}>{mine === a ? 'a' : mine === b ? 'b' : '?'}</p>;
    }
    render(
      <>
        <MatchkitProvider brand="primary" transport={transport} queryClient={a}>
          <Which label="first" />
        </MatchkitProvider>
        <MatchkitProvider brand="primary" transport={transport} queryClient={b}>
          <Which label="second" />
        </MatchkitProvider>
      </>,
    );
    expect(screen.getByTestId('first').textContent).toBe('a');
    expect(screen.getByTestId('second').textContent).toBe('b');
  });
});

describe('useMatchkitQuery', () => {
  function Greet({ name }: { name: string }) {
    // A new inline variables object on every render: the same key by content.
    const q = useMatchkitQuery(Greeting, { name }, { select: (r) => r.data.greeting, staleTime: 60_000 });
    return <p data-testid={`greet-${name}`}>{q.isPending ? 'loading' : q.isError ? q.error.kind : q.data}</p>;
  }

  it('posts the operation to the server and caches it under [operation name, variables], once for two components (strict mode)', async () => {
    const client = queryClient();
    render(
      <div>
        <Greet name="Ann" />
        <Greet name="Ann" />
      </div>,
      { wrapper: providerFor(client, true) },
    );
    expect(screen.getAllByTestId('greet-Ann').map((e) => e.textContent)).toEqual(['loading', 'loading']);
    await waitFor(() => expect(screen.getAllByTestId('greet-Ann').map((e) => e.textContent)).toEqual(['Hello, Ann', 'Hello, Ann']));
    expect(server.executed).toEqual([{ operationName: 'Greeting', variables: { name: 'Ann' } }]);
    expect(client.getQueryData(['Greeting', { name: 'Ann' }])).toEqual({ data: { greeting: 'Hello, Ann' } });
    expect(client.getQueryData(matchkitQueryKey(Greeting, { name: 'Ann' }))).toBeDefined();
    expect(client.getQueryData(['Greeting', { name: 'Bob' }])).toBeUndefined();
  });

  it('fetches again for other variables, and not for the same ones while they are fresh', async () => {
    const client = queryClient();
    const { rerender } = render(<Greet name="Ann" />, { wrapper: providerFor(client) });
    await screen.findByText('Hello, Ann');
    rerender(<Greet name="Bob" />);
    await screen.findByText('Hello, Bob');
    rerender(<Greet name="Ann" />);
    expect(screen.getByTestId('greet-Ann').textContent).toBe('Hello, Ann');
    expect(server.executed.map((e) => e.variables)).toEqual([{ name: 'Ann' }, { name: 'Bob' }]);
  });

  it('gives the component the transport’s graphql failure itself: kind, GraphQL errors and their codes', async () => {
    const client = queryClient();
    const { result } = renderHook(() => useMatchkitQuery(Forbidden), { wrapper: providerFor(client) });
    await waitFor(() => expect(result.current.isError).toBe(true));
    const error: MatchkitQueryError | null = result.current.error;
    expect(error).toBeInstanceOf(TransportError);
    expect(isTransportError(error)).toBe(true);
    if (!isTransportError(error) || error.kind !== 'graphql') throw new Error(`expected a graphql failure, got ${String(error)}`);
    expect(error.graphQLErrors[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(error.operationName).toBe('Forbidden');
    // No retry by default: the transport owns retries.
    expect(server.executed).toHaveLength(1);
  });

  it('gives an http failure with its status and body, and a parse failure with its body', async () => {
    server.failWith(502, '<html>Bad gateway</html>', 'text/html');
    const client = queryClient();
    const { result } = renderHook(() => useMatchkitQuery(Counter), { wrapper: providerFor(client) });
    await waitFor(() => expect(result.current.isError).toBe(true));
    const error = result.current.error;
    if (!isTransportError(error) || error.kind !== 'http') throw new Error('expected an http failure');
    expect(error.status).toBe(502);
    expect(error.bodyText).toBe('<html>Bad gateway</html>');

    server.failWith(200, 'not json', 'application/json');
    await act(() => result.current.refetch());
    await waitFor(() => expect(isTransportError(result.current.error) && result.current.error.kind).toBe('parse'));
  });

  it('aborts the request when the last component using the query unmounts', async () => {
    const closed = server.hold();
    const before = server.http.count('/graphql');
    const client = queryClient();
    const { unmount } = render(<Greet name="Eve" />, { wrapper: providerFor(client) });
    await waitFor(() => expect(server.http.count('/graphql')).toBe(before + 1));
    unmount();
    // The held connection closes because TanStack aborted the signal the hook gave the transport.
    await closed;
    expect(client.getQueryState(['Greeting', { name: 'Eve' }])?.fetchStatus).toBe('idle');
  });

  it('keeps the errors of a partial result beside its data', async () => {
    const client = queryClient();
    const { result } = renderHook(() => useMatchkitQuery(Partial), { wrapper: providerFor(client) });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data?.data).toEqual({ counter: 0, partial: null });
    expect(result.current.data?.errors?.[0]?.extensions?.code).toBe('UNAVAILABLE');
  });

  it('refuses an anonymous operation or a mutation with a typed error naming the document', () => {
    expect(() => matchkitQueryKey('{ counter }')).toThrow(MatchkitValidationError);
    expect(() => matchkitQueryKey('{ counter }')).toThrow(/document/);
    expect(() => matchkitQueryOptions(transport, Bump)).toThrow(/not a query/);
    expect(() => matchkitQueryKey('query A { counter } query B { counter }')).toThrow(/operationName/);
    expect(matchkitQueryKey('query A { counter } query B { counter }', undefined, 'B')).toEqual(['B']);
    expect(matchkitQueryKey(Greeting, { name: 'Ann' })).toEqual(['Greeting', { name: 'Ann' }]);
  });
});

describe('useMatchkitMutation', () => {
  function Bumper() {
    const { queryClient: client } = useMatchkit();
    const counter = useMatchkitQuery(Counter);
    const bump = useMatchkitMutation(Bump, {
      onSuccess: () => client.invalidateQueries({ queryKey: matchkitQueryKey(Counter) }),
    });
    return (
      <div>
        <p data-testid="counter">{counter.data?.data.counter ?? '…'}</p>
        <button onClick={() => bump.mutate({ by: 2 })}>Bump</button>
        <p data-testid="error">{bump.error ? `${bump.error.name} ${isTransportError(bump.error) ? bump.error.kind : ''}` : ''}</p>
      </div>
    );
  }

  it('posts the mutation and, through invalidation by the operation’s key, refreshes the query (strict mode)', async () => {
    const client = queryClient();
    render(<Bumper />, { wrapper: providerFor(client, true) });
    await waitFor(() => expect(screen.getByTestId('counter').textContent).toBe('0'));
    act(() => screen.getByRole('button', { name: 'Bump' }).click());
    await waitFor(() => expect(screen.getByTestId('counter').textContent).toBe('2'));
    expect(server.executed.map((e) => e.operationName)).toEqual(['Counter', 'Bump', 'Counter']);
    expect(server.executed[1]?.variables).toEqual({ by: 2 });
  });

  it('runs an operation without variables from mutate() with no argument (the transport sends {})', async () => {
    const client = queryClient();
    const { result } = renderHook(() => ({ increment: useMatchkitMutation(Increment), bump: useMatchkitMutation(Bump) }), {
      wrapper: providerFor(client),
    });
    let first: number | undefined;
    await act(async () => {
      first = (await result.current.increment.mutateAsync()).data.increment;
    });
    expect(first).toBe(1);
    act(() => result.current.increment.mutate());
    await waitFor(() => expect(result.current.increment.data?.data.increment).toBe(2));
    expect(server.executed.map((e) => [e.operationName, e.variables])).toEqual([
      ['Increment', {}],
      ['Increment', {}],
    ]);
    // An operation with a required variable still needs it.
    // @ts-expect-error: Bump's `by` is required
    const withoutBy = () => result.current.bump.mutate();
    void withoutBy; // the compiler's check above is the assertion: the call is never made
  });

  it('gives the component the transport’s failure of a mutation as it was thrown', async () => {
    const client = queryClient();
    const { result } = renderHook(() => useMatchkitMutation(Bump), { wrapper: providerFor(client) });
    server.failWith(503, '', 'text/plain');
    await act(async () => {
      await result.current.mutateAsync({ by: 1 }).catch(() => undefined);
    });
    await waitFor(() => expect(result.current.isError).toBe(true));
    const error = result.current.error;
    expect(error).toBeInstanceOf(TransportError);
    if (!isTransportError(error) || error.kind !== 'http') throw new Error('expected an http failure');
    expect(error.status).toBe(503);
    expect(error.operationName).toBe('Bump');
  });
});
