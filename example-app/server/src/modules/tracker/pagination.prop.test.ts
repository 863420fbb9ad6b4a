import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBet, type TrackedBet } from '@matchkit/sdk/tracker';
import { createTestApp, type TestApp } from '../../test/app';
import { upsertBets } from './queries';
import { LIST, member, type Member } from './test-support';

type Page = {
  trackedBets: {
    nodes: { id: string; placedAt: string }[];
    pageInfo: { endCursor: string | null; hasNextPage: boolean };
    totalCount: number;
  };
};

/** Few instants, so that many bets share one placedAt and the id must break the tie. */
const INSTANTS = [Date.UTC(2026, 0, 5, 9), Date.UTC(2026, 0, 5, 9, 0, 0, 1), Date.UTC(2026, 1, 1), Date.UTC(2026, 2, 1, 23, 59, 59, 999)];

const betsArb = fc.uniqueArray(fc.record({ n: fc.integer({ min: 0, max: 999 }), at: fc.constantFrom(...INSTANTS) }), {
  maxLength: 30,
  selector: (b) => b.n,
});

function bet(n: number, placedAt: number): TrackedBet {
  return parseBet('primary', {
    // Ids of one length and alphabet sort the same in every collation.
    id: `b${String(n).padStart(3, '0')}`,
    source: 'manual',
    profitType: 'ev',
    status: 'open',
    event: '',
    market: '',
    selection: '',
    legs: [{ role: 'qualifying', side: 'back', account: 'bet-co', odds: 2, stake: 100, result: 'pending' }],
    expectedProfit: 5,
    placedAt,
  });
}

describe('tracked-bet pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.stop());

  async function walk(who: Member, first: number, between?: (page: number) => Promise<void>): Promise<{ ids: string[]; counts: number[] }> {
    const ids: string[] = [];
    const counts: number[] = [];
    let after: string | null = null;
    for (let page = 0; page < 100; page += 1) {
      const r = await t.gql<Page>(LIST, { first, after }, { token: who.token });
      expect(r.errors).toBeUndefined();
      const list = r.data?.trackedBets as Page['trackedBets'];
      expect(list.nodes.length).toBeLessThanOrEqual(first);
      ids.push(...list.nodes.map((b) => b.id));
      counts.push(list.totalCount);
      if (!list.pageInfo.hasNextPage) break;
      expect(list.nodes.length).toBe(first);
      after = list.pageInfo.endCursor;
      await between?.(page);
    }
    return { ids, counts };
  }

  it('walking every page returns each bet exactly once, newest first by placedAt then id', async () => {
    await fc.assert(
      fc.asyncProperty(betsArb, fc.integer({ min: 1, max: 7 }), async (drawn, first) => {
        const who = await member(t);
        const bets = drawn.map((d) => bet(d.n, d.at));
        await upsertBets(t.database.db, who.userId, bets, new Date(t.clock()));
        const expected = [...bets].sort((a, b) => b.placedAt - a.placedAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)).map((b) => b.id);
        const { ids, counts } = await walk(who, first);
        expect(ids).toEqual(expected);
        expect(counts.every((c) => c === bets.length)).toBe(true);
      }),
      { numRuns: 15 },
    );
  });

  it('pages stay stable while newer bets are recorded mid-walk: every bet present at the start is seen exactly once', async () => {
    await fc.assert(
      fc.asyncProperty(betsArb, fc.integer({ min: 1, max: 5 }), async (drawn, first) => {
        const who = await member(t);
        const bets = drawn.map((d) => bet(d.n, d.at));
        await upsertBets(t.database.db, who.userId, bets, new Date(t.clock()));
        // After each page a bet placed later than all of them arrives: it sorts before the cursor.
        const { ids } = await walk(who, first, async (page) => {
          await upsertBets(t.database.db, who.userId, [bet(1000 + page, Date.UTC(2026, 5, 1) + page)], new Date(t.clock()));
        });
        expect(ids.filter((id) => Number(id.slice(1)) < 1000).sort()).toEqual(bets.map((b) => b.id).sort());
        expect(new Set(ids).size).toBe(ids.length);
      }),
      { numRuns: 10 },
    );
  });
});
