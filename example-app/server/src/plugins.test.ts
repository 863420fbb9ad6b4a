import { parse, type GraphQLError } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformOperations } from '@matchkit/sdk/transport';
import { TOKEN_TTL_MS } from './auth/tokens';
import { failure, refusal, type ModuleFactory } from './modules/module';
import { signedInMember } from './ops/testing';
import { LIMITS } from './plugins';
import { createTestApp, PRODUCTION_ENV, type TestApp } from './test/app';
import accountsSDL from './modules/accounts/schema.graphql?raw';
import catalogSDL from './modules/catalog/schema.graphql?raw';
import membersSDL from './modules/members/schema.graphql?raw';
import trackerSDL from './modules/tracker/schema.graphql?raw';

const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json' };
/** With this Accept, a request error is answered with 400 (with application/json, 200: the GraphQL-over-HTTP spec). */
const STRICT = { accept: 'application/graphql-response+json' };

/** The value of one series of a metric in the app's registry (0 when absent). */
async function metric(t: TestApp, name: string, labels: Record<string, string>): Promise<number> {
  const found = (await t.app.metrics.registry.getMetricsAsJSON()).find((m) => m.name === name);
  const value = found?.values.find((v) => Object.entries(labels).every(([k, l]) => String(v.labels[k]) === l));
  return value?.value ?? 0;
}

/** `count` fields, each aliased. */
const aliased = (count: number) => `{ ${Array.from({ length: count }, (_, i) => `a${i}: brand`).join(' ')} }`;

/** Nested selections `depth` levels deep (me -> ... -> a scalar), through the schema's recursive-free types, by fragments. */
function deepQuery(depth: number): string {
  // Each inline fragment on Query adds no depth; each `me { ... }` would need a recursive type, so
  // the depth comes from fragment spreads, which GraphQL Armor counts as a level each.
  const fragments = [`fragment D0 on Query { brand }`];
  for (let i = 1; i < depth; i++) fragments.push(`fragment D${i} on Query { ...D${i - 1} }`);
  return `{ ...D${depth - 1} } ${fragments.join(' ')}`;
}

describe('GraphQL limits (GraphQL Armor on yoga 5)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.stop());

  it('lets every operation of the sdk through the limits', async () => {
    const { schema, validate } = t.app.yoga.getEnveloped({});
    for (const [name, source] of Object.entries(platformOperations)) {
      const all: readonly GraphQLError[] = validate(schema, parse(source));
      const errors = all.filter((e) => e.extensions['limit'] !== undefined);
      expect(errors.map((e) => `${name}: ${e.message}`)).toEqual([]);
    }
  });

  it('refuses a query deeper than the depth limit, naming the limit, and counts each refusal (the second comes from the validation cache)', async () => {
    expect((await t.gql(deepQuery(4))).errors).toBeUndefined();
    const before = await metric(t, 'matchkit_rejections_total', { rule: 'max-depth' });
    for (let i = 0; i < 2; i++) {
      const r = await t.gql(deepQuery(LIMITS.maxDepth + 2), {}, { headers: STRICT });
      expect(r.status).toBe(400);
      expect(r.data).toBeNull();
      // Deep fragments are costly too: the cost limit may answer beside the depth limit.
      const depth = r.errors?.find((e) => e.extensions?.['limit' as 'code'] === 'maxDepth');
      expect(depth?.message).toMatch(/depth limit of 10 exceeded/i);
      expect(depth?.extensions).toMatchObject({ code: 'GRAPHQL_VALIDATION_FAILED', limit: 'maxDepth' });
    }
    expect((await metric(t, 'matchkit_rejections_total', { rule: 'max-depth' })) - before).toBe(2);
    expect(await metric(t, 'matchkit_graphql_operations_total', { type: 'query', result: 'invalid' })).toBeGreaterThanOrEqual(2);
  });

  it('allows 15 aliases and refuses 16', async () => {
    expect((await t.gql(aliased(LIMITS.maxAliases))).errors).toBeUndefined();
    const r = await t.gql(aliased(LIMITS.maxAliases + 1));
    expect(r.errors?.map((e) => e.extensions)).toEqual([expect.objectContaining({ limit: 'maxAliases' })]);
  });

  it('refuses a document over the token limit, every time it is sent', async () => {
    const long = `{ ${'__typename '.repeat(LIMITS.maxTokens)} }`;
    const before = await metric(t, 'matchkit_rejections_total', { rule: 'max-tokens' });
    for (let i = 0; i < 2; i++) {
      const r = await t.gql(long, {}, { headers: STRICT });
      expect(r.status).toBe(400);
      expect(r.errors?.[0]?.message).toMatch(/token limit of 2000 exceeded/i);
    }
    expect((await metric(t, 'matchkit_rejections_total', { rule: 'max-tokens' })) - before).toBe(2);
  });

  it('refuses a query whose cost is over the limit though its depth and aliases are within theirs', async () => {
    // The same fragment spread 60 times: each spread costs again.
    const fragments = [
      'fragment C0 on Plan { name label capability paymentFormUrl price { firstMonth monthly yearly } details { key included } }',
    ];
    fragments.push(`fragment C1 on Plan { ${'...C0 '.repeat(60)}}`);
    const r = await t.gql(`{ plans { ...C1 } } ${fragments.join(' ')}`);
    expect(r.errors?.map((e) => e.extensions?.['limit' as 'code'])).toEqual(['costLimit']);
    expect(r.errors?.[0]?.message).toMatch(/cost limit of 5000 exceeded/i);
  });

  it('refuses more than 10 directives', async () => {
    const fields = (n: number) => `{ ${'brand @include(if: true) '.repeat(n)}}`;
    expect((await t.gql(fields(LIMITS.maxDirectives))).errors).toBeUndefined();
    const r = await t.gql(fields(LIMITS.maxDirectives + 1));
    expect(r.errors?.map((e) => e.extensions?.['limit' as 'code'])).toEqual(['maxDirectives']);
  });

  it('answers introspection and field suggestions outside production', async () => {
    expect((await t.gql('{ __schema { queryType { name } } }')).data).toEqual({ __schema: { queryType: { name: 'Query' } } });
    expect((await t.gql('{ plans { nam } }')).errors?.[0]?.message).toContain('Did you mean "name"?');
  });

  it('refuses a request body over the size limit with 413', async () => {
    const query = `{ brand } # ${'x'.repeat(LIMITS.maxBodyBytes)}`;
    const r = await t.request('/graphql', { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ query }) });
    expect(r.status).toBe(413);
  });
});

describe('CSRF prevention for requests that carry cookies', () => {
  let t: TestApp;
  const query = JSON.stringify({ query: '{ brand }' });
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.stop());

  const post = (headers: Record<string, string>, body: string = query) => t.request('/graphql', { method: 'POST', headers, body });

  it('refuses simple requests with a cookie: a form post, a text/plain post, a GET without the header', async () => {
    const before = await metric(t, 'matchkit_rejections_total', { rule: 'csrf' });
    const form = await post({ cookie: '_opjwt=x', 'content-type': 'application/x-www-form-urlencoded' }, 'query=%7Bbrand%7D');
    const text = await post({ cookie: '_opjwt=x', 'content-type': 'text/plain' });
    const get = await t.request('/graphql?query=%7Bbrand%7D', { headers: { cookie: '_opjwt=x' } });
    for (const r of [form, text, get]) {
      expect(r.status).toBe(403);
      expect(((await r.json()) as { errors: { extensions: { code: string } }[] }).errors[0]?.extensions.code).toBe('FORBIDDEN');
    }
    expect((await metric(t, 'matchkit_rejections_total', { rule: 'csrf' })) - before).toBe(3);
  });

  it('accepts a cookie on a JSON POST, or on any request with the x-matchkit-csrf or graphql-require-preflight header', async () => {
    expect((await post({ cookie: '_opjwt=x', ...JSON_HEADERS })).status).toBe(200);
    expect(
      (await post({ cookie: '_opjwt=x', 'content-type': 'application/json; charset=utf-8', origin: 'http://localhost:3000' })).status,
    ).toBe(200);
    expect(
      (
        await t.request('/graphql?query=%7Bbrand%7D', {
          headers: { cookie: '_opjwt=x', 'x-matchkit-csrf': '1', accept: 'application/json' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await t.request('/graphql?query=%7Bbrand%7D', {
          headers: { cookie: '_opjwt=x', 'graphql-require-preflight': '1', accept: 'application/json' },
        })
      ).status,
    ).toBe(200);
  });

  it('refuses a cookie from a foreign or opaque Origin, even on a JSON POST', async () => {
    expect((await post({ cookie: '_opjwt=x', ...JSON_HEADERS, origin: 'https://evil.example' })).status).toBe(403);
    expect((await post({ cookie: '_opjwt=x', ...JSON_HEADERS, origin: 'null' })).status).toBe(403);
    expect((await post({ cookie: '_opjwt=x', ...JSON_HEADERS, 'x-matchkit-csrf': '1', origin: 'https://evil.example' })).status).toBe(403);
  });

  it('leaves requests without cookies alone (a bearer token cannot be sent by a foreign page)', async () => {
    expect((await t.request('/graphql?query=%7Bbrand%7D', { headers: { accept: 'application/json' } })).status).toBe(200);
    expect(
      (await post({ 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, 'query=%7Bbrand%7D')).status,
    ).toBe(200);
    expect((await post({ ...JSON_HEADERS, origin: 'https://elsewhere.example' })).status).toBe(200);
  });

  it('still refuses a mutation over GET', async () => {
    const r = await t.request('/graphql?query=mutation%7Blogout%7Bok%7D%7D', {
      headers: { accept: 'application/json', 'x-matchkit-csrf': '1' },
    });
    expect(r.status).toBe(405);
  });
});

describe('in production', () => {
  let t: TestApp;
  /** Subscription sources running now. */
  const sources = { open: 0 };
  const faulty: ModuleFactory = () => ({
    name: 'faulty',
    // The schema of the modules whose fields it answers in their place.
    typeDefs: [membersSDL, catalogSDL, accountsSDL, trackerSDL].join('\n'),
    resolvers: {
      Query: {
        brand: () => {
          throw new Error('connection to db-7.internal refused (password hunter2)');
        },
        plans: () => {
          throw refusal('FORBIDDEN', 'Your plan does not include this.');
        },
      },
      Mutation: {
        setGoal: () => failure('RATE_LIMITED', 'Too many attempts: try again in a minute.'),
        logout: () => {
          throw refusal('RATE_LIMITED', 'Too many attempts: try again in a minute.');
        },
      },
      Subscription: {
        trackedBetChanged: {
          // A change every 100 ms, for as long as the client listens.
          subscribe: async function* () {
            sources.open += 1;
            try {
              for (let i = 0; ; i++) {
                await new Promise((r) => setTimeout(r, 100));
                yield { trackedBetChanged: { change: 'updated' as const, id: `b${i}`, bet: null } };
              }
            } finally {
              sources.open -= 1;
            }
          },
        },
      },
    },
  });
  beforeAll(async () => {
    t = await createTestApp({ env: { ...PRODUCTION_ENV }, modules: [faulty] });
  });
  afterAll(() => t.stop());

  it('refuses introspection', async () => {
    const r = await t.gql('{ __schema { queryType { name } } }');
    expect(r.data).toBeNull();
    expect(r.errors?.[0]?.message).toMatch(/introspection/i);
  });

  it('hides field suggestions', async () => {
    const r = await t.gql('{ plans { nam } }');
    expect(r.errors?.[0]?.message).toMatch(/Cannot query field "nam"/);
    expect(r.errors?.[0]?.message).not.toContain('Did you mean');
  });

  it('masks unexpected errors and passes refusals with their code', async () => {
    const crash = await t.gql('{ brand }');
    expect(crash.errors?.[0]?.message).toBe('Unexpected error.');
    expect(JSON.stringify(crash.errors)).not.toContain('hunter2');
    const refused = await t.gql('{ plans { name } }');
    expect(refused.errors?.[0]).toMatchObject({ message: 'Your plan does not include this.', extensions: { code: 'FORBIDDEN' } });
    expect(await metric(t, 'matchkit_graphql_operations_total', { type: 'query', result: 'error' })).toBe(2);
  });

  it('counts rate-limit refusals, as payload errors and as GraphQL errors', async () => {
    const before = await metric(t, 'matchkit_rejections_total', { rule: 'rate-limit' });
    const payload = await t.gql('mutation { setGoal(goal: "goal-300-600") { ok error { code } } }');
    expect(payload.data).toEqual({ setGoal: { ok: false, error: { code: 'RATE_LIMITED' } } });
    const error = await t.gql('mutation { logout }');
    expect(error.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    expect((await metric(t, 'matchkit_rejections_total', { rule: 'rate-limit' })) - before).toBe(2);
    expect(await metric(t, 'matchkit_graphql_operations_total', { type: 'mutation', result: 'ok' })).toBe(1);
  });

  it('ends a subscription over HTTP (server-sent events) when its token expires, with an UNAUTHENTICATED error', async () => {
    // A token with about a second left (expiry is in whole seconds).
    const { token } = await signedInMember(t.app, t.clock() - TOKEN_TTL_MS + 1000);
    const started = Date.now();
    const r = await t.request('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: 'subscription { trackedBetChanged { id } }' }),
    });
    const text = await r.text();
    expect(Date.now() - started).toBeLessThan(5000);
    const events = text
      .split('\n')
      .filter((l) => l.startsWith('data:') && l.slice(5).trim() !== '')
      .map((l) => JSON.parse(l.slice(5)) as { data?: { trackedBetChanged: { id: string } }; errors?: { extensions: { code: string } }[] });
    expect(events.length).toBeGreaterThan(2);
    expect(events.slice(0, -1).every((e) => e.data?.trackedBetChanged.id.startsWith('b'))).toBe(true);
    expect(events.at(-1)?.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
    expect(sources.open).toBe(0);
  });

  it('stops the source of an HTTP subscription when the client goes away before its token expires', async () => {
    const { token } = await signedInMember(t.app);
    const r = await t.request('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: 'subscription { trackedBetChanged { id } }' }),
    });
    const reader = (r.body as ReadableStream<Uint8Array>).getReader();
    let text = '';
    while (!text.includes('"b0"')) text += new TextDecoder().decode((await reader.read()).value);
    expect(sources.open).toBe(1);
    await reader.cancel();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sources.open).toBe(0);
  });
});
