// A relative endpoint ('/graphql', as a same-origin app writes it) is resolved against the page's
// address where there is a page, and refused by name where there is none (Node).
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { isValidationError, type ValidationIssue } from '../errors/errors';
import { createGraphQLClient } from './graphql-client';
import { graphqlRequest } from './request';
import { createSubscriptionClient } from './subscriptions';
import { answer, startHttpServer, type TestHttpServer } from './test-servers';

let api: TestHttpServer;
beforeAll(async () => {
  api = await startHttpServer({ '/app/graphql': answer(200, '{"data":{"brand":"primary"}}') });
});
afterAll(async () => {
  await api.close();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function issuesOf(make: () => unknown): readonly ValidationIssue[] {
  try {
    make();
  } catch (e) {
    if (isValidationError(e)) return e.issues;
    throw e;
  }
  throw new Error('accepted');
}

describe('a relative url', () => {
  it('is refused in Node, where there is no page, with the message naming url', () => {
    expect((globalThis as { location?: unknown }).location).toBeUndefined();
    expect(issuesOf(() => createGraphQLClient({ url: '/graphql' }))).toEqual([
      { path: 'url', message: 'must be an absolute http or https URL, received "/graphql"' },
    ]);
  });

  it('is resolved against the page in a browser: the client posts to the page’s origin', async () => {
    vi.stubGlobal('location', { href: `${api.origin}/app/members/home?tab=1` });
    const client = createGraphQLClient({ url: '/app/graphql' });
    expect(client.url).toBe(`${api.origin}/app/graphql`);
    const { data } = await client.request<{ brand: string }>({ query: '{ brand }' });
    expect(data.brand).toBe('primary');
    const relativeToPage = createGraphQLClient({ url: 'graphql', restBaseUrl: '../api' });
    expect(relativeToPage.url).toBe(`${api.origin}/app/members/graphql`);
    const lean = await graphqlRequest<{ brand: string }>('/app/graphql', { query: '{ brand }' });
    expect(lean.data.brand).toBe('primary');
  });

  it('is still refused for a subscription client, whose url must say ws or wss', () => {
    vi.stubGlobal('location', { href: 'https://app.example.com/' });
    expect(issuesOf(() => createSubscriptionClient({ url: '/graphql', webSocketImpl: function FakeSocket() {} }))).toEqual([
      { path: 'url', message: 'must be an absolute ws or wss URL, received "/graphql"' },
    ]);
  });
});
