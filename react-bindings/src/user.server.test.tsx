// @vitest-environment node
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnalytics, createMemoryStorage } from '@matchkit/sdk/analytics';
import { createGraphQLClient, MeQuery, type GraphQLClient } from '@matchkit/sdk/transport';
import { expectNoLeakedHandles, platformSchemaSDL } from '../../sdk/src/transport/test-servers';
import { useAnalytics } from './analytics';
import { MatchkitProvider } from './provider';
import { matchkitQueryOptions } from './query';
import { startGraphQLHttpServer, type GraphQLHttpServer } from './test-http-server';
import { useUser } from './user';

// useUser and useAnalytics rendered to a string in Node (no window, no document): the member is
// prefetched per request with matchkitQueryOptions (the same key useUser reads), the session of
// the request being the bearer token the server-side transport sends.

expectNoLeakedHandles(afterAll);

let server: GraphQLHttpServer;
beforeAll(async () => {
  server = await startGraphQLHttpServer({
    sdl: platformSchemaSDL,
    rootValue: (req) => ({
      brand: 'primary',
      me:
        req.headers.authorization === 'Bearer grace-token'
          ? {
              uid: { global: 'usr_grace' },
              firstName: 'Grace',
              lastName: 'Hopper',
              username: 'grace',
              email: 'grace@example.com',
              capabilities: [],
              additionalCapabilities: [],
              referAFriend: { referralCode: 'GRACE1' },
              integrations: [],
            }
          : null,
    }),
  });
});
afterAll(() => server.close());

function Greeting() {
  const { user, status } = useUser();
  const { state } = useAnalytics();
  const who = user === undefined ? 'unknown' : user === null ? 'signed out' : `Hello ${user.firstName}`;
  return <p>{`${status}: ${who}; analytics ${state?.status ?? 'none'}`}</p>;
}

/** One server render: a transport carrying this request's session, a client of its own. */
async function renderFor(token: string | undefined, withAnalytics = false) {
  const transport: GraphQLClient = createGraphQLClient({ url: server.url, retry: false, getCookie: () => token });
  const queryClient = new QueryClient({ defaultOptions: { queries: { gcTime: Infinity } } });
  await queryClient.prefetchQuery(matchkitQueryOptions(transport, MeQuery));
  const analytics = withAnalytics ? createAnalytics({ storage: createMemoryStorage() }) : undefined;
  const html = renderToString(
    <StrictMode>
      <MatchkitProvider brand="primary" transport={transport} queryClient={queryClient} analytics={analytics}>
        <Greeting />
      </MatchkitProvider>
    </StrictMode>,
  );
  const state = dehydrate(queryClient);
  queryClient.clear();
  return { html, state };
}

describe('useUser and useAnalytics on the server', () => {
  it('runs with no browser globals', () => {
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
  });

  it('renders the prefetched member of each request, and signed out for a request without a session', async () => {
    const grace = await renderFor('grace-token');
    const guest = await renderFor(undefined);
    expect(grace.html).toContain('success: Hello Grace');
    expect(guest.html).toContain('success: signed out');
    expect(guest.html).not.toContain('Grace');
    // The dehydrated cache holds the member under the key useUser reads, for the browser to hydrate.
    expect(grace.state.queries.map((q) => q.queryKey)).toEqual([['Me', {}]]);
  });

  it('renders an analytics session’s state, and none without one', async () => {
    expect((await renderFor(undefined, true)).html).toContain('analytics uninitialised');
    expect((await renderFor(undefined)).html).toContain('analytics none');
  });

  it('renders pending (user unknown) when nothing was prefetched', () => {
    const transport = createGraphQLClient({ url: server.url, retry: false, getCookie: () => undefined });
    const queryClient = new QueryClient({ defaultOptions: { queries: { gcTime: Infinity } } });
    const html = renderToString(
      <MatchkitProvider brand="primary" transport={transport} queryClient={queryClient}>
        <Greeting />
      </MatchkitProvider>,
    );
    queryClient.clear();
    expect(html).toContain('pending: unknown');
  });
});
