import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulatedFeed, type SimulatedFeed } from '@matchkit/app-contract/feed';
import { createOddsmatcher, findEachWayCatches } from '@matchkit/sdk/matching';
import { exchangeSettings, ledger, oddsAlertMatches } from '../../db/schema';
import { createTestApp, memberWithPlan, testClock, type TestApp } from '../../test/app';
import { COOL_DOWN_MS, MAX_ALERTS } from './alerts';
import { createAlertRunner, type AlertPush } from './runner';

const FIELDS = 'id tool name minRating bookmaker sport withinHours minLiquidity paused href';
const SAVE = `mutation($input: OddsAlertInput!) { saveOddsAlert(input: $input) { ok error { code message field } alert { ${FIELDS} } } }`;
const PAUSE = `mutation($id: ID!, $paused: Boolean!) { setOddsAlertPaused(id: $id, paused: $paused) { ok error { code field } alert { paused } } }`;
const DELETE = `mutation($id: ID!) { deleteOddsAlert(id: $id) { ok error { code field } } }`;
const LIST = `{ myOddsAlerts { ${FIELDS} } }`;
const MATCHES = `{ myOddsAlertMatches { alertId alertName tool eventName selectionName bookmaker exchange rating foundAt notifiedAt href } }`;

interface Saved {
  saveOddsAlert: {
    ok: boolean;
    error: { code: string; message: string; field: string | null } | null;
    alert: { id: string; href: string; minLiquidity: number | null; paused: boolean } | null;
  };
}
interface Match {
  alertId: string;
  selectionName: string;
  bookmaker: string;
  rating: number;
  notifiedAt: string | null;
  href: string;
}

describe('odds alerts', () => {
  let t: TestApp;
  let feed: SimulatedFeed;
  let member: string;
  let free: string;
  const save = async (token: string, input: Record<string, unknown>) =>
    (await t.gql<Saved>(SAVE, { input: { tool: 'oddsmatcher', name: 'Good matches', ...input } }, { token })).data?.saveOddsAlert;

  beforeAll(async () => {
    const clock = testClock('2026-03-02T10:00:00Z');
    feed = createSimulatedFeed({ seed: 5, clock, eventCount: 12 });
    t = await createTestApp({ clock, feed });
    member = await memberWithPlan(t, 'u_alerts', 'platinum');
    free = await memberWithPlan(t, 'u_alerts_free', null);
  });
  afterAll(() => t.stop());

  it('saves an alert the sdk accepts, with the oddsmatcher page of its filters', async () => {
    const r = await save(member, { minRating: 95, bookmaker: 'alder-bet', minLiquidity: 5_000, withinHours: 24 });
    expect(r?.ok).toBe(true);
    expect(r?.alert?.minLiquidity).toBe(5_000);
    expect(r?.alert?.href).toBe('/oddsmatching?rating=95&bm=alder-bet&liq=50&hours=24');
    await t.gql(DELETE, { id: r?.alert?.id }, { token: member });
  });

  it('refuses a bad rule naming the field, and saves nothing', async () => {
    const r = await save(member, { minRating: 250 });
    expect(r).toMatchObject({ ok: false, error: { code: 'BAD_INPUT', field: 'input.minRating' }, alert: null });
    expect((await save(member, { minRating: 95, sport: 'Football' }))?.error?.field).toBe('input.sport');
    expect((await save(member, { minRating: 95, withinHours: 0 }))?.error?.field).toBe('input.withinHours');
    expect((await t.gql<{ myOddsAlerts: unknown[] }>(LIST, {}, { token: member })).data?.myOddsAlerts).toEqual([]);
  });

  it('refuses a member whose plan does not include the oddsmatcher', async () => {
    expect(await save(free, { minRating: 95 })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN', field: 'input.tool' } });
  });

  it(`keeps at most ${MAX_ALERTS} alerts per member`, async () => {
    const ids: string[] = [];
    for (let i = 0; i < MAX_ALERTS; i++) ids.push((await save(member, { minRating: 90 + i / 10 }))?.alert?.id ?? '');
    expect((await save(member, { minRating: 99 }))?.error?.code).toBe('BAD_INPUT');
    for (const id of ids)
      expect((await t.gql<{ deleteOddsAlert: { ok: boolean } }>(DELETE, { id }, { token: member })).data?.deleteOddsAlert.ok).toBe(true);
  });

  it('pauses and deletes only the member’s own alerts', async () => {
    const id = (await save(member, { minRating: 95 }))?.alert?.id;
    const other = await memberWithPlan(t, 'u_alerts_other', 'platinum');
    expect((await t.gql(PAUSE, { id, paused: true }, { token: other })).data).toMatchObject({
      setOddsAlertPaused: { ok: false, error: { code: 'NOT_FOUND' } },
    });
    expect((await t.gql(PAUSE, { id, paused: true }, { token: member })).data).toMatchObject({
      setOddsAlertPaused: { ok: true, alert: { paused: true } },
    });
    expect((await t.gql(DELETE, { id }, { token: other })).data).toMatchObject({ deleteOddsAlert: { ok: false } });
    expect((await t.gql(DELETE, { id }, { token: member })).data).toMatchObject({ deleteOddsAlert: { ok: true } });
  });

  it('pushes each match once, at most once per alert per cool-down, and not after access is lost', async () => {
    const id = (await save(member, { minRating: 0 }))?.alert?.id as string;
    const pushes: { userId: string; payload: AlertPush }[] = [];
    const runner = createAlertRunner(t.app.deps, async (userId, payload) => {
      pushes.push({ userId, payload });
    });
    await runner.start();
    const tick = async () => {
      t.clock.advance(feed.intervalMs);
      feed.tick();
      await runner.idle();
    };
    const matches = async () =>
      (await t.gql<{ myOddsAlertMatches: Match[] }>(MATCHES, {}, { token: member })).data?.myOddsAlertMatches ?? [];

    await tick();
    expect(pushes).toHaveLength(1);
    const first = await matches();
    expect(first.length).toBeGreaterThan(0);
    expect(first.every((m) => m.alertId === id && m.notifiedAt !== null)).toBe(true);
    expect(pushes[0]).toMatchObject({ userId: 'u_alerts', payload: { tag: `odds-alert-${id}` } });
    // The push opens the oddsmatcher at its best match.
    const found = await t.database.db.select().from(oddsAlertMatches).where(eq(oddsAlertMatches.alertId, id));
    const rating = (m: unknown) => (m as { rating: number }).rating;
    const top = Math.max(...found.map((f) => rating(f.match)));
    const bestKeys = found.filter((f) => rating(f.match) === top).map((f) => `match=${encodeURIComponent(f.matchKey)}`);
    expect(bestKeys.some((k) => pushes[0]?.payload.url.endsWith(k))).toBe(true);
    expect(pushes[0]?.payload.url).toContain('match=');

    // Within the cool-down: new matches are recorded, nothing is pushed.
    for (let i = 0; i < 5; i++) await tick();
    expect(pushes).toHaveLength(1);
    const held = await matches();
    const waiting = held.filter((m) => m.notifiedAt === null);
    expect(waiting.length).toBeGreaterThan(0);
    // Each match pushed once: claims.test.ts, across cool-downs and two runners.

    // After the cool-down, one push carries every waiting match.
    t.clock.advance(COOL_DOWN_MS);
    await tick();
    expect(pushes).toHaveLength(2);
    expect(pushes[1]?.payload.title).toMatch(/Good matches: \d+ matches/);
    expect((await matches()).filter((m) => m.notifiedAt === null)).toEqual([]);

    // Access lost: matches may be found, but nothing is pushed.
    await t.database.db.delete(ledger).where(eq(ledger.userId, 'u_alerts'));
    t.clock.advance(COOL_DOWN_MS);
    for (let i = 0; i < 3; i++) await tick();
    expect(pushes).toHaveLength(2);
    const untold = await t.database.db.select().from(oddsAlertMatches).where(eq(oddsAlertMatches.alertId, id));
    expect(untold.filter((r) => r.notifiedAt === null).length).toBeGreaterThan(0);
    await runner.stop();
  });

  describe('on the price boost tracker', () => {
    let pro: string;
    beforeAll(async () => {
      pro = await memberWithPlan(t, 'u_boosts', 'pro');
    });
    const saveBoost = async (token: string, input: Record<string, unknown>) => save(token, { tool: 'priceBoostTracker', ...input });

    it('saves an alert linking to the price boost tracker with its filters, for a plan that includes it', async () => {
      const r = await saveBoost(pro, { minRating: 100, bookmaker: 'alder-bet', sport: 'football' });
      expect(r).toMatchObject({ ok: true, alert: { tool: 'priceBoostTracker' } });
      expect(r?.alert?.href).toBe('/price-boost-tracker?minRating=100&bm=alder-bet');
      await t.gql(DELETE, { id: r?.alert?.id }, { token: pro });
    });

    it('refuses a plan without the price boost tracker, and a tool alerts do not watch', async () => {
      const platinum = await memberWithPlan(t, 'u_boosts_platinum', 'platinum');
      expect(await saveBoost(platinum, { minRating: 100 })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN', field: 'input.tool' } });
      expect(await save(pro, { tool: 'dutching', minRating: 100 })).toMatchObject({
        ok: false,
        error: { code: 'BAD_INPUT', field: 'input.tool' },
      });
    });

    it('pushes nothing once the plan keeps the oddsmatcher but no longer the price boost tracker', async () => {
      const token = await memberWithPlan(t, 'u_boosts_down', 'pro');
      const id = (await saveBoost(token, { name: 'Boosts', minRating: 0 }))?.alert?.id as string;
      await t.database.db.update(ledger).set({ plan: 'platinum' }).where(eq(ledger.userId, 'u_boosts_down'));
      const pushes: AlertPush[] = [];
      const runner = createAlertRunner(t.app.deps, async (userId, payload) => {
        if (userId === 'u_boosts_down') pushes.push(payload);
      });
      await runner.start();
      const found = () => t.database.db.select().from(oddsAlertMatches).where(eq(oddsAlertMatches.alertId, id));
      for (let i = 0; i < 40 && (await found()).length === 0; i++) {
        t.clock.advance(feed.intervalMs);
        feed.tick();
        await runner.idle();
      }
      await runner.stop();
      const untold = await found();
      expect(untold.length).toBeGreaterThan(0);
      expect(untold.every((m) => m.notifiedAt === null)).toBe(true);
      expect(pushes).toEqual([]);
    });

    it('pushes the boosts the finder rates at the threshold, opening the price boost tracker at the best', async () => {
      const id = (await saveBoost(pro, { name: 'Boosts', minRating: 0 }))?.alert?.id as string;
      const pushes: AlertPush[] = [];
      const runner = createAlertRunner(t.app.deps, async (userId, payload) => {
        if (userId === 'u_boosts') pushes.push(payload);
      });
      await runner.start();
      for (let i = 0; i < 40 && pushes.length === 0; i++) {
        t.clock.advance(feed.intervalMs);
        feed.tick();
        await runner.idle();
      }
      await runner.stop();
      expect(pushes).toHaveLength(1);
      expect(pushes[0]?.tag).toBe(`odds-alert-${id}`);
      expect(pushes[0]?.url).toMatch(/^\/price-boost-tracker\?minRating=0&match=/);
      // Every match found is a boosted price the sdk's findPriceBoosts rates: its key names a boosted back.
      const found = await t.database.db.select().from(oddsAlertMatches).where(eq(oddsAlertMatches.alertId, id));
      const boosted = new Set(
        feed
          .snapshot()
          .market.backPrices.filter((p) => p.boostedFrom !== undefined)
          .map((p) => `${p.selectionId}|${p.bookmaker}`),
      );
      expect(found.length).toBeGreaterThan(0);
      for (const f of found) expect(boosted.has(f.matchKey.split('|').slice(0, 2).join('|'))).toBe(true);
      // Your alerts lists them with their tool and its page at each match.
      const listed = (await t.gql<{ myOddsAlertMatches: (Match & { tool: string })[] }>(MATCHES, {}, { token: pro })).data
        ?.myOddsAlertMatches;
      expect(listed).toHaveLength(found.length);
      for (const m of listed ?? []) {
        expect(m.tool).toBe('priceBoostTracker');
        expect(m.href).toMatch(/^\/price-boost-tracker\?minRating=0&match=/);
      }
    });
  });
  describe('on the 2UP matcher', () => {
    it('pushes the 2UP backs the finder rates at the threshold, opening the 2UP matcher at the best row', async () => {
      const token = await memberWithPlan(t, 'u_two_up', 'platinum');
      const r = await save(token, { tool: 'twoUpMatcher', name: '2UP', minRating: 0, bookmaker: 'alder-bet' });
      expect(r).toMatchObject({ ok: true, alert: { tool: 'twoUpMatcher', href: '/2up-matcher?bm=alder-bet' } });
      const id = r?.alert?.id as string;
      const pushes: AlertPush[] = [];
      const runner = createAlertRunner(t.app.deps, async (userId, payload) => {
        if (userId === 'u_two_up') pushes.push(payload);
      });
      await runner.start();
      for (let i = 0; i < 40 && pushes.length === 0; i++) {
        t.clock.advance(feed.intervalMs);
        feed.tick();
        await runner.idle();
      }
      await runner.stop();
      expect(pushes).toHaveLength(1);
      // The page's row key: the selection and the bookmaker (one row each, laid at the best exchange).
      expect(pushes[0]?.url).toMatch(/^\/2up-matcher\?bm=alder-bet&match=[^|&]+%7Calder-bet$/);
      // Every match found is a back with a 2UP concession at the alert's bookmaker.
      const found = await t.database.db.select().from(oddsAlertMatches).where(eq(oddsAlertMatches.alertId, id));
      const twoUp = new Set(
        feed
          .snapshot()
          .market.backPrices.filter((p) => p.earlyPayout !== undefined)
          .map((p) => `${p.selectionId}|${p.bookmaker}`),
      );
      expect(found.length).toBeGreaterThan(0);
      for (const f of found) expect(twoUp.has(f.matchKey.split('|').slice(0, 2).join('|'))).toBe(true);
      const listed = (await t.gql<{ myOddsAlertMatches: (Match & { tool: string })[] }>(MATCHES, {}, { token })).data?.myOddsAlertMatches;
      expect(listed?.map((m) => m.tool)).toEqual(found.map(() => 'twoUpMatcher'));
    });
  });
  describe('at the member’s own exchanges', () => {
    const SET = `mutation($exchange: String!, $enabled: Boolean!) { setExchangeEnabled(exchange: $exchange, enabled: $enabled) { exchange enabled } }`;
    const setExchanges = async (token: string, settings: Record<string, boolean>) => {
      for (const [exchange, enabled] of Object.entries(settings)) await t.gql(SET, { exchange, enabled }, { token });
    };
    const exchangesFound = async (alertId: string, since = 0) =>
      new Set(
        (await t.database.db.select().from(oddsAlertMatches).where(eq(oddsAlertMatches.alertId, alertId)))
          .filter((m) => m.foundAt.getTime() > since)
          .map((m) => m.matchKey.split('|')[2]),
      );

    it('matches only rows laid at an exchange the member switched on, as their settings are now', async () => {
      const none = await memberWithPlan(t, 'u_exchanges_none', 'platinum');
      const betconnect = await memberWithPlan(t, 'u_exchanges_betconnect', 'platinum');
      const defaults = await memberWithPlan(t, 'u_exchanges_default', 'platinum');
      const allOff = { smarkets: false, matchbook: false, betdaq: false, betfair: false, betconnect: false };
      await setExchanges(none, allOff);
      await setExchanges(betconnect, { ...allOff, betconnect: true });
      const idOf = async (token: string) => (await save(token, { name: 'Exchanges', minRating: 90 }))?.alert?.id as string;
      const [noneId, betconnectId, defaultId] = [await idOf(none), await idOf(betconnect), await idOf(defaults)];
      const runner = createAlertRunner(t.app.deps, async () => {});
      await runner.start();
      const ticks = async (n: number) => {
        for (let i = 0; i < n; i++) {
          t.clock.advance(feed.intervalMs);
          feed.tick();
          await runner.idle();
        }
      };
      await ticks(10);
      expect(await exchangesFound(noneId)).toEqual(new Set());
      expect(await exchangesFound(betconnectId)).toEqual(new Set(['betconnect']));
      const byDefault = await exchangesFound(defaultId);
      expect(byDefault.size).toBeGreaterThan(1);
      expect(byDefault.has('betconnect')).toBe(false);

      // Switched on through the API: every runner hears it, and the member's alert matches there from the next patch.
      await setExchanges(none, { smarkets: true });
      await ticks(10);
      expect(await exchangesFound(noneId)).toEqual(new Set(['smarkets']));

      // Switched off with nothing told (a message lost): the next matches are checked against the settings as they are.
      const since = t.clock();
      await t.database.db.insert(exchangeSettings).values({ userId: 'u_exchanges_default', exchange: 'smarkets', enabled: false });
      await ticks(10);
      const after = await exchangesFound(defaultId, since);
      expect(after.size).toBeGreaterThan(0);
      expect(after.has('smarkets')).toBe(false);
      await runner.stop();
    });
  });

  describe('on the each-way catcher (a threshold in money)', () => {
    const MONEY_MATCHES = `{ myOddsAlertMatches { alertId tool bookmaker profit stake rating placeLayOdds notifiedAt href } }`;
    interface MoneyMatch {
      alertId: string;
      tool: string;
      bookmaker: string;
      profit: number | null;
      stake: number | null;
      rating: number | null;
      placeLayOdds: number | null;
      notifiedAt: string | null;
      href: string;
    }
    const saveEachWay = (token: string, input: Record<string, unknown>) =>
      save(token, { tool: 'eachWayCatcher', name: 'Each way', ...input });

    it('saves a profit on a stake, refusing a missing amount by its field and a rating', async () => {
      const token = await memberWithPlan(t, 'u_each_way_save', 'platinum');
      const r = await saveEachWay(token, { minProfit: -50, stake: 1000, bookmaker: 'alder-bet' });
      expect(r).toMatchObject({ ok: true, alert: { tool: 'eachWayCatcher', href: '/each-way-catcher?stake=10&bm=alder-bet' } });
      const listed = (await t.gql<{ myOddsAlerts: unknown[] }>('{ myOddsAlerts { minRating minProfit stake } }', {}, { token })).data;
      expect(listed?.myOddsAlerts).toEqual([{ minRating: null, minProfit: -50, stake: 1000 }]);
      expect((await saveEachWay(token, { stake: 1000 }))?.error?.field).toBe('input.minProfit');
      expect((await saveEachWay(token, { minProfit: 0 }))?.error?.field).toBe('input.stake');
      expect((await saveEachWay(token, { minProfit: 0, stake: 0 }))?.error?.field).toBe('input.stake');
      expect(await saveEachWay(token, { minRating: 95, minProfit: 0, stake: 1000 })).toMatchObject({
        ok: false,
        error: { code: 'BAD_INPUT' },
      });
      // A rating tool refuses a money threshold.
      expect(await save(token, { minRating: 95, minProfit: 0 })).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });
    });

    it('pushes each match at or above the profit once, with its figure, at most once per cool-down; none below it', async () => {
      const token = await memberWithPlan(t, 'u_each_way', 'platinum');
      // A £5 loss on £10 a part or better: most each-way lays of the feed; £1,000 profit: none.
      const id = (await saveEachWay(token, { minProfit: -500, stake: 1000 }))?.alert?.id as string;
      const highId = (await saveEachWay(token, { name: 'Never', minProfit: 100_000, stake: 1000 }))?.alert?.id as string;
      const pushes: AlertPush[] = [];
      const runner = createAlertRunner(t.app.deps, async (userId, payload) => {
        if (userId === 'u_each_way') pushes.push(payload);
      });
      await runner.start();
      const tick = async () => {
        t.clock.advance(feed.intervalMs);
        feed.tick();
        await runner.idle();
      };
      for (let i = 0; i < 40 && pushes.length === 0; i++) await tick();
      expect(pushes).toHaveLength(1);
      expect(pushes[0]?.tag).toBe(`odds-alert-${id}`);
      expect(pushes[0]?.body).toMatch(/worst outcome −?£\d+\.\d\d on £10\.00 a part/);
      expect(pushes[0]?.url).toMatch(/^\/each-way-catcher\?stake=10&match=/);
      // Within the cool-down: matches are recorded, nothing more is pushed.
      for (let i = 0; i < 4; i++) await tick();
      expect(pushes).toHaveLength(1);
      const listed = (await t.gql<{ myOddsAlertMatches: MoneyMatch[] }>(MONEY_MATCHES, {}, { token })).data?.myOddsAlertMatches ?? [];
      expect(listed.length).toBeGreaterThan(0);
      const keys = new Set<string>();
      for (const m of listed) {
        expect(m).toMatchObject({ alertId: id, tool: 'eachWayCatcher', stake: 1000, rating: null });
        expect(m.profit).toBeGreaterThanOrEqual(-500);
        expect(m.placeLayOdds).toBeGreaterThan(1);
        keys.add(m.href);
      }
      // Each match once.
      expect(keys.size).toBe(listed.length);
      const held = listed.filter((m) => m.notifiedAt === null).length;
      t.clock.advance(COOL_DOWN_MS);
      await tick();
      if (held > 0) expect(pushes).toHaveLength(2);
      await runner.stop();
      const never = await t.database.db.select().from(oddsAlertMatches).where(eq(oddsAlertMatches.alertId, highId));
      expect(never).toEqual([]);
      // The sdk's finder on the feed now at that stake: no row reaches £1,000.
      const best = findEachWayCatches({ market: feed.snapshot().market, stake: 1000, limit: 1 }).rows[0];
      expect(best?.guaranteedProfit ?? -Infinity).toBeLessThan(100_000);
    });
  });
  describe('at the member’s own commissions', () => {
    it('tells, on one patch, only the member whose own commission rates the match at the threshold', async () => {
      const low = await memberWithPlan(t, 'u_commission_feed', 'platinum');
      const high = await memberWithPlan(t, 'u_commission_high', 'platinum');
      const exchanges = [...new Set(feed.snapshot().market.exchangePrices.map((p) => p.exchange))];
      const commissions = exchanges.map((exchange) => ({ exchange, commission: 0.9 }));
      const lowId = (await save(low, { name: 'Feed commission', minRating: 95 }))?.alert?.id as string;
      const highSaved = await save(high, { name: 'Own commission', minRating: 95, commissions });
      expect(highSaved?.ok).toBe(true);
      const listed = (
        await t.gql<{ myOddsAlerts: { commissions: unknown }[] }>(
          '{ myOddsAlerts { commissions { exchange commission } } }',
          {},
          { token: high },
        )
      ).data?.myOddsAlerts;
      // As saved (in the stored rule's order of exchanges).
      expect(listed?.[0]?.commissions).toEqual(expect.arrayContaining(commissions));
      expect(listed?.[0]?.commissions).toHaveLength(commissions.length);
      const highId = highSaved?.alert?.id as string;
      const pushes: { userId: string; payload: AlertPush }[] = [];
      const runner = createAlertRunner(t.app.deps, async (userId, payload) => {
        if (userId === 'u_commission_feed' || userId === 'u_commission_high') pushes.push({ userId, payload });
      });
      await runner.start();
      for (let i = 0; i < 40 && pushes.length === 0; i++) {
        t.clock.advance(feed.intervalMs);
        feed.tick();
        await runner.idle();
      }
      await runner.stop();
      expect(pushes.map((p) => p.userId)).toEqual(['u_commission_feed']);
      const matchesOf = (id: string) => t.database.db.select().from(oddsAlertMatches).where(eq(oddsAlertMatches.alertId, id));
      expect((await matchesOf(lowId)).length).toBeGreaterThan(0);
      expect(await matchesOf(highId)).toEqual([]);
      // The sdk's oddsmatcher at the member's commissions rates no row of the feed at 95%.
      const own = createOddsmatcher({ limit: 100, commissions: Object.fromEntries(commissions.map((c) => [c.exchange, c.commission])) });
      own.setOptions({ filters: { minRating: 95 } });
      own.load(feed.snapshot().market);
      expect(own.getSnapshot()).toEqual([]);
    });

    it('refuses a commission of 1 or more, naming the exchange, and one exchange twice', async () => {
      const token = await memberWithPlan(t, 'u_commission_bad', 'platinum');
      expect(await save(token, { minRating: 95, commissions: [{ exchange: 'smarkets', commission: 1 }] })).toMatchObject({
        ok: false,
        error: { code: 'BAD_INPUT', field: 'input.commissions.smarkets' },
      });
      const twice = [
        { exchange: 'smarkets', commission: 0 },
        { exchange: 'smarkets', commission: 0.02 },
      ];
      expect(await save(token, { minRating: 95, commissions: twice })).toMatchObject({
        ok: false,
        error: { code: 'BAD_INPUT', field: 'input.commissions.1.exchange' },
      });
    });
  });
});
