import { act } from '@testing-library/react';
import { dehydrate, HydrationBoundary, QueryClient, type DehydratedState } from '@tanstack/react-query';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGraphQLClient, MeQuery, type GraphQLClient } from '@matchkit/sdk/transport';
import { expectNoLeakedHandles, platformSchemaSDL } from '../../sdk/src/transport/test-servers';
import { MatchkitProvider } from './provider';
import { matchkitQueryOptions } from './query';
import { startGraphQLHttpServer, type GraphQLHttpServer } from './test-http-server';
import { useUser } from './user';

// The server-render hydration path: the server prefetches with matchkitQueryOptions, renders to
// a string and sends TanStack Query's dehydrated cache with the HTML; the browser hydrates the
// same tree inside <HydrationBoundary state> over a fresh QueryClient. The member is on screen
// from the first paint, the markup matches (no recoverable error), and no request is repeated.

expectNoLeakedHandles(afterAll);

let server: GraphQLHttpServer;
let transport: GraphQLClient;
beforeAll(async () => {
  server = await startGraphQLHttpServer({
    sdl: platformSchemaSDL,
    rootValue: () => ({
      brand: 'secondary',
      me: {
        uid: { global: 'usr_lin' },
        firstName: 'Lin',
        lastName: 'Ng',
        username: 'lin',
        email: 'lin@example.com',
        capabilities: [],
        additionalCapabilities: [],
        referAFriend: { referralCode: 'LIN001' },
        integrations: [],
      },
    }),
  });
  transport = createGraphQLClient({ url: server.url, retry: false, getCookie: () => undefined });
});
afterAll(() => server.close());

function Hello() {
  const { user } = useUser();
  return <h1>{user === undefined ? 'Loading' : user === null ? 'Welcome' : `Welcome back, ${user.firstName}`}</h1>;
}

function Tree({ client, state }: { client: QueryClient; state: DehydratedState }) {
  return (
    <MatchkitProvider brand="secondary" transport={transport} queryClient={client}>
      <HydrationBoundary state={state}>
        <Hello />
      </HydrationBoundary>
    </MatchkitProvider>
  );
}

describe('server render, then hydration in the browser', () => {
  it('hydrates the prefetched member without a second request or a mismatch', async () => {
    // On the server (per request).
    const serverClient = new QueryClient({ defaultOptions: { queries: { gcTime: Infinity } } });
    await serverClient.prefetchQuery(matchkitQueryOptions(transport, MeQuery));
    const state = dehydrate(serverClient);
    const html = renderToString(<Tree client={serverClient} state={state} />);
    // What travels to the browser: the HTML and the state as JSON.
    const wire = JSON.parse(JSON.stringify(state)) as DehydratedState;
    serverClient.clear();
    expect(html).toContain('Welcome back, Lin');
    expect(server.executed).toHaveLength(1);

    // In the browser: a fresh client, staleTime so that the hydrated answer is used as it is.
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const browserClient = new QueryClient({ defaultOptions: { queries: { gcTime: Infinity, staleTime: 60_000 } } });
    const recoverable: unknown[] = [];
    const root = await act(async () =>
      hydrateRoot(container, <Tree client={browserClient} state={wire} />, { onRecoverableError: (e) => recoverable.push(e) }),
    );
    expect(container.querySelector('h1')?.textContent).toBe('Welcome back, Lin');
    expect(recoverable).toEqual([]);
    await new Promise((r) => setTimeout(r, 50));
    expect(server.executed).toHaveLength(1);
    act(() => root.unmount());
    browserClient.clear();
    container.remove();
  });
});
