// @vitest-environment node
import { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGraphQLClient, type GraphQLClient, type TypedDocumentString } from '@matchkit/sdk/transport';
import { expectNoLeakedHandles } from '../../sdk/src/transport/test-servers';
import { useBrand } from './brand';
import { MatchkitProvider, useMatchkit } from './provider';
import { matchkitQueryOptions, useMatchkitQuery } from './query';
import { startGraphQLHttpServer, type GraphQLHttpServer } from './test-http-server';

// Server rendering in Node with no browser globals: the provider and the query hook render to a
// string, with data prefetched from a real GraphQL server on 127.0.0.1 into a per-request client.

expectNoLeakedHandles(afterAll);

const Greeting = 'query Greeting($name: String!) { greeting(name: $name) }' as TypedDocumentString<{ greeting: string }, { name: string }>;

let server: GraphQLHttpServer;
let transport: GraphQLClient;
beforeAll(async () => {
  server = await startGraphQLHttpServer();
  transport = createGraphQLClient({ url: server.url, retry: false, getCookie: () => undefined });
});
afterAll(() => server.close());

function Page({ name }: { name: string }) {
  const brand = useBrand();
  const { analytics } = useMatchkit();
  const greeting = useMatchkitQuery(Greeting, { name }, { select: (r) => r.data.greeting });
  return (
    <main>
      <h1>{brand.displayName}</h1>
      <p>{greeting.isPending ? 'loading' : greeting.isError ? greeting.error.kind : greeting.data}</p>
      <p>{analytics === undefined ? 'no analytics' : 'analytics'}</p>
    </main>
  );
}

const noGcClient = () => new QueryClient({ defaultOptions: { queries: { gcTime: Infinity } } });

describe('MatchkitProvider on the server', () => {
  it('runs with no browser globals', () => {
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
  });

  it('renders prefetched data into the HTML (in strict mode), one client per request', async () => {
    const html = async (name: string): Promise<string> => {
      const queryClient = noGcClient();
      await queryClient.prefetchQuery(matchkitQueryOptions(transport, Greeting, { name }));
      const out = renderToString(
        <StrictMode>
          <MatchkitProvider brand="secondary" transport={transport} queryClient={queryClient}>
            <Page name={name} />
          </MatchkitProvider>
        </StrictMode>,
      );
      queryClient.clear();
      return out;
    };
    const ann = await html('Ann');
    const bob = await html('Bob');
    expect(ann).toContain('Hello, Ann');
    expect(ann).toContain('no analytics');
    expect(bob).toContain('Hello, Bob');
    expect(bob).not.toContain('Ann');
    expect(server.executed.map((e) => e.variables)).toEqual([{ name: 'Ann' }, { name: 'Bob' }]);
  });

  it('renders the pending state without fetching when nothing was prefetched', async () => {
    const queryClient = noGcClient();
    const before = server.executed.length;
    const out = renderToString(
      <MatchkitProvider brand="primary" transport={transport} queryClient={queryClient}>
        <Page name="Cy" />
      </MatchkitProvider>,
    );
    // Long enough for a request on loopback to arrive, had the render started one.
    await new Promise((r) => setTimeout(r, 100));
    queryClient.clear();
    expect(out).toContain('loading');
    expect(server.executed.length).toBe(before);
  });

  it('throws the provider error when rendered without it', () => {
    function Bare() {
      useMatchkit();
      return null;
    }
    expect(() => renderToString(<Bare />)).toThrow(/useMatchkit\(\) was called outside a <MatchkitProvider>/);
  });
});
