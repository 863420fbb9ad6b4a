// The control-character and error-log findings of issue 22's review, as one suite run on the
// embedded PGlite (control-characters.test.ts) and on PostgreSQL (control-characters.pg.test.ts).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db/client';
import { createLogger } from './logger';
import { createTestApp, type TestApp } from './test/app';

/** A typed login the logs must never hold. */
const TYPED = 'typed-login-4f9c2a@example.com';

/** A leg and a bet as recordBet takes them. */
const LEG = { role: 'qualifying', side: 'back', account: 'bet365', odds: 2, stake: 1000, result: 'pending' };
const bet = (over: Record<string, unknown> = {}) => ({
  source: 'manual',
  profitType: 'guaranteed',
  event: 'A v B',
  market: 'Match Odds',
  selection: 'A',
  legs: [LEG],
  expectedProfit: -50,
  placedAt: '2026-03-02T09:00:00Z',
  ...over,
});

/** The suite, on the database `open` makes. */
export function controlCharactersSuite(label: string, open: () => Promise<Database>): void {
  describe(`control characters and error logs (${label})`, () => {
    const lines: string[] = [];
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({
        database: await open(),
        logger: createLogger('trace', { write: (line: string) => void lines.push(line) }),
      });
    });
    afterAll(() => t.stop());

    const logged = () => lines.map((l) => JSON.parse(l) as { level: number; msg?: string });
    const badInput = (r: { errors?: readonly { extensions?: { code?: string; field?: string } }[] | undefined }) =>
      r.errors?.map((e) => [e.extensions?.code, e.extensions?.field]);

    it('refuses offer(slug:"a\\u0000b") from a visitor as BAD_INPUT naming the field, and logs nothing at error level', async () => {
      lines.length = 0;
      const r = await t.gql('{ offer(slug: "a\\u0000b") { slug } }');
      expect(badInput(r)).toEqual([['BAD_INPUT', 'slug']]);
      expect(r.errors?.[0]?.message).toBe('slug must not contain control characters (found U+0000).');
      expect(r.data).toBeNull();
      expect(logged().filter((l) => l.level >= 50)).toEqual([]);
    });

    it('refuses the same in a variable, in nested input objects and lists, and in literals at any depth', async () => {
      lines.length = 0;
      const viaVariable = await t.gql('query Offer($slug: String!) { offer(slug: $slug) { slug } }', { slug: 'a\u0000b' });
      expect(badInput(viaVariable)).toEqual([['BAD_INPUT', 'slug']]);
      const nested = await t.gql('mutation Record($input: RecordBetInput!) { recordBet(input: $input) { id } }', {
        input: bet({ legs: [{ ...LEG }, { ...LEG, account: 'bet\u0001365' }] }),
      });
      expect(badInput(nested)).toEqual([['BAD_INPUT', 'account']]);
      const inList = await t.gql('mutation { adminSetAdditionalCapabilities(member: "m", codes: ["ok", "b\\u007f"]) { ok } }');
      expect(badInput(inList)).toEqual([['BAD_INPUT', 'codes']]);
      const inListVariable = await t.gql(
        'mutation Caps($codes: [String!]!) { adminSetAdditionalCapabilities(member: "m", codes: $codes) { ok } }',
        {
          codes: ['ok', 'tab\there'],
        },
      );
      expect(badInput(inListVariable)).toEqual([['BAD_INPUT', 'codes']]);
      const defaultValue = await t.gql('query Offer($slug: String = "a\\u001fb") { offer(slug: $slug) { slug } }');
      expect(badInput(defaultValue)).toEqual([['BAD_INPUT', 'slug']]);
      const login = await t.gql('mutation Login($input: LoginInput!) { login(input: $input) { __typename } }', {
        input: { login: `${TYPED}\u0000`, password: 'x' },
      });
      expect(badInput(login)).toEqual([['BAD_INPUT', 'login']]);
      expect(logged().filter((l) => l.level >= 50)).toEqual([]);
      expect(lines.join('\n')).not.toContain(TYPED);
    });

    it('lets tab, line feed and carriage return through in multi-line fields only (a note), never a NUL', async () => {
      const record = (note: string) =>
        t.gql('mutation Record($input: RecordBetInput!) { recordBet(input: $input) { id } }', { input: bet({ note }) });
      // Past the edge: refused for being signed out, not for the note.
      expect((await record('line one\r\n\tline two')).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      expect(badInput(await record('line one\u0000'))).toEqual([['BAD_INPUT', 'note']]);
      const event = await t.gql('mutation Record($input: RecordBetInput!) { recordBet(input: $input) { id } }', {
        input: bet({ event: 'A v\nB' }),
      });
      expect(badInput(event)).toEqual([['BAD_INPUT', 'event']]);
    });

    it('refuses a control character in a REST query parameter with 400 BAD_INPUT naming it', async () => {
      const r = await t.request('/api/user/integrations/external/logout?integration=match%00book');
      expect(r.status).toBe(400);
      expect(await r.json()).toMatchObject({ error: true, code: 'BAD_INPUT', field: 'integration' });
      expect((await t.request('/api/user/integrations/external/check?x=%0A')).status).toBe(400);
    });

    it('counts the refusals in /metrics by rule', async () => {
      const text = await (await t.request('/metrics')).text();
      expect(text).toMatch(/matchkit_rejections_total\{rule="control-characters"\} ([1-9]\d*)/);
    });

    it('logs a failed query by its SQL text and error code, never its parameters or the values the database quotes', async () => {
      lines.length = 0;
      const failure = await t.database.db.execute(sql`select ${TYPED}::int as n`).then(
        () => null,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(Error);
      // The raw error holds the parameter (drizzle's message; the database's own message quotes it).
      expect(String((failure as Error).message)).toContain(TYPED);
      t.app.deps.logger.error({ err: failure }, 'query failed');
      const line = lines.at(-1) ?? '';
      expect(line).not.toContain(TYPED);
      expect(line).toContain('select $1::int as n');
      expect(line).toContain('22P02');
    });

    it("logs a resolver's failed query (through yoga, as a GraphQLError) without the member's typed value", async () => {
      // A database that fails under a resolver: the offers table renamed for the length of the query.
      await t.database.db.execute(sql`alter table offers rename to offers_away`);
      lines.length = 0;
      try {
        const r = await t.gql('query ($s: String!) { offer(slug: $s) { slug } }', { s: TYPED });
        expect(r.errors?.[0]?.message).toBe('Unexpected error.');
      } finally {
        await t.database.db.execute(sql`alter table offers_away rename to offers`);
      }
      const errors = lines.filter((l) => (JSON.parse(l) as { level: number }).level >= 50);
      expect(errors.length).toBeGreaterThan(0);
      expect(lines.join('\n')).not.toContain(TYPED);
      // Still useful: the SQL text, with its placeholders.
      expect(errors.join('\n')).toMatch(/Failed query: select .* where .*= \$1.* limit \$2/);
    });
  });
}
