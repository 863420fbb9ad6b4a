import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidationError } from '@matchkit/sdk/errors';
import { exportBetsCsv, importBetsCsv, parseBet, type TrackedBet } from '@matchkit/sdk/tracker';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { importProblem } from './bets';
import { IMPORT, LIST, member, type Member } from './test-support';

type Payload = { importBets: { imported: number; errors: { line: number; column: string | null; message: string }[] } };
type Listed = { trackedBets: { nodes: { id: string; note: string | null }[]; totalCount: number } };

const bet = (id: string, note: string | null = null): TrackedBet =>
  parseBet('primary', {
    id,
    source: 'oddsmatcher',
    profitType: 'guaranteed',
    status: 'settled',
    event: 'Spurs v Arsenal',
    market: 'Match Odds',
    selection: 'Draw',
    legs: [
      { role: 'qualifying', side: 'back', account: 'bet-co', odds: 3.4, stake: 1000, result: 'won' },
      { role: 'qualifying', side: 'lay', account: 'smarkets', odds: 3.5, stake: 978, commission: 0.02, result: 'lost' },
    ],
    expectedProfit: -25,
    placedAt: Date.UTC(2026, 1, 1, 15),
    settledAt: Date.UTC(2026, 1, 1, 17),
    note,
  });

describe('importBets', () => {
  let t: TestApp;
  let who: Member;
  beforeAll(async () => {
    t = await createTestApp();
    who = await member(t);
  });
  afterAll(() => t.stop());

  const list = async (m: Member) => (await t.gql<Listed>(LIST, { first: 200 }, { token: m.token })).data?.trackedBets;

  it('writes nothing when any row is bad and lists every bad value by line and column, as the sdk reads them', async () => {
    const kept = await member(t);
    // A stored bet the file would replace: it must survive the failed import untouched.
    await t.gql<Payload>(IMPORT, { csv: exportBetsCsv([bet('keep', 'before')]) }, { token: kept.token });
    const lines = exportBetsCsv([bet('keep', 'after'), bet('b2'), bet('b3')])
      .trimEnd()
      .split('\r\n');
    lines[3] = (lines[3] as string).replace(',3.4,', ',abc,'); // line 4: b2's back odds
    lines[5] = (lines[5] as string).replace(',oddsmatcher,', ',not-a-tool,'); // line 6: b3's source
    lines.push('short,row'); // line 8: a wrong number of fields
    const csv = `${lines.join('\r\n')}\r\n`;

    let sdkIssues: { path: string; message: string }[] = [];
    try {
      importBetsCsv('primary', csv);
    } catch (error) {
      if (isValidationError(error)) sdkIssues = [...error.issues];
    }
    expect(sdkIssues.length).toBeGreaterThanOrEqual(3);

    const r = await t.gql<Payload>(IMPORT, { csv }, { token: kept.token });
    expect(r.errors).toBeUndefined();
    expect(r.data?.importBets.imported).toBe(0);
    expect(r.data?.importBets.errors).toEqual(sdkIssues.map(importProblem));
    expect(r.data?.importBets.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ line: 4, column: 'odds' }),
        expect.objectContaining({ line: 6, column: 'source' }),
        expect.objectContaining({ line: 8, column: null }),
      ]),
    );
    const after = await list(kept);
    expect(after?.totalCount).toBe(1);
    expect(after?.nodes[0]).toMatchObject({ id: 'keep', note: 'before' });
  });

  it('imports the good bets of an export that holds a bet stored before the impossible-settlement rule, and lists the refused one', async () => {
    const m = await member(t);
    const [header, back, lay] = exportBetsCsv([bet('good')])
      .trimEnd()
      .split('\r\n');
    // Its back and its lay both won: refused by the rule, with its two lines named.
    const old = [back, lay].map((row) =>
      (row as string)
        .replace(/^good,/, 'old,')
        .replace(',lost,', ',won,')
        .replace(',-0.45,', ',,'),
    );
    const csv = `${[header, ...old, back, lay].join('\r\n')}\r\n`;
    expect(() => importBetsCsv('primary', csv)).toThrow();
    const r = await t.gql<Payload>(IMPORT, { csv }, { token: m.token });
    expect(r.errors).toBeUndefined();
    expect(r.data?.importBets.imported).toBe(1);
    expect(r.data?.importBets.errors).toEqual([
      expect.objectContaining({ line: 2, column: 'result' }),
      expect.objectContaining({ line: 3, column: 'result' }),
    ]);
    expect(r.data?.importBets.errors[0]?.message).toMatch(/cannot be won while line 3 \(its lay\) is won too/);
    expect((await list(m))?.nodes.map((n) => n.id)).toEqual(['good']);
  });

  it('maps the sdk issue paths to lines and columns', () => {
    expect(importProblem({ path: 'line 3.odds', message: 'm' })).toEqual({ line: 3, column: 'odds', message: 'm' });
    expect(importProblem({ path: 'line 12', message: 'm' })).toEqual({ line: 12, column: null, message: 'm' });
    expect(importProblem({ path: '', message: 'm' })).toEqual({ line: 1, column: null, message: 'm' });
  });

  it('refuses text with a NUL character (the database cannot store it) at the edge, writing nothing', async () => {
    const before = (await list(who))?.totalCount;
    const csv = exportBetsCsv([bet('n1', 'fine'), bet('n2', 'bad\u0000note')]);
    const r = await t.gql<Payload>(IMPORT, { csv }, { token: who.token });
    expect(r.errors?.map((e) => e.extensions)).toEqual([{ code: 'BAD_INPUT', field: 'csv' }]);
    expect(r.data).toBeNull();
    expect((await list(who))?.totalCount).toBe(before);
  });

  it('is all or nothing in one transaction: a failure while writing the last bet leaves none of them', async () => {
    const db = t.database.db;
    await db.execute(sql`create function refuse_boom() returns trigger language plpgsql as $$
      begin if new.id = 'boom' then raise exception 'boom refused'; end if; return new; end $$`);
    await db.execute(sql`create trigger refuse_boom before insert on tracked_bets for each row execute function refuse_boom()`);
    try {
      const fresh = await member(t);
      const r = await t.gql<Payload>(IMPORT, { csv: exportBetsCsv([bet('ok1'), bet('ok2'), bet('boom')]) }, { token: fresh.token });
      expect(r.errors?.[0]?.extensions?.code).toBe('INTERNAL_SERVER_ERROR');
      expect((await list(fresh))?.totalCount).toBe(0);
    } finally {
      await db.execute(sql`drop trigger refuse_boom on tracked_bets`);
      await db.execute(sql`drop function refuse_boom()`);
    }
  });

  it('is idempotent by bet id: the same file twice leaves the same bets; a changed bet replaces the stored one', async () => {
    const m = await member(t);
    const csv = exportBetsCsv([bet('i1'), bet('i2', 'x')]);
    const first = await t.gql<Payload>(IMPORT, { csv }, { token: m.token });
    const second = await t.gql<Payload>(IMPORT, { csv }, { token: m.token });
    expect(first.data?.importBets).toEqual({ imported: 2, errors: [] });
    expect(second.data?.importBets).toEqual({ imported: 2, errors: [] });
    const again = await list(m);
    expect(again?.totalCount).toBe(2);
    await t.gql<Payload>(IMPORT, { csv: exportBetsCsv([bet('i2', 'y')]) }, { token: m.token });
    const replaced = await list(m);
    expect(replaced?.totalCount).toBe(2);
    expect(replaced?.nodes.find((b) => b.id === 'i2')?.note).toBe('y');
  });

  it('publishes created for a new id and updated for a replaced one', async () => {
    const m = await member(t);
    const seen: unknown[] = [];
    const controller = new AbortController();
    const it = t.pubSub.subscribe(`tracker:${m.userId}`, controller.signal);
    const reading = (async () => {
      for await (const msg of it) {
        seen.push(msg);
        if (seen.length === 3) break;
      }
    })();
    await t.gql<Payload>(IMPORT, { csv: exportBetsCsv([bet('p1')]) }, { token: m.token });
    await t.gql<Payload>(IMPORT, { csv: exportBetsCsv([bet('p1', 'n'), bet('p2')]) }, { token: m.token });
    await reading;
    controller.abort();
    expect(seen).toEqual([
      { change: 'created', id: 'p1', userId: m.userId },
      { change: 'updated', id: 'p1', userId: m.userId },
      { change: 'created', id: 'p2', userId: m.userId },
    ]);
  });
});
