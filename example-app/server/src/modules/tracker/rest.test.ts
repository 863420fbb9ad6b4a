import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBrand } from '@matchkit/sdk/brands';
import { endpointTotals, exportBetsCsv, importBetsCsv } from '@matchkit/sdk/tracker';
import { getTrackerTotals, TRACKER_TOTALS_ENDPOINTS, type TrackerTotalsEndpoint } from '@matchkit/sdk/transport';
import { createTestApp, type TestApp } from '../../test/app';
import { betFromWire, type WireTrackedBet } from '@matchkit/app-contract';
import { IMPORT, LIST, RECORD, SETTLE, member, qualifierInput, type Member } from './test-support';

type Bet = WireTrackedBet;

describe('the REST totals endpoints and the CSV export', () => {
  let t: TestApp;
  let owner: Member;
  const bets: Bet[] = [];
  const brand = getBrand('primary');

  const lay = (account: string, odds: number, stake: number) => ({
    role: 'qualifying',
    side: 'lay',
    account,
    odds,
    stake,
    commission: 0.02,
    result: 'pending',
  });
  const back = (odds: number, stake: number) => ({ role: 'qualifying', side: 'back', account: 'bet-co', odds, stake, result: 'pending' });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await member(t);
    const inputs = [
      qualifierInput({ source: 'two-up', profitType: 'potential' }),
      qualifierInput({
        source: 'extra-place',
        profitType: 'potential',
        legs: [back(6, 1000), lay('smarkets', 6.4, 500), lay('betfair', 6.6, 450)],
      }),
      qualifierInput({ source: 'extra-place', profitType: 'potential', placedAt: '2026-02-01T10:00:00Z' }),
      qualifierInput({ source: 'golf-master', profitType: 'ev', legs: [back(41, 500)], expectedProfit: 120 }),
      qualifierInput({ source: 'lucky-finder', profitType: 'ev', legs: [back(2.5, 200)], expectedProfit: 30 }),
      qualifierInput({ source: 'steam-chaser', profitType: 'ev', legs: [back(4, 1000)], expectedProfit: 80 }),
      qualifierInput({ source: 'oddsmatcher' }),
    ];
    for (const input of inputs) {
      const r = await t.gql<{ recordBet: Bet }>(RECORD, { input }, { token: owner.token });
      bets.push(r.data?.recordBet as Bet);
    }
    const settle = async (i: number, results: string[]) => {
      const r = await t.gql<{ settleBet: Bet }>(
        SETTLE,
        { input: { id: bets[i]?.['id'], results, settledAt: '2026-03-02T08:00:00Z' } },
        { token: owner.token },
      );
      expect(r.errors).toBeUndefined();
      bets[i] = r.data?.settleBet as Bet;
    };
    await settle(0, ['won', 'lost']);
    await settle(1, ['won', 'lost', 'won']);
    await settle(3, ['won']);
    // Another member's bets must count nowhere.
    const other = await member(t);
    await t.gql(RECORD, { input: qualifierInput({ source: 'golf-master', legs: [back(20, 999)] }) }, { token: other.token });
  });
  afterAll(() => t.stop());

  const sdkBets = () => bets.map(betFromWire);
  const transport = (token: string | null) => ({
    url: `${t.config.publicOrigin}/graphql`,
    fetch: (url: string, init?: RequestInit) => t.app.handler(new Request(url, init)),
    getCookie: (name: string) => (name === '_opjwt' && token !== null ? token : undefined),
    retry: false as const,
  });

  it('answers every endpoint of the catalogue with { data: ProfitTotals } equal to the sdk endpointTotals, through the sdk client', async () => {
    const expected = endpointTotals(brand, sdkBets());
    expect(new Set(expected.map((e) => e.endpoint))).toEqual(new Set(TRACKER_TOTALS_ENDPOINTS));
    for (const entry of expected) {
      const answer = await getTrackerTotals(transport(owner.token), entry.endpoint as TrackerTotalsEndpoint, {
        params: { ...entry.params },
      });
      expect(answer).toEqual({ data: entry.totals });
      expect(Object.keys(answer.data).sort()).toEqual([
        'betCount',
        'ev',
        'guaranteed',
        'pendingProfit',
        'potential',
        'profit',
        'staked',
        'training',
      ]);
    }
    // The figures are not all zero: the endpoints see the bets.
    const golf = expected.find((e) => e.endpoint === 'golf-master/getNoLayMyBetsTotals');
    expect(golf?.totals.betCount).toBe(1);
    expect(golf?.totals.profit).toBe(500 * 40);
    const partLay = expected.find((e) => e.endpoint === 'getPartLayMyBetsTotals');
    expect(partLay?.totals.betCount).toBe(1);
  });

  it('authenticates by bearer header or the _opjwt cookie, and narrows by from and to', async () => {
    const path = '/api/user/profit-tracker/extra-place-catcher/getMyBetsTotals';
    const byBearer = await t.request(path, { headers: { authorization: `Bearer ${owner.token}` } });
    const byCookie = await t.request(path, { headers: { cookie: `_opjwt=${owner.token}` } });
    expect(byBearer.status).toBe(200);
    expect(byBearer.headers.get('content-type')).toMatch(/^application\/json/);
    const body = await byBearer.json();
    expect(await byCookie.json()).toEqual(body);
    const all = endpointTotals(brand, sdkBets()).find((e) => e.endpoint === 'extra-place-catcher/getMyBetsTotals');
    expect(body).toEqual({ data: all?.totals });

    const march = await t.request(`${path}?from=${encodeURIComponent('2026-03-01T00:00:00+00:00')}&to=2026-04-01T00:00:00Z`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    const inMarch = sdkBets().filter((b) => (b.placedAt as number) >= Date.UTC(2026, 2, 1));
    expect(await march.json()).toEqual({
      data: endpointTotals(brand, inMarch).find((e) => e.endpoint === 'extra-place-catcher/getMyBetsTotals')?.totals,
    });
  });

  it('refuses the signed out (401), members without the tracker (403), unknown endpoints (404) and bad params (400), all as JSON', async () => {
    const free = await member(t, 'none');
    const cases: [string, string | null, number, RegExp][] = [
      ['lucky-finder/getMyBetsTotals', null, 401, /Sign in/],
      ['export.csv', null, 401, /Sign in/],
      ['lucky-finder/getMyBetsTotals', free.token, 403, /does not include the profit tracker/],
      ['export.csv', free.token, 403, /does not include the profit tracker/],
      ['nothing/getMyBetsTotals', owner.token, 404, /Not found/],
      ['getMyBetsTotals', owner.token, 404, /Not found/],
      ['two-up-tracker/getMyBetsTotals?variant=gold', owner.token, 400, /^variant: must be one of standard, master$/],
      ['two-up-tracker/getMyBetsTotals', owner.token, 400, /^variant: is required \(one of standard, master\)$/],
      ['lucky-finder/getMyBetsTotals?colour=red', owner.token, 400, /^colour: is not a parameter/],
      ['lucky-finder/getMyBetsTotals?from=yesterday', owner.token, 400, /^from: DateTime must be/],
      ['lucky-finder/getMyBetsTotals?from=2026-03-02T00:00:00Z&to=2026-03-01T00:00:00Z', owner.token, 400, /^to: must not be before from$/],
      ['two-up-tracker/getMyBetsTotals?variant=master&variant=standard', owner.token, 400, /^variant: is given more than once$/],
    ];
    for (const [path, token, status, message] of cases) {
      const r = await t.request(
        `/api/user/profit-tracker/${path}`,
        token === null ? {} : { headers: { authorization: `Bearer ${token}` } },
      );
      expect(r.status, path).toBe(status);
      const body = (await r.json()) as { error: boolean; message: string };
      expect(body.error).toBe(true);
      expect(body.message, path).toMatch(message);
    }
  });

  it("counts only the member's own bets: another member sees empty totals", async () => {
    const other = await member(t);
    const r = await getTrackerTotals(transport(other.token), 'golf-master/getNoLayMyBetsTotals');
    expect(r).toEqual({ data: endpointTotals(brand, []).find((e) => e.endpoint === 'golf-master/getNoLayMyBetsTotals')?.totals });
  });

  it('exports the bets as the sdk CSV (attachment) and imports it back to the same bets, twice, for another member', async () => {
    const r = await t.request('/api/user/profit-tracker/export.csv', { headers: { authorization: `Bearer ${owner.token}` } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(r.headers.get('content-disposition')).toBe('attachment; filename="profit-tracker-2026-03-02.csv"');
    const csv = await r.text();
    const ordered = [...sdkBets()].sort((a, b) => (a.placedAt as number) - (b.placedAt as number) || (a.id < b.id ? -1 : 1));
    expect(csv).toBe(exportBetsCsv(ordered));

    const copy = await member(t);
    for (let round = 0; round < 2; round += 1) {
      const imported = await t.gql<{ importBets: { imported: number; errors: unknown[] } }>(IMPORT, { csv }, { token: copy.token });
      expect(imported.data?.importBets).toEqual({ imported: bets.length, errors: [] });
      const list = await t.gql<{ trackedBets: { nodes: Bet[]; totalCount: number } }>(LIST, { first: 200 }, { token: copy.token });
      expect(list.data?.trackedBets.totalCount).toBe(bets.length);
      const byId = new Map(list.data?.trackedBets.nodes.map((b) => [b.id, b]));
      for (const b of bets) expect(byId.get(b['id'] as string)).toEqual(b);
    }
    expect(importBetsCsv('primary', csv).length).toBe(bets.length);
  });
});

describe('the REST totals endpoints on the secondary brand', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { BRAND: 'secondary' } });
  });
  afterAll(() => t.stop());

  it("answers only that brand's endpoints and accepts only its sources", async () => {
    const m = await member(t);
    const golf = await t.gql(RECORD, { input: qualifierInput({ source: 'golf-master' }) }, { token: m.token });
    expect(golf.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    expect(golf.errors?.[0]?.message).toMatch(/- source: must be one of the brand's tracker sources/);
    const r = await t.gql<{ recordBet: Bet }>(
      RECORD,
      { input: qualifierInput({ source: 'lucky-finder', profitType: 'ev' }) },
      { token: m.token },
    );
    expect(r.errors).toBeUndefined();
    const brand = getBrand('secondary');
    const names = new Set(endpointTotals(brand, []).map((e) => e.endpoint));
    for (const endpoint of TRACKER_TOTALS_ENDPOINTS) {
      const res = await t.request(`/api/user/profit-tracker/${endpoint}${endpoint.startsWith('two-up') ? '?variant=master' : ''}`, {
        headers: { authorization: `Bearer ${m.token}` },
      });
      expect(res.status, endpoint).toBe(names.has(endpoint) ? 200 : 404);
    }
    const lucky = await t.request('/api/user/profit-tracker/lucky-finder/getMyBetsTotals', {
      headers: { authorization: `Bearer ${m.token}` },
    });
    const bet = betFromWire(r.data?.recordBet as Bet);
    expect(await lucky.json()).toEqual({
      data: endpointTotals(brand, [bet]).find((e) => e.endpoint === 'lucky-finder/getMyBetsTotals')?.totals,
    });
  });
});
