// The GraphQL-over-HTTP conformance audits of the graphql-http package, against the running server.
// Every audit must pass, MAY and SHOULD included: a `notice` or `warn` fails this test as an `error` does.
//
// In production the server refuses introspection (__schema and __type), and four audits happen to
// use `__type(name: $name)` as their example of an operation with variables. They fail there for
// that reason alone, which the last test pins down: the same requests with an ordinary field pass.
import { serverAudits, type AuditResult } from 'graphql-http';
import { describe, expect, it } from 'vitest';
import { startedApp } from './testing';

/** Runs every audit against `origin`/graphql and returns the ones that did not pass. */
async function failedAudits(origin: string): Promise<Extract<AuditResult, { reason: string }>[]> {
  const audits = serverAudits({ url: `${origin}/graphql`, fetchFn: fetch });
  expect(audits.length).toBeGreaterThan(30);
  const failed: Extract<AuditResult, { reason: string }>[] = [];
  for (const audit of audits) {
    const result = await audit.fn();
    if (result.status !== 'ok') failed.push(result);
  }
  return failed;
}

/** The audits whose example operation is `query Type($name: String!) { __type(name: $name) { name } }`. */
const INTROSPECTING_AUDITS = ['2EA1', '28B9', 'D6D5', '6A70'];

describe('graphql-http serverAudits', () => {
  it.each(['test', 'development'])('passes every audit, MUST, SHOULD and MAY (NODE_ENV=%s)', async (env) => {
    const s = await startedApp({ env: { NODE_ENV: env } });
    try {
      const failed = await failedAudits(s.origin);
      expect(failed.map((f) => `${f.status} ${f.id} ${f.name}: ${f.reason}`)).toEqual([]);
    } finally {
      await s.stop();
    }
  }, 120_000);

  it('in production passes every audit but the four that send an introspection query, refused there', async () => {
    const s = await startedApp({ env: { NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true' } });
    try {
      const failed = await failedAudits(s.origin);
      expect(failed.map((f) => f.id).sort()).toEqual([...INTROSPECTING_AUDITS].sort());
      // Their request with an ordinary field and a variable passes: only introspection is refused.
      for (const accept of ['application/json', 'application/graphql-response+json']) {
        const body = (query: string) => JSON.stringify({ query, variables: { at: '2026-03-02T10:00:00Z' } });
        const headers = { 'content-type': 'application/json', accept };
        const ok = await fetch(`${s.origin}/graphql`, { method: 'POST', headers, body: body('query Sale($at: DateTime) { activeSale(at: $at) { __typename } }') });
        expect(ok.status).toBe(200);
        expect(await ok.json()).not.toHaveProperty('errors');
        const refused = await fetch(`${s.origin}/graphql`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ query: 'query Type($name: String!) { __type(name: $name) { name } }', variables: { name: 'sometype' } }),
        });
        expect(JSON.stringify(await refused.json())).toMatch(/introspection/i);
      }
    } finally {
      await s.stop();
    }
  }, 120_000);
});
