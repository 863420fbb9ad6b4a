// @vitest-environment node
// The oddsmatcher's address, presets and row store: unit tests on fake feeds.
import { describe, expect, it } from 'vitest';
import { applyPatch, createLiveFeed, diffMarkets, type FeedSnapshot, type LiveFeedSource, type PatchSink } from '@matchkit/sdk/feed';
import { createOddsmatcher, type MarketSnapshot } from '@matchkit/sdk/matching';
import { minFigureLabel, readFilters, startsWithin, withParam } from './filters';
import { deletePreset, loadCommissions, loadPresets, percentToFraction, presetNameError, saveCommissions, savePreset } from './presets';
import { createOddsmatcherStore, rowKey } from './store';

describe('the lowest-figure filter names the figure it applies to', () => {
  it('is the lowest rating when sorting by rating, the lowest SNR retention when sorting by retention', () => {
    expect(minFigureLabel(readFilters(new URLSearchParams('')).options.rankBy)).toBe('Lowest rating (%)');
    expect(minFigureLabel(readFilters(new URLSearchParams('sort=rating')).options.rankBy)).toBe('Lowest rating (%)');
    expect(minFigureLabel(readFilters(new URLSearchParams('sort=snr')).options.rankBy)).toBe('Lowest SNR retention (%)');
  });
});

describe('readFilters', () => {
  it('reads the sort, stake, rows and every filter from the address', () => {
    const r = readFilters(
      new URLSearchParams(
        'sort=snr&stake=12.50&rows=5000&min=1.5&max=8&rating=95&liq=50&sport=football&market=match-odds&bm=bet-co&hours=6&arbs=hide',
      ),
    );
    expect(r.errors.size).toBe(0);
    expect(r.options).toEqual({
      rankBy: 'snrRetention',
      limit: 5000,
      stake: 1250,
      filters: {
        minOdds: 1.5,
        maxOdds: 8,
        minRating: 95,
        minLiquidity: 5000,
        sports: ['football'],
        marketTypes: ['match-odds'],
        bookmakers: ['bet-co'],
      },
    });
    expect(r.hideArbs).toBe(true);
    expect(r.withinHours).toBe(6);
    expect(startsWithin({}, 6, Date.UTC(2026, 0, 1))).toEqual({ startsTo: '2026-01-01T06:00:00.000Z' });
  });

  it('defaults: rating, £10, 500 rows, no filter', () => {
    const r = readFilters(new URLSearchParams(''));
    expect(r.options).toEqual({ rankBy: 'rating', limit: 500, stake: 1000, filters: {} });
    expect(r.hideArbs).toBe(false);
  });

  it('ranks price boosts only when the member asks (boosts=show)', () => {
    expect(readFilters(new URLSearchParams('boosts=show')).options.filters).toEqual({ includeBoosts: true });
    expect(readFilters(new URLSearchParams('boosts=')).options.filters).toEqual({});
  });

  it('explains a value it cannot use next to its field and leaves it out', () => {
    const r = readFilters(new URLSearchParams('stake=ten&min=abc&max=1.2&rating=500&liq=-3&hours=0&rows=7'));
    expect([...r.errors.keys()].sort()).toEqual(['hours', 'minLiquidity', 'minOdds', 'minRating', 'stake']);
    expect(r.options.filters).toEqual({ maxOdds: 1.2 });
    expect(r.options.limit).toBe(500);
    expect(readFilters(new URLSearchParams('min=3&max=2')).errors.get('maxOdds')).toBe('The highest odds must not be below the lowest.');
  });

  it('the address with one parameter changed', () => {
    expect(withParam(new URLSearchParams('a=1&b=2'), 'b', '').toString()).toBe('a=1');
    expect(withParam(new URLSearchParams('a=1'), 'stake', '10', '10').toString()).toBe('a=1');
    expect(withParam(new URLSearchParams('a=1'), 'min', '2').toString()).toBe('a=1&min=2');
  });
});

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe('presets and commissions', () => {
  it('saves, replaces, lists by name and deletes presets per member', () => {
    const s = memoryStorage();
    savePreset(s, 'm1', { name: 'Football', search: 'sport=football' });
    savePreset(s, 'm1', { name: ' Accas ', search: 'min=2' });
    expect(savePreset(s, 'm1', { name: 'Football', search: 'sport=football&min=1.5' })).toEqual([
      { name: 'Accas', search: 'min=2' },
      { name: 'Football', search: 'sport=football&min=1.5' },
    ]);
    expect(loadPresets(s, 'm2')).toEqual([]);
    expect(deletePreset(s, 'm1', 'Accas')).toEqual([{ name: 'Football', search: 'sport=football&min=1.5' }]);
    s.data.set('matchkit.oddsmatcher.presets.m3', '{not json');
    expect(loadPresets(s, 'm3')).toEqual([]);
    expect(loadPresets(null, 'm1')).toEqual([]);
    expect(presetNameError('  ')).toBe('Give the preset a name.');
    expect(presetNameError('x'.repeat(41))).toBe('Use at most 40 characters.');
  });

  it('keeps commissions as fractions, reading percentages as typed', () => {
    const s = memoryStorage();
    saveCommissions(s, 'm1', { smarkets: 0.02, betfair: 0.05 });
    expect(loadCommissions(s, 'm1')).toEqual({ smarkets: 0.02, betfair: 0.05 });
    expect(percentToFraction('2')).toBe(0.02);
    expect(percentToFraction('2.5')).toBe(0.025);
    expect(percentToFraction('100')).toBeNull();
    expect(percentToFraction('two')).toBeNull();
  });
});

const market = (home: number, lay: number, liquidity = 100_000): MarketSnapshot => ({
  events: [{ id: 'e1', sport: 'football', name: 'A v B', startsAt: '2030-06-01T15:00:00.000Z' }],
  markets: [
    {
      id: 'e1/mo',
      eventId: 'e1',
      type: 'match-odds',
      name: 'Match Odds',
      runners: [
        { id: 'e1/mo/home', name: 'A' },
        { id: 'e1/mo/away', name: 'B' },
      ],
    },
  ],
  // In the feed's canonical order (ascending by price key), as every snapshot is.
  backPrices: [
    { bookmaker: 'bet-co', selectionId: 'e1/mo/away', odds: 3 },
    { bookmaker: 'bet-co', selectionId: 'e1/mo/home', odds: home },
  ],
  exchangePrices: [
    { exchange: 'smarkets', selectionId: 'e1/mo/away', back: null, lay: { odds: 3.1, liquidity: 100_000 }, commission: 0.02 },
    { exchange: 'smarkets', selectionId: 'e1/mo/home', back: null, lay: { odds: lay, liquidity }, commission: 0.02 },
  ],
  betBuilders: [],
});

function fakeFeed(first: MarketSnapshot) {
  let state: FeedSnapshot = { seq: 5, at: 1_000_000, simulated: true, market: first };
  const sinks = new Set<PatchSink>();
  const frames: (() => void)[] = [];
  const source: LiveFeedSource = {
    snapshot: async () => state,
    patches(sink) {
      sinks.add(sink);
      return () => sinks.delete(sink);
    },
  };
  const feed = createLiveFeed({
    source,
    scheduleFrame: (cb) => {
      frames.push(cb);
      return () => undefined;
    },
    now: () => 42,
  });
  return {
    feed,
    get state() {
      return state;
    },
    tick(next: MarketSnapshot) {
      const patch = diffMarkets(state.market, next, state.seq + 1, state.at + 1000);
      state = applyPatch(state, patch);
      for (const s of sinks) s.next(patch);
    },
    async frame() {
      await new Promise((r) => setTimeout(r, 0));
      while (frames.length > 0) frames.shift()?.();
      // A whole snapshot is validated in steps (a zero-delay timer between them): let them run.
      for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
    },
  };
}

/** A store on a fake feed whose every pause waits at a gate (`open` lets them all through), started. */
async function gatedStore() {
  const gates: (() => void)[] = [];
  const pause = () => new Promise<void>((resolve) => gates.push(resolve));
  const open = async () => {
    while (gates.length > 0) {
      gates.shift()?.();
      await new Promise((r) => setTimeout(r, 0));
    }
  };
  const f = fakeFeed(market(2, 2.1));
  const store = createOddsmatcherStore(f.feed, { limit: 10 }, false, undefined, { chunkSize: 1, pause });
  store.connect();
  f.feed.start();
  await f.frame();
  return { f, store, gates, open };
}

describe('the row store', () => {
  it('ranks the feed with the sdk engine, follows patches, and keeps a row object while its prices do', async () => {
    const f = fakeFeed(market(2, 2.1));
    const store = createOddsmatcherStore(f.feed, { limit: 10 }, false);
    store.connect();
    f.feed.start();
    await f.frame();
    const first = store.getSnapshot();
    expect(first.loaded).toBe(true);
    expect(first.simulated).toBe(true);
    const reference = createOddsmatcher({ limit: 10 });
    reference.load(f.state.market);
    expect(first.rows.map((r) => r.row)).toEqual(reference.getSnapshot());
    expect(first.rows.map((r) => r.row.rating)).toEqual([...first.rows.map((r) => r.row.rating)].sort((a, b) => b - a));
    expect(first.choices).toMatchObject({
      sports: ['football'],
      marketTypes: ['match-odds'],
      bookmakers: ['bet-co'],
      commissions: { smarkets: 0.02 },
    });
    const away = first.rows.find((r) => r.row.selectionId === 'e1/mo/away');

    f.tick(market(2.2, 2.24));
    await f.frame();
    const second = store.getSnapshot();
    const home = second.rows.find((r) => r.row.selectionId === 'e1/mo/home');
    expect(home?.trend).toBe(1);
    expect(home?.changedAt).toBe(1_001_000);
    expect(second.rows.find((r) => r.row.selectionId === 'e1/mo/away')).toBe(away); // untouched: the same object
    reference.load(f.state.market);
    expect(second.rows.map((r) => r.row)).toEqual(reference.getSnapshot());
  });

  it('dates a row by its older price when real providers date them (the first test: by the feed time when none does)', async () => {
    // Issue 24: the bookmaker's price from odds-api changed 40 s before the feed's time, the
    // exchange's from betfair 2 s before: the row is as old as its older price.
    const dated = (m: MarketSnapshot, back: number, lay: number): MarketSnapshot => ({
      ...m,
      backPrices: m.backPrices.map((p) => ({ ...p, source: 'odds-api', updatedAt: new Date(back).toISOString() })),
      exchangePrices: m.exchangePrices.map((p) => ({ ...p, source: 'betfair', updatedAt: new Date(lay).toISOString() })),
    });
    const f = fakeFeed(dated(market(2, 2.1), 1_000_000 - 40_000, 1_000_000 - 2_000));
    const store = createOddsmatcherStore(f.feed, { limit: 10 }, false);
    store.connect();
    f.feed.start();
    await f.frame();
    const home = () => store.getSnapshot().rows.find((r) => r.row.selectionId === 'e1/mo/home');
    expect(home()?.changedAt).toBe(960_000);
    // The lay moves (its provider dates it at the patch's time); the back, unchanged, is still the older.
    const moved = dated(market(2, 2.12), 960_000, 1_001_000);
    f.tick({ ...moved, backPrices: f.state.market.backPrices });
    await f.frame();
    expect(home()?.changedAt).toBe(960_000);
    // Now the back moves too, dated after the lay: the lay is the older.
    f.tick(dated(market(2.05, 2.12), 1_001_500, 1_001_000));
    await f.frame();
    expect(home()?.changedAt).toBe(1_001_000);
  });

  it("keeps the match an alert's link opens at, below the rows asked for, while the filters pass it", async () => {
    // Two rows and a limit of one: the server's alert found the lower-rated row, which the top row alone leaves out.
    const f = fakeFeed(market(2, 2.1));
    const store = createOddsmatcherStore(f.feed, { limit: 1 }, false);
    store.connect();
    f.feed.start();
    await f.frame();
    const reference = createOddsmatcher({ limit: 10 });
    reference.load(f.state.market);
    const [top, below] = reference.getSnapshot();
    if (top === undefined || below === undefined) throw new Error('the market has two rows');
    expect(store.getSnapshot().rows.map((r) => r.key)).toEqual([rowKey(top)]);

    store.showMatch(rowKey(below));
    expect(store.getSnapshot().rows.map((r) => r.key)).toEqual([rowKey(top), rowKey(below)]);
    // It follows the feed (a patch moves its prices) and still only it is kept past the limit.
    f.tick(market(2.02, 2.1));
    await f.frame();
    expect(store.getSnapshot().rows.map((r) => r.key)).toEqual([rowKey(top), rowKey(below)]);
    // New options keep it; a filter that rules it out takes it away (the page then says it is gone).
    store.setOptions({ limit: 1, stake: 2000 }, false);
    expect(store.getSnapshot().rows.map((r) => r.key)).toEqual([rowKey(top), rowKey(below)]);
    const moved = store.getSnapshot().rows[1]?.row.rating ?? 0;
    expect(moved).toBeLessThan(top.rating);
    store.setOptions({ limit: 1, filters: { minRating: (moved + top.rating) / 2 } }, false);
    expect(store.getSnapshot().rows.map((r) => r.key)).toEqual([rowKey(top)]);
    // Without a match to follow, the rows asked for only.
    store.setOptions({ limit: 1 }, false);
    store.showMatch(undefined);
    expect(store.getSnapshot().rows.map((r) => r.key)).toEqual([rowKey(top)]);
  });

  it('marks a lay the exchange cannot take, hides arbitrage rows on request', async () => {
    const f = fakeFeed(market(2.3, 2.2, 500));
    const store = createOddsmatcherStore(f.feed, { limit: 10 }, true);
    store.connect();
    f.feed.start();
    await f.frame();
    const view = store.getSnapshot();
    expect(view.hiddenArbs).toBe(1);
    expect(view.rows.every((r) => r.row.rating <= 100)).toBe(true);
    store.setOptions({ limit: 10 }, false);
    const home = store.getSnapshot().rows.find((r) => r.row.selectionId === 'e1/mo/home');
    expect(home?.row.rating).toBeGreaterThan(100);
    expect(home?.short).toBe(true);
  });

  it('warns of short liquidity for the lay stake the ranking shows, and quotes that stake', async () => {
    // £10 at 2 / 2.1 (2% commission): a qualifying lay of about £9.62, an SNR free bet lay of about £4.81.
    const f = fakeFeed(market(2, 2.1, 700));
    const store = createOddsmatcherStore(f.feed, { limit: 10, stake: 1000 }, false);
    store.connect();
    f.feed.start();
    await f.frame();
    const home = () => store.getSnapshot().rows.find((r) => r.row.selectionId === 'e1/mo/home');
    const byRating = home();
    expect(byRating?.layStake).toBe(byRating?.row.layStake);
    expect(byRating?.short).toBe(true);

    store.setOptions({ limit: 10, stake: 1000, rankBy: 'snrRetention' }, false);
    const bySnr = home();
    expect(bySnr?.layStake).toBe(bySnr?.row.freeBetLayStake);
    expect(bySnr?.layStake).toBeLessThan(700);
    expect(bySnr?.short).toBe(false); // £4.81 fits in £7: no false warning
    expect(bySnr?.version).not.toBe(byRating?.version); // the row renders again for the new ranking

    store.setOptions({ limit: 10, stake: 1000 }, false);
    expect(home()?.short).toBe(true);
  });

  it('re-anchors "starting within" once a minute, so the window does not shrink; rows that stay keep their objects', async () => {
    const t0 = Date.parse('2030-06-01T12:00:00.000Z');
    let now = t0;
    const timers: { ms: number; run: () => void }[] = [];
    const clock = {
      now: () => now,
      every(ms: number, run: () => void) {
        const t = { ms, run };
        timers.push(t);
        return () => void timers.splice(timers.indexOf(t), 1);
      },
    };
    // A v B starts in 30 min, C v D in 90 min.
    const two = market(2, 2.1);
    const later: MarketSnapshot = {
      events: [
        ...two.events.map((e) => ({ ...e, startsAt: '2030-06-01T12:30:00.000Z' })),
        { id: 'e2', sport: 'football', name: 'C v D', startsAt: '2030-06-01T13:30:00.000Z' },
      ],
      markets: [
        ...two.markets,
        { id: 'e2/mo', eventId: 'e2', type: 'match-odds', name: 'Match Odds', runners: [{ id: 'e2/mo/home', name: 'C' }] },
      ],
      backPrices: [...two.backPrices, { bookmaker: 'bet-co', selectionId: 'e2/mo/home', odds: 1.5 }],
      exchangePrices: [
        ...two.exchangePrices,
        { exchange: 'smarkets', selectionId: 'e2/mo/home', back: null, lay: { odds: 1.6, liquidity: 100_000 }, commission: 0.02 },
      ],
      betBuilders: [],
    };
    const f = fakeFeed(later);
    const store = createOddsmatcherStore(f.feed, { limit: 10 }, false, clock);
    const disconnect = store.connect();
    store.setOptions({ limit: 10 }, false, 1);
    f.feed.start();
    await f.frame();
    const events = () => new Set(store.getSnapshot().rows.map((r) => r.row.eventId));
    expect(events()).toEqual(new Set(['e1']));
    expect(timers.map((t) => t.ms)).toEqual([60_000]);
    const kept = store.getSnapshot().rows;

    // A minute later nothing enters: the view (and every row object) stays.
    now = t0 + 60_000;
    timers[0]?.run();
    expect(store.getSnapshot().rows).toBe(kept);

    // 31 minutes on, C v D starts within the hour and enters; A v B's rows keep their objects.
    now = t0 + 31 * 60_000;
    timers[0]?.run();
    expect(events()).toEqual(new Set(['e1', 'e2']));
    for (const r of kept) expect(store.getSnapshot().rows).toContain(r);

    disconnect();
    expect(timers).toEqual([]);
  });

  it('validates a whole snapshot in steps (the page keeps running), then applies the patches that came meanwhile; an invalid one shows its error', async () => {
    const { f, store, gates, open } = await gatedStore();
    expect(gates.length).toBe(1); // waiting at a pause, nothing ranked yet
    expect(store.getSnapshot().loaded).toBe(false);

    f.tick(market(2.2, 2.24)); // a patch while the snapshot is checked
    await f.frame();
    await open();
    const view = store.getSnapshot();
    expect(view.loaded).toBe(true);
    const reference = createOddsmatcher({ limit: 10 });
    reference.load(f.state.market);
    expect(view.rows.map((r) => r.row)).toEqual(reference.getSnapshot());
    expect(view.error).toBeNull();

    // A resync to a snapshot with a bad price: its error shows, the rows ranked before stay.
    f.tick(market(2.3, 2.2));
    const backs = f.state.market.backPrices as unknown as { odds: number }[];
    backs[0] = { ...backs[0], odds: -1 };
    f.feed.resync();
    await f.frame();
    await open();
    expect(store.getSnapshot().error).toBeInstanceOf(Error);
    expect(store.getSnapshot().rows.length).toBe(view.rows.length);
  });

  it('applies a patch in a task after the feed frame, a large one in slices, and never shows half a patch', async () => {
    // chunkSize 1: slices of 2 prices.
    const { f, store, gates, open } = await gatedStore();
    await open();
    const before = store.getSnapshot();
    // Every price moves: 2 back and 2 lay prices, 2 slices.
    const next = market(2.2, 2.3);
    f.tick({
      ...next,
      backPrices: next.backPrices.map((b) => ({ ...b, odds: b.odds + 0.1 })),
      exchangePrices: next.exchangePrices.map((x) => (x.lay === null ? x : { ...x, lay: { ...x.lay, odds: x.lay.odds + 0.2 } })),
    });
    await f.frame();
    expect(store.getSnapshot()).toBe(before); // the feed's frame only took the patch
    let opened = 0;
    const shown = () => store.getSnapshot().rows.map((r) => r.row);
    while (gates.length > 0) {
      // Half a patch is never shown, even when the member re-ranks between two slices.
      store.setOptions({ limit: 10 }, false);
      expect(shown()).toEqual(before.rows.map((r) => r.row));
      gates.shift()?.();
      opened++;
      await new Promise((r) => setTimeout(r, 0));
    }
    expect(opened).toBe(2);
    const after = store.getSnapshot();
    const reference = createOddsmatcher({ limit: 10 });
    reference.load(f.state.market);
    expect(after.rows.map((r) => r.row)).toEqual(reference.getSnapshot());
  });

  it('a resync between two slices of a patch ranks the rest of it first: a re-rank meanwhile shows no half patch', async () => {
    const { f, store, gates, open } = await gatedStore();
    await open();
    const before = store.getSnapshot().rows.map((r) => r.row);
    const next = market(2.2, 2.3);
    f.tick({ ...next, backPrices: next.backPrices.map((b) => ({ ...b, odds: b.odds + 0.1 })) });
    await f.frame();
    gates.shift()?.(); // the first slice goes in
    await new Promise((r) => setTimeout(r, 0));
    expect(gates.length).toBe(1); // waiting before the second
    const whole = createOddsmatcher({ limit: 10 });
    whole.load(f.state.market);
    // The feed resyncs: a snapshot loads in steps; the member re-ranks while it does.
    f.feed.resync();
    await f.frame();
    store.setOptions({ limit: 10 }, false);
    const during = store.getSnapshot().rows.map((r) => r.row);
    expect([before, whole.getSnapshot()]).toContainEqual(during);
    await open();
    expect(store.getSnapshot().rows.map((r) => r.row)).toEqual(whole.getSnapshot());
  });

  it('a snapshot that fails to load keeps the seq: the next patch loads the newest snapshot, not applied on top', async () => {
    const { f, store, open } = await gatedStore();
    await open();
    // A resync to a snapshot with a bad price fails; the rows ranked before stay.
    f.tick(market(2.3, 2.2));
    const backs = f.state.market.backPrices as unknown as { odds: number }[];
    const good = backs[0] as { odds: number };
    backs[0] = { ...good, odds: -1 };
    f.feed.resync();
    await f.frame();
    await open();
    expect(store.getSnapshot().error).toBeInstanceOf(Error);
    // The bad price is mended in the feed, then a patch moves the away price.
    backs[0] = good;
    f.tick(market(2.3, 2.5));
    await f.frame();
    await open();
    const whole = createOddsmatcher({ limit: 10 });
    whole.load(f.state.market);
    expect(store.getSnapshot().rows.map((r) => r.row)).toEqual(whole.getSnapshot());
    expect(store.getSnapshot().error).toBeNull();
  });

  it('a resync in steps: the choices change with the rows, never before them; unchanged prices keep their times', async () => {
    const gates: (() => void)[] = [];
    const pause = () => new Promise<void>((resolve) => gates.push(resolve));
    const f = fakeFeed(market(2, 2.1));
    const store = createOddsmatcherStore(f.feed, { limit: 10 }, false, undefined, { chunkSize: 1, pause });
    store.connect();
    f.feed.start();
    await f.frame();
    while (gates.length > 0) {
      gates.shift()?.();
      await new Promise((r) => setTimeout(r, 0));
    }
    const before = store.getSnapshot();
    expect(before.choices.bookmakers).toEqual(['bet-co']);
    const awayAt = before.rows.find((r) => r.row.selectionId === 'e1/mo/away')?.changedAt;
    expect(awayAt).toBe(1_000_000);

    // The home price moves and a second bookmaker prices home; the page resyncs to that snapshot.
    const next = market(2.2, 2.1);
    f.tick({ ...next, backPrices: [...next.backPrices, { bookmaker: 'odds-r-us', selectionId: 'e1/mo/home', odds: 2.5 }] });
    f.feed.resync();
    await f.frame();
    let steps = 0;
    while (gates.length > 0) {
      const view = store.getSnapshot();
      const newRows = view.rows.some((r) => r.row.bookmaker === 'odds-r-us');
      // Never the new choices with the old rows, or the other way round.
      expect(view.choices.bookmakers.includes('odds-r-us')).toBe(newRows);
      gates.shift()?.();
      steps++;
      await new Promise((r) => setTimeout(r, 0));
    }
    expect(steps).toBeGreaterThan(6); // validated, noted and ranked a record a step
    const after = store.getSnapshot();
    expect(after.choices.bookmakers).toEqual(['bet-co', 'odds-r-us']);
    expect(after.rows.find((r) => r.row.selectionId === 'e1/mo/away')?.changedAt).toBe(awayAt);
    expect(after.rows.find((r) => r.row.selectionId === 'e1/mo/home' && r.row.bookmaker === 'bet-co')?.changedAt).toBe(1_001_000);
  });
});
