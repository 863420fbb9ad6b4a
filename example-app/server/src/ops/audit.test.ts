// The GraphQL-over-HTTP conformance audits of the graphql-http package, against the running server.
// Every audit must pass, MAY and SHOULD included: a `notice` or `warn` fails this test as an `error` does.
//
// In production (introspection off, field suggestions hidden) the audits pass too: four of them
// (2EA1, 28B9, D6D5, 6A70) use `query Type($name: String!) { __type(name: $name) { name } }` as their
// example of an operation with variables, and production answers `__type` with null for every name
// (plugins.ts, introspectionPlugin) while refusing the rest of introspection, which the last test
// pins down. The production audits go through the real server process (the bundled main.ts) with a
// production environment; the app in this process audited the same code and settings a second
// time, and is kept for the introspection test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverAudits, type AuditResult } from 'graphql-http';
import { describe, expect, it } from 'vitest';
import { SHARED_SECRETS } from '../e2e/servers';
import { PRODUCTION_ENV } from '../test/app';
import { startServerProcess, withMigratedDatabase } from '../test/process';
import { signedInMember, startedApp, wsProbe } from './testing';

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
const TYPE_LOOKUP_AUDITS = ['2EA1', '28B9', 'D6D5', '6A70'];

const describeFailures = (failed: Extract<AuditResult, { reason: string }>[]) =>
  failed.map((f) => `${f.status} ${f.id} ${f.name}: ${f.reason}`);

describe('graphql-http serverAudits', () => {
  it.each(['test', 'development'])(
    'passes every audit, MUST, SHOULD and MAY (NODE_ENV=%s)',
    async (env) => {
      const s = await startedApp({ env: { NODE_ENV: env } });
      try {
        const failed = await failedAudits(s.origin);
        expect(describeFailures(failed)).toEqual([]);
      } finally {
        await s.stop();
      }
    },
    120_000,
  );

  it('the real server process in production (introspection off) passes every audit, the four with a __type example included', async () => {
    const dataDir = await withMigratedDatabase(mkdtempSync(join(tmpdir(), 'matchkit-audit-')));
    try {
      const server = await startServerProcess({
        ...PRODUCTION_ENV,
        SELLER_NAME: 'Test Seller Ltd',
        SELLER_ADDRESS: '1 Test Street, Testtown, TE1 1ST',
        PUBLIC_ORIGIN: 'http://127.0.0.1:3000',
        DATA_DIR: dataDir,
        ...SHARED_SECRETS,
      });
      try {
        const audits = serverAudits({ url: `${server.origin}/graphql`, fetchFn: fetch });
        expect(TYPE_LOOKUP_AUDITS.every((id) => audits.some((a) => a.id === id))).toBe(true);
        expect(describeFailures(await failedAudits(server.origin))).toEqual([]);
      } finally {
        await server.kill('SIGTERM');
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('in production, introspection stays off: __type answers null for every name (even a real type), anything more is refused', async () => {
    const s = await startedApp({ env: { ...PRODUCTION_ENV } });
    try {
      const post = async (query: string, variables: Record<string, unknown> = {}, accept = 'application/json') => {
        const r = await fetch(`${s.origin}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept },
          body: JSON.stringify({ query, variables }),
        });
        return { status: r.status, body: (await r.json()) as { data?: unknown; errors?: { message: string }[] } };
      };
      for (const name of ['sometype', 'Query', 'User', 'Mutation', 'String', '__Schema']) {
        expect(await post('query Type($name: String!) { __type(name: $name) { name } }', { name })).toEqual({
          status: 200,
          body: { data: { __type: null } },
        });
      }
      expect((await post('{ a: __type(name: "Query") { name description } b: __typename }')).body).toEqual({
        data: { a: null, b: 'Query' },
      });
      expect((await post('query { ...F } fragment F on Query { t: __type(name: "User") { name } }')).body).toEqual({ data: { t: null } });
      for (const query of [
        '{ __schema { queryType { name } } }',
        '{ __type(name: "Query") { fields { name } } }',
        '{ __type(name: "Query") { name ofType { name } } }',
        '{ __type(name: "Query") { kind } }',
        '{ __type(name: "Query") { name } __schema { types { name } } }',
      ]) {
        const r = await post(query, {}, 'application/graphql-response+json');
        expect(r.status, query).toBe(400);
        expect(r.body.data, query).toBeUndefined();
        expect(r.body.errors?.[0]?.message, query).toMatch(
          /GraphQL introspection has been disabled, but the requested query contained the field "(__schema|fields|ofType|kind)"/,
        );
      }
      // The same on the WebSocket.
      const { token } = await signedInMember(s.app);
      const ws = wsProbe(s.origin);
      try {
        await ws.opened;
        ws.send({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } });
        await ws.next('connection_ack');
        ws.send({ id: 'a', type: 'subscribe', payload: { query: '{ __type(name: "Query") { name } }' } });
        expect((await ws.next('next')).payload).toEqual({ data: { __type: null } });
        ws.send({ id: 'b', type: 'subscribe', payload: { query: '{ __schema { queryType { name } } }' } });
        expect(JSON.stringify((await ws.next('error')).payload)).toMatch(/introspection has been disabled/);
      } finally {
        ws.socket.close();
      }
      // An ordinary operation with variables is untouched.
      const ok = await post('query Sale($at: DateTime) { activeSale(at: $at) { __typename } }', { at: '2026-03-02T10:00:00Z' });
      expect(ok.status).toBe(200);
      expect(ok.body).not.toHaveProperty('errors');
    } finally {
      await s.stop();
    }
  }, 120_000);
});
