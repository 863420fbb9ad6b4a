import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBet, settleBet, trackerTotals, voidBet, type TrackedBetInput } from '@matchkit/sdk/tracker';
import { createTestApp, type TestApp } from '../../test/app';
import { trackedBets } from '../../db/schema';
import { betToRow } from './mapper';
import { betFromWire, type WireTrackedBet } from '@matchkit/app-contract';
import { DELETE, LIST, RECORD, SETTLE, TOTALS, VOID, member, qualifierInput, type Member } from './test-support';
import { signInAs } from '../../auth/sessions';

type Bet = WireTrackedBet;

describe('profit tracker over GraphQL (handler, cloned PGlite)', () => {
  let t: TestApp;
  let alice: Member;
  beforeAll(async () => {
    t = await createTestApp();
    alice = await member(t);
  });
  afterAll(() => t.stop());

  const record = async (who: Member, overrides: Record<string, unknown> = {}): Promise<Bet> => {
    const r = await t.gql<{ recordBet: Bet }>(RECORD, { input: qualifierInput(overrides) }, { token: who.token });
    expect(r.errors).toBeUndefined();
    return r.data?.recordBet as Bet;
  };

  it('records, settles, voids and deletes a bet: every state is what the sdk computes', async () => {
    const bet = await record(alice);
    expect(bet.id).toMatch(/^bet_/);
    expect(bet.status).toBe('open');
    const expected = parseBet('primary', {
      ...qualifierInput(),
      id: bet.id,
      status: 'open',
      placedAt: Date.UTC(2026, 2, 1, 12),
    } as unknown as TrackedBetInput);
    expect(betFromWire(bet)).toEqual(expected);

    const settled = await t.gql<{ settleBet: Bet }>(
      SETTLE,
      { input: { id: bet.id, results: ['lost', 'won'], settledAt: '2026-03-01T17:00:00Z' } },
      { token: alice.token },
    );
    expect(settled.errors).toBeUndefined();
    const sdkSettled = settleBet(expected, { at: Date.UTC(2026, 2, 1, 17), results: ['lost', 'won'] });
    expect(sdkSettled.settledProfit).toBe(-76);
    expect(settled.data?.settleBet.settledProfit).toBe(-76);
    expect(betFromWire(settled.data?.settleBet as Bet)).toEqual(sdkSettled);

    const voided = await t.gql<{ voidBet: Bet }>(
      VOID,
      { input: { id: bet.id, voidedAt: '2026-03-01T18:00:00+00:00' } },
      { token: alice.token },
    );
    expect(voided.errors).toBeUndefined();
    expect(betFromWire(voided.data?.voidBet as Bet)).toEqual(voidBet(sdkSettled, { at: Date.UTC(2026, 2, 1, 18) }));
    expect(voided.data?.voidBet.settledProfit).toBeNull();

    const deleted = await t.gql<{ deleteBet: string }>(DELETE, { id: bet.id }, { token: alice.token });
    expect(deleted.data?.deleteBet).toBe(bet.id);
    const again = await t.gql(DELETE, { id: bet.id }, { token: alice.token });
    expect(again.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const list = await t.gql<{ trackedBets: { nodes: Bet[] } }>(LIST, { first: 200 }, { token: alice.token });
    expect(list.data?.trackedBets.nodes.map((b) => b.id)).not.toContain(bet.id);
  });

  it('refuses an impossible settlement naming both legs, and counts an already stored one nowhere', async () => {
    const bob = await member(t);
    const bet = await record(bob);
    const both = await t.gql(
      SETTLE,
      { input: { id: bet.id, results: ['won', 'won'], settledAt: '2026-03-01T17:00:00Z' } },
      { token: bob.token },
    );
    expect(both.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    expect((both.errors?.[0]?.extensions as { issues?: { path: string }[] } | undefined)?.issues?.map((i) => i.path)).toEqual([
      'results.0',
      'results.1',
    ]);
    expect(both.errors?.[0]?.message).toMatch(/results\.0: cannot be won while legs\.1/);
    // Which legs and the result they share, for the web to word the refusal without parsing text.
    expect((both.errors?.[0]?.extensions as { issues?: { conflict?: unknown }[] } | undefined)?.issues?.map((i) => i.conflict)).toEqual([
      { back: 0, lays: [1], result: 'won' },
      { back: 0, lays: [1], result: 'won' },
    ]);
    const recorded = await t.gql(
      RECORD,
      {
        input: qualifierInput({
          legs: (qualifierInput()['legs'] as Record<string, unknown>[]).map((l) => ({ ...l, result: 'lost' })),
        }),
      },
      { token: bob.token },
    );
    expect(recorded.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    expect(recorded.errors?.[0]?.message).toMatch(/legs\.0\.result: cannot be lost while legs\.1/);

    // A bet stored before the rule: both legs won on a guaranteed bet (+£29.24 if it were counted).
    const open = betFromWire(bet);
    const stored = {
      ...settleBet({ ...open, id: 'bet_stored', profitType: 'potential' }, { at: Date.UTC(2026, 2, 1, 17), results: ['won', 'won'] }),
    };
    await t.database.db.insert(trackedBets).values(betToRow(bob.userId, { ...stored, profitType: 'guaranteed' }, new Date(t.clock())));
    const totals = await t.gql<{ trackerTotals: { betCount: number; profit: number } }>(TOTALS, {}, { token: bob.token });
    expect(totals.data?.trackerTotals).toMatchObject({ betCount: 1, profit: 0 });
    const list = await t.gql<{ trackedBets: { nodes: Bet[] } }>(LIST, { first: 10 }, { token: bob.token });
    expect(list.data?.trackedBets.nodes.map((b) => b.id)).toContain('bet_stored');
    // The member mends it by settling it again with results that can happen.
    const mended = await t.gql<{ settleBet: Bet }>(
      SETTLE,
      { input: { id: 'bet_stored', results: ['won', 'lost'], settledAt: '2026-03-01T17:00:00Z' } },
      { token: bob.token },
    );
    expect(mended.data?.settleBet.settledProfit).toBe(-75);
  });

  it('settles from the results recorded on the legs when results is absent', async () => {
    const bet = await record(alice, {
      legs: [
        { role: 'qualifying', side: 'back', account: 'bet-co', odds: 2.5, stake: 2000, result: 'won' },
        { role: 'qualifying', side: 'lay', account: 'betfair', odds: 2.6, stake: 1935, commission: 0.05, result: 'lost' },
      ],
    });
    const r = await t.gql<{ settleBet: Bet }>(SETTLE, { input: { id: bet.id, settledAt: '2026-03-02T09:00:00Z' } }, { token: alice.token });
    expect(r.errors).toBeUndefined();
    const sdk = settleBet(betFromWire(bet), { at: Date.UTC(2026, 2, 2, 9) });
    expect(r.data?.settleBet.settledProfit).toBe(sdk.settledProfit);
  });

  it('refuses bad input with BAD_INPUT and the sdk message naming the field', async () => {
    const odds = await t.gql(
      RECORD,
      {
        input: qualifierInput({ legs: [{ role: 'qualifying', side: 'back', account: 'bet-co', odds: 1, stake: 1000, result: 'pending' }] }),
      },
      { token: alice.token },
    );
    expect(odds.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    expect(odds.errors?.[0]?.message).toMatch(/legs\.0\.odds: /);
    // The same issues, structured, for a client to place beside its fields.
    expect((odds.errors?.[0]?.extensions as { issues?: unknown } | undefined)?.issues).toEqual([
      { path: 'legs.0.odds', message: expect.stringMatching(/greater than 1/) },
    ]);

    const source = await t.gql(RECORD, { input: qualifierInput({ source: 'not-a-tool' }) }, { token: alice.token });
    expect(source.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    expect(source.errors?.[0]?.message).toMatch(/source: must be one of the brand's tracker sources \(.*manual\)/);

    const role = await t.gql(
      RECORD,
      { input: qualifierInput({ legs: [{ role: 'freebet', side: 'back', account: 'x', odds: 2, stake: 1, result: 'pending' }] }) },
      { token: alice.token },
    );
    expect(role.errors?.[0]?.message).toMatch(/legs\.0\.role: /);

    // A second secondary-brand-only or another tool's source is not accepted: 'manual' is.
    const manual = await record(alice, { source: 'manual' });
    expect(manual.source).toBe('manual');

    const short = await t.gql(
      SETTLE,
      { input: { id: manual.id, results: ['won'], settledAt: '2026-03-02T09:00:00Z' } },
      { token: alice.token },
    );
    expect(short.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    expect(short.errors?.[0]?.message).toMatch(/- results: must have one result per leg \(2\), not 1/);

    const early = await t.gql(
      SETTLE,
      { input: { id: manual.id, results: ['won', 'lost'], settledAt: '2026-02-01T09:00:00Z' } },
      { token: alice.token },
    );
    expect(early.errors?.[0]?.message).toMatch(/- settledAt: must not be before/);

    const pending = await t.gql(SETTLE, { input: { id: manual.id, settledAt: '2026-03-02T09:00:00Z' } }, { token: alice.token });
    expect(pending.errors?.[0]?.message).toMatch(/legs\.0\.result: must be known/);

    const earlyVoid = await t.gql(VOID, { input: { id: manual.id, voidedAt: '2026-02-01T09:00:00Z' } }, { token: alice.token });
    expect(earlyVoid.errors?.[0]?.message).toMatch(/- voidedAt: must not be before/);

    await t.gql(VOID, { input: { id: manual.id, voidedAt: '2026-03-02T09:00:00Z' } }, { token: alice.token });
    const settleVoid = await t.gql(
      SETTLE,
      { input: { id: manual.id, results: ['won', 'lost'], settledAt: '2026-03-02T10:00:00Z' } },
      { token: alice.token },
    );
    expect(settleVoid.errors?.[0]?.message).toMatch(/- status: a void bet cannot be settled/);

    const first = await t.gql(LIST, { first: 201 }, { token: alice.token });
    expect(first.errors?.[0]?.message).toBe('first: must be from 0 to 200');
    const after = await t.gql(LIST, { after: 'not a cursor' }, { token: alice.token });
    expect(after.errors?.[0]?.message).toBe('after: is not a cursor of this list');
    const range = await t.gql(TOTALS, { filter: { from: '2026-03-02T00:00:00Z', to: '2026-03-01T00:00:00Z' } }, { token: alice.token });
    expect(range.errors?.[0]?.message).toBe('filter.to: must not be before filter.from');
  });

  it('answers totals equal to the sdk trackerTotals over the same bets, with and without a filter', async () => {
    const carol = await member(t);
    const bets: Bet[] = [];
    bets.push(await record(carol, { profitType: 'guaranteed' }));
    bets.push(await record(carol, { profitType: 'ev', source: 'manual', placedAt: '2026-02-10T12:00:00Z' }));
    bets.push(await record(carol, { profitType: 'potential', source: 'extra-place', placedAt: '2026-02-20T12:00:00Z' }));
    bets.push(await record(carol, { profitType: 'guaranteed', expectedProfit: 540 }));
    const s1 = await t.gql<{ settleBet: Bet }>(
      SETTLE,
      { input: { id: bets[0]?.id, results: ['won', 'lost'], settledAt: '2026-03-01T20:00:00Z' } },
      { token: carol.token },
    );
    const s2 = await t.gql<{ settleBet: Bet }>(
      SETTLE,
      { input: { id: bets[1]?.id, results: ['lost', 'won'], settledAt: '2026-02-11T20:00:00Z' } },
      { token: carol.token },
    );
    const v3 = await t.gql<{ voidBet: Bet }>(
      VOID,
      { input: { id: bets[2]?.id, voidedAt: '2026-02-21T20:00:00Z' } },
      { token: carol.token },
    );
    const now = [s1.data?.settleBet, s2.data?.settleBet, v3.data?.voidBet, bets[3]].map((b) => betFromWire(b as Bet));

    const all = await t.gql<{ trackerTotals: Record<string, number> }>(TOTALS, {}, { token: carol.token });
    expect(all.data?.trackerTotals).toEqual(trackerTotals(now));
    expect(all.data?.trackerTotals.betCount).toBe(3);

    const filters: [Record<string, unknown>, (b: (typeof now)[number]) => boolean][] = [
      [{ profitTypes: ['guaranteed'] }, (b) => b.profitType === 'guaranteed'],
      [{ status: 'settled' }, (b) => b.status === 'settled'],
      [{ source: 'manual' }, (b) => b.source === 'manual'],
      [
        { from: '2026-02-15T00:00:00Z', to: '2026-03-01T12:00:00Z' },
        (b) => b.placedAt >= Date.UTC(2026, 1, 15) && b.placedAt < Date.UTC(2026, 2, 1, 12),
      ],
      [{ profitTypes: [] }, () => false],
    ];
    for (const [filter, keep] of filters) {
      const r = await t.gql<{ trackerTotals: Record<string, number> }>(TOTALS, { filter }, { token: carol.token });
      expect(r.errors).toBeUndefined();
      expect(r.data?.trackerTotals).toEqual(trackerTotals(now.filter(keep)));
      const list = await t.gql<{ trackedBets: { totalCount: number } }>(LIST, { filter }, { token: carol.token });
      expect(list.data?.trackedBets.totalCount).toBe(now.filter(keep).length);
    }
  });

  it("keeps a member's bets from every other member: NOT_FOUND exactly as for an id nobody has, and absent from their lists and totals", async () => {
    const owner = await member(t);
    const other = await member(t);
    const bet = await record(owner);
    const missing = 'bet_doesNotExistAnywhere';
    const attempts: [string, (id: string) => Record<string, unknown>][] = [
      [SETTLE, (id) => ({ input: { id, results: ['won', 'lost'], settledAt: '2026-03-02T09:00:00Z' } })],
      [VOID, (id) => ({ input: { id, voidedAt: '2026-03-02T09:00:00Z' } })],
      [DELETE, (id) => ({ id })],
    ];
    for (const [doc, vars] of attempts) {
      const theirs = await t.gql(doc, vars(bet.id), { token: other.token });
      const nobody = await t.gql(doc, vars(missing), { token: other.token });
      expect(theirs.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
      expect(theirs.errors?.[0]?.message).toBe(nobody.errors?.[0]?.message);
      expect(theirs.data).toBeNull();
    }
    const list = await t.gql<{ trackedBets: { nodes: Bet[]; totalCount: number } }>(LIST, {}, { token: other.token });
    expect(list.data?.trackedBets).toMatchObject({ nodes: [], totalCount: 0 });
    const totals = await t.gql<{ trackerTotals: Record<string, number> }>(TOTALS, {}, { token: other.token });
    expect(totals.data?.trackerTotals).toEqual(trackerTotals([]));
    // The owner's bet is untouched.
    const mine = await t.gql<{ trackedBets: { nodes: Bet[] } }>(LIST, {}, { token: owner.token });
    expect(mine.data?.trackedBets.nodes).toEqual([bet]);
  });

  const everyOperation: [string, Record<string, unknown>][] = [
    [LIST, {}],
    [TOTALS, {}],
    ['{ balanceSheet { totals { balance } } }', {}],
    [RECORD, { input: qualifierInput() }],
    [SETTLE, { input: { id: 'x', settledAt: '2026-03-02T09:00:00Z' } }],
    [VOID, { input: { id: 'x', voidedAt: '2026-03-02T09:00:00Z' } }],
    [DELETE, { id: 'x' }],
    ['mutation { setAccount(input: { account: "bet-co", kind: bookmaker }) { account } }', {}],
    ['mutation { setAccountRestricted(account: "bet-co", restricted: true) { account } }', {}],
    ['mutation { addBalanceEntry(input: { account: "bet-co", kind: deposit, amount: 100, at: "2026-03-01T00:00:00Z" }) { id } }', {}],
    ['mutation { importBets(csv: "") { imported } }', {}],
  ];

  it('refuses an anonymous visitor with UNAUTHENTICATED everywhere, even with a forged or tampered token', async () => {
    for (const [doc, vars] of everyOperation) {
      for (const token of [undefined, 'not.a.token', `${alice.token}x`]) {
        const r = await t.gql(doc, vars, token === undefined ? {} : { token });
        expect(r.errors?.[0]?.extensions?.code, doc).toBe('UNAUTHENTICATED');
        expect(r.data).toBeNull();
      }
    }
  });

  it('refuses a member without the profit-tracker capability with FORBIDDEN everywhere; a platinum payment grants it', async () => {
    const free = await member(t, 'none');
    for (const [doc, vars] of everyOperation) {
      const r = await t.gql(doc, vars, { token: free.token });
      expect(r.errors?.[0]?.extensions?.code, doc).toBe('FORBIDDEN');
      expect(r.data).toBeNull();
    }
    const platinum = await member(t, 'platinum');
    const r = await t.gql<{ recordBet: Bet }>(RECORD, { input: qualifierInput() }, { token: platinum.token });
    expect(r.errors).toBeUndefined();
    expect(r.data?.recordBet.status).toBe('open');
    // The grant lapses with its period: the tracker closes with it.
    t.clock.advance(40 * 86_400_000);
    const later = await signInAs(t.app.deps, platinum.userId, t.clock());
    const lapsed = await t.gql(TOTALS, {}, { token: later.token });
    t.clock.advance(-40 * 86_400_000);
    expect(lapsed.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('loses nothing under 100 concurrent recordBet calls through the handler', async () => {
    const busy = await member(t);
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, n) =>
        t.gql<{ recordBet: Bet }>(RECORD, { input: qualifierInput({ event: `Match ${n}`, expectedProfit: n }) }, { token: busy.token }),
      ),
    );
    expect(results.every((r) => r.errors === undefined)).toBe(true);
    const ids = results.map((r) => r.data?.recordBet.id);
    expect(new Set(ids).size).toBe(100);
    const seen: string[] = [];
    let after: string | null = null;
    for (;;) {
      const page: {
        data: { trackedBets: { nodes: Bet[]; pageInfo: { endCursor: string | null; hasNextPage: boolean }; totalCount: number } } | null;
      } = await t.gql(LIST, { first: 30, after }, { token: busy.token });
      const list = page.data?.trackedBets;
      expect(list?.totalCount).toBe(100);
      seen.push(...(list?.nodes ?? []).map((b) => b.id));
      if (list?.pageInfo.hasNextPage !== true) break;
      after = list.pageInfo.endCursor;
    }
    expect(seen.sort()).toEqual([...ids].sort());
    const totals = await t.gql<{ trackerTotals: { pendingProfit: number; betCount: number } }>(TOTALS, {}, { token: busy.token });
    expect(totals.data?.trackerTotals).toMatchObject({ betCount: 100, pendingProfit: (99 * 100) / 2 });
  });

  // The lock itself is proven in bets.test.ts (deterministically, on PGlite and PostgreSQL); this
  // checks that the two mutations through the handler end in one of the two serial outcomes.
  it('ends a settlement racing a void of one bet in one of the two serial outcomes', async () => {
    const racer = await member(t);
    for (let n = 0; n < 10; n += 1) {
      // Each bet placed later than the last, so the list's first node is this one.
      const bet = await record(racer, { placedAt: new Date(Date.UTC(2026, 2, 1, 12, n)).toISOString() });
      const [settled, voided] = await Promise.all([
        t.gql<{ settleBet: Bet }>(
          SETTLE,
          { input: { id: bet.id, results: ['lost', 'won'], settledAt: '2026-03-01T17:00:00Z' } },
          { token: racer.token },
        ),
        t.gql<{ voidBet: Bet }>(VOID, { input: { id: bet.id, voidedAt: '2026-03-01T18:00:00Z' } }, { token: racer.token }),
      ]);
      // voidBet accepts an open or a settled bet, so the void always succeeds; the settlement
      // succeeds only when it ran first (a void bet cannot be settled).
      expect(voided.errors).toBeUndefined();
      const list = await t.gql<{ trackedBets: { nodes: Bet[] } }>(LIST, { first: 1 }, { token: racer.token });
      const stored = list.data?.trackedBets.nodes[0] as Bet & { legs: { result: string }[] };
      expect(stored.id).toBe(bet.id);
      expect(stored.status).toBe('void');
      if (settled.errors === undefined) {
        // Settled, then voided: the void kept the settled legs' results (a lost update would show the stale pending ones).
        expect(stored.legs.map((l) => l.result)).toEqual(['lost', 'won']);
        expect(voided.data?.voidBet.legs).toEqual(settled.data?.settleBet.legs);
      } else {
        expect(settled.errors[0]?.message).toMatch(/a void bet cannot be settled/);
        expect(stored.legs.map((l) => l.result)).toEqual(['pending', 'pending']);
      }
    }
  });

  it('answers settled profits and totals beyond MAX_PENCE (two legs each winning the most one may)', async () => {
    const whale = await member(t);
    const big = (account: string) => ({ role: 'qualifying', side: 'back', account, odds: 2, stake: 100_000_000_000, result: 'pending' });
    const bet = await record(whale, { legs: [big('bet-co'), big('punt-hub')] });
    const r = await t.gql<{ settleBet: Bet }>(
      SETTLE,
      { input: { id: bet.id, results: ['won', 'won'], settledAt: '2026-03-01T17:00:00Z' } },
      { token: whale.token },
    );
    expect(r.errors).toBeUndefined();
    expect(r.data?.settleBet.settledProfit).toBe(200_000_000_000);
    const totals = await t.gql<{ trackerTotals: { profit: number; staked: number } }>(TOTALS, {}, { token: whale.token });
    expect(totals.data?.trackerTotals).toMatchObject({ profit: 200_000_000_000, staked: 200_000_000_000 });
  });

  it('serialises the bet fields the schema declares', async () => {
    const r = await t.gql<{ recordBet: Bet }>(
      RECORD,
      {
        input: qualifierInput({
          note: 'Boosted',
          legs: [
            {
              role: 'free-bet',
              side: 'back',
              account: 'bet-co',
              odds: 5,
              stake: 1000,
              freeBet: 'sr',
              result: 'pending',
              market: 'match-odds',
            },
            {
              role: 'free-bet',
              side: 'lay',
              account: 'smarkets',
              odds: 5.2,
              stake: 950,
              commission: 0.02,
              result: 'pending',
              market: 'match-odds',
            },
          ],
        }),
      },
      { token: alice.token },
    );
    expect(r.errors).toBeUndefined();
    expect(r.data?.recordBet).toMatchObject({
      note: 'Boosted',
      placedAt: '2026-03-01T12:00:00.000Z',
      settledAt: null,
      legs: [
        { role: 'free-bet', side: 'back', freeBet: 'sr', commission: 0, market: 'match-odds' },
        { role: 'free-bet', side: 'lay', freeBet: null, commission: 0.02, market: 'match-odds' },
      ],
    });
  });
});
