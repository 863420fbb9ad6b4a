// The oddsmatcher's rows, kept outside React: the sdk's live feed (snapshot, patches once per
// frame, resync on a gap) drives the sdk's incremental oddsmatcher (only the pairs of the prices a
// patch moved are re-scored), and this store adds what a row shows beside the engine's figures:
// when its prices last changed, which way its rating moved, and whether the exchange can take the
// lay. A row keeps its object while its prices do, so a memoised row component re-renders only
// when its own prices change. The page reads the store with useSyncExternalStore.
import {
  applyPatchToOddsmatcher,
  backPriceKey,
  exchangePriceKey,
  type FeedPatch,
  type FeedSnapshot,
  type LiveFeedState,
} from '@matchkit/sdk/feed';
import {
  createOddsmatcher,
  indexMarketSnapshotInSteps,
  type BackPrice,
  type ExchangePrice,
  type MarketIndex,
  type OddsmatcherOptions,
  type OddsmatchRow,
  type StepOptions,
} from '@matchkit/sdk/matching';
import { calculatorPath } from '../../app/paths';
import { startsWithin } from './filters';

/** One row of the table. */
export interface LiveRow {
  readonly row: OddsmatchRow;
  /** Selection, bookmaker and exchange: the same pair keeps the same key. */
  readonly key: string;
  /** Changes exactly when the row's prices (or its figures for the stake) change. */
  readonly version: string;
  /**
   * How old the row's prices are, epoch ms: when its provider last changed the older of its two
   * prices, when a real provider says (`updatedAt`: a row is only as fresh as its stalest price);
   * else (the simulated feed) the feed time its back or lay price last changed.
   */
  readonly changedAt: number;
  /** Which way the ranked figure moved at the last change: 1 up, -1 down, 0 not since shown. */
  readonly trend: -1 | 0 | 1;
  /**
   * The lay stake the page shows for the current ranking (pence, unrounded): the qualifying bet's
   * `layStake` when ranked by rating, the free bet's `freeBetLayStake` when ranked by SNR retention.
   */
  readonly layStake: number;
  /** True when {@link LiveRow.layStake} (the lay stake shown) is more than the money available at the lay odds. */
  readonly short: boolean;
}

/** What the feed offers to filter on. */
export interface Choices {
  readonly sports: readonly string[];
  readonly marketTypes: readonly string[];
  /** The feed's name for each market type (`over-under-2-5`: `Over/Under 2.5 Goals`), for the market filter's labels. */
  readonly marketNames: Readonly<Record<string, string>>;
  readonly bookmakers: readonly string[];
  /** The feed's commission per exchange (a fraction). */
  readonly commissions: Readonly<Record<string, number>>;
}

export interface OddsmatcherView {
  readonly rows: readonly LiveRow[];
  /** Arbitrage rows (rating over 100%) left out by the toggle. */
  readonly hiddenArbs: number;
  /** Feed time of the data shown, and the client clock when it was applied. */
  readonly at: number | null;
  readonly receivedAt: number | null;
  readonly simulated: boolean;
  readonly choices: Choices;
  /** The feed's records could not be ranked (an invalid record): shown until the next snapshot. */
  readonly error: unknown;
  /** True once a snapshot has been ranked. */
  readonly loaded: boolean;
}

type Feed = { subscribe(listener: () => void): () => void; getSnapshot(): LiveFeedState };

export interface OddsmatcherStore {
  subscribe(listener: () => void): () => void;
  getSnapshot(): OddsmatcherView;
  /** Follows the feed until the returned function is called. */
  connect(): () => void;
  /**
   * New engine options (re-ranks everything), the arbitrage toggle, and "starting within" this many
   * hours: the engine's `startsTo`, anchored at the clock now and again once a minute while
   * connected (so the window does not shrink while the page stays open).
   */
  setOptions(options: OddsmatcherOptions, hideArbs: boolean, withinHours?: number): void;
  /**
   * Keeps the row of one match (its {@link rowKey}: an odds alert's `match=`) in the view while it
   * passes the filters, even when it ranks below the row limit: it follows the rows shown (lower
   * rated than all of them). Undefined shows the top rows only.
   */
  showMatch(key: string | undefined): void;
}

/** The store's clock: the time now (epoch ms) and a repeating timer (returns its stop). */
export interface StoreClock {
  now(): number;
  every(ms: number, run: () => void): () => void;
}

const SYSTEM_CLOCK: StoreClock = {
  now: () => Date.now(),
  every(ms, run) {
    const timer = setInterval(run, ms);
    return () => clearInterval(timer);
  },
};

/** How a whole snapshot is validated and ranked: 500 records a step, yielding to the browser between steps. */
const STEPS: Pick<StepOptions, 'chunkSize' | 'pause'> = {
  chunkSize: 500,
  pause: () => {
    const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
    return typeof scheduler?.yield === 'function' ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
  },
};

/**
 * The engine's row limit while the page follows one match found below the rows asked for: the
 * sdk's largest top k, as the server's alert evaluator ranks (its ROW_LIMIT), so a match an alert
 * found below the page's rows is still ranked.
 */
export const MATCH_LIMIT = 10_000;

/** How often "starting within" is re-anchored at the clock. */
export const REANCHOR_MS = 60_000;

const NO_CHOICES: Choices = { sports: [], marketTypes: [], marketNames: {}, bookmakers: [], commissions: {} };

export const rowKey = (r: Pick<OddsmatchRow, 'selectionId' | 'bookmaker' | 'exchange'>) => `${r.selectionId}|${r.bookmaker}|${r.exchange}`;
/** An arbitrage row: its rating is over 100% (backing and laying at these prices wins either way), whatever the page ranks by. */
export const isArbitrage = (r: Pick<OddsmatchRow, 'rating'>): boolean => r.rating > 100;
type RankBy = 'rating' | 'snrRetention';
/** The lay stake shown for a ranking: the qualifying bet's when ranked by rating, the free bet's when ranked by SNR retention. */
export const shownLayStake = (r: Pick<OddsmatchRow, 'layStake' | 'freeBetLayStake'>, rankBy: RankBy): number =>
  rankBy === 'snrRetention' ? r.freeBetLayStake : r.layStake;
// The ranking is part of the version: the lay stake shown (and so the liquidity warning) depends on it.
const versionOf = (r: OddsmatchRow, rankBy: RankBy) =>
  `${rankBy}|${r.backOdds}|${r.layOdds}|${r.layLiquidity}|${r.commission}|${shownLayStake(r, rankBy)}|${r.rating}|${r.snrRetention}`;

/**
 * The calculator's address for a row, filled in (odds, commission, where the bet is) at `stake`
 * pence: an SNR calculation when the table ranks by SNR retention, else a qualifying bet.
 */
export function rowCalculatorPath(r: OddsmatchRow, rankBy: RankBy, stake: number, source: string): string {
  return calculatorPath({
    betType: rankBy === 'snrRetention' ? 'snr' : 'qualifying',
    stake,
    backOdds: r.backOdds,
    layOdds: r.layOdds,
    layCommission: r.commission,
    event: r.eventName,
    market: r.marketName,
    selection: r.selectionName,
    bookmaker: r.bookmaker,
    exchange: r.exchange,
    source,
  });
}

/**
 * A patch as parts of at most `size` upserted prices each, applied in order to the same effect
 * as the whole: the first part brings its events and markets and the removed prices, the last
 * the removed markets, events and bet builders (as `applyPatchToOddsmatcher` orders them).
 */
export function slicesOf(p: FeedPatch, size: number): FeedPatch[] {
  const u = p.upserts;
  const r = p.removes;
  const backs = u.backPrices.length;
  const total = backs + u.exchangePrices.length;
  if (total <= size) return [p];
  const parts: FeedPatch[] = [];
  for (let from = 0; from < total; from += size) {
    const to = Math.min(total, from + size);
    const first = from === 0;
    const last = to === total;
    parts.push({
      seq: p.seq,
      at: p.at,
      upserts: {
        events: first ? u.events : [],
        markets: first ? u.markets : [],
        backPrices: u.backPrices.slice(Math.min(from, backs), Math.min(to, backs)),
        exchangePrices: u.exchangePrices.slice(Math.max(0, from - backs), Math.max(0, to - backs)),
        betBuilders: first ? u.betBuilders : [],
      },
      removes: {
        events: last ? r.events : [],
        markets: last ? r.markets : [],
        backPrices: first ? r.backPrices : [],
        exchangePrices: first ? r.exchangePrices : [],
        betBuilders: last ? r.betBuilders : [],
      },
    });
  }
  return parts;
}

export function createOddsmatcherStore(
  feed: Feed,
  options: OddsmatcherOptions,
  hideArbs: boolean,
  clock: StoreClock = SYSTEM_CLOCK,
  steps: Pick<StepOptions, 'chunkSize' | 'pause'> = STEPS,
): OddsmatcherStore {
  const matcher = createOddsmatcher(options);
  let base = options;
  let within: number | undefined;
  let rankBy: RankBy = options.rankBy ?? 'rating';
  let hide = hideArbs;
  let match: string | undefined;
  // Whether the engine ranks past the rows asked for: only once the match is found below them.
  let widened = false;
  // The rows asked for (kept when new options leave the limit out, as the engine keeps it).
  let limit = matcher.getOptions().limit ?? MATCH_LIMIT;
  const listeners = new Set<() => void>();
  let view: OddsmatcherView = {
    rows: [],
    hiddenArbs: 0,
    at: null,
    receivedAt: null,
    simulated: false,
    choices: NO_CHOICES,
    error: null,
    loaded: false,
  };
  let seen: FeedSnapshot | null = null;
  let seq: number | null = null;
  // Patches taken from the feed, applied to the engine a slice a task (`drain`), and the feed
  // snapshot they lead to; true between two slices of one patch (the rows wait for the rest).
  let pending: { readonly patches: FeedPatch[]; latest: FeedSnapshot } | null = null;
  let midPatch = false;
  // The slices of the patch being applied not yet in the engine, and the seq it leads to: a drain
  // stopped between two slices applies them at once, so the engine never stays at half a patch.
  let rest: { readonly slices: FeedPatch[]; next: number; readonly seq: number } | null = null;
  // The engine holds part of a patch it refused: no rows are made from it until a snapshot loads.
  let torn = false;
  let forceLater = false;
  let error: unknown = null;
  let choices = NO_CHOICES;
  // The live row of each engine row object (the engine keeps a row's object while its content
  // stays), and the last live row of each pair (for the trend when a pair's row changes).
  let byRow = new WeakMap<OddsmatchRow, LiveRow>();
  let previous = new Map<string, LiveRow>();
  let lastTop: readonly OddsmatchRow[] | null = null;

  const notify = () => {
    for (const l of [...listeners]) l();
  };

  type BackTime = { odds: number; at: number; provided: boolean };
  type LayTime = { odds: number; liquidity: number; at: number; provided: boolean };
  // When each price last changed, and what it was then: the provider's instant when it gives one
  // (`provided`), else the feed time the price changed.
  let backTimes = new Map<string, BackTime>();
  let layTimes = new Map<string, LayTime>();

  /** The time of a back price: `before` while its odds (and its provider's instant) stay, else new at `at`. */
  function backTime(before: BackTime | undefined, p: BackPrice, at: number): BackTime {
    const provided = p.updatedAt !== undefined;
    const when = provided ? Date.parse(p.updatedAt) : at;
    return before === undefined || before.odds !== p.odds || (provided && before.at !== when)
      ? { odds: p.odds, at: when, provided }
      : before;
  }
  /** The time of a win-market lay price (`lay`, its lay offered), as {@link backTime}. */
  function layTime(before: LayTime | undefined, p: ExchangePrice, lay: { odds: number; liquidity: number }, at: number): LayTime {
    const provided = p.updatedAt !== undefined;
    const when = provided ? Date.parse(p.updatedAt) : at;
    return before === undefined || before.odds !== lay.odds || before.liquidity !== lay.liquidity || (provided && before.at !== when)
      ? { odds: lay.odds, liquidity: lay.liquidity, at: when, provided }
      : before;
  }
  function noteBack(p: BackPrice, at: number): void {
    const k = backPriceKey(p);
    backTimes.set(k, backTime(backTimes.get(k), p, at));
  }
  function noteLay(p: ExchangePrice, at: number): void {
    if (p.places !== undefined) return;
    const k = exchangePriceKey(p);
    if (p.lay === null) layTimes.delete(k);
    else layTimes.set(k, layTime(layTimes.get(k), p, p.lay, at));
  }

  /**
   * What a whole snapshot notes, made aside in steps (a pause every `chunkSize` records): when
   * each of its prices last changed (a price it holds unchanged keeps its time, the others changed
   * at `s.at`; prices it no longer holds are forgotten), and what the feed offers to filter on.
   */
  async function notesOf(
    s: FeedSnapshot,
    signal: AbortSignal,
  ): Promise<{ back: Map<string, BackTime>; lay: Map<string, LayTime>; choices: Choices }> {
    const size = Math.max(1, steps.chunkSize ?? 500);
    let done = 0;
    const step = async () => {
      if (++done % size !== 0) return;
      await steps.pause?.();
      signal.throwIfAborted();
    };
    const sports = new Set<string>();
    const marketTypes = new Set<string>();
    const marketNames: Record<string, string> = {};
    const bookmakers = new Set<string>();
    const commissions: Record<string, number> = {};
    for (const e of s.market.events) sports.add(e.sport);
    for (const m of s.market.markets) {
      marketTypes.add(m.type);
      marketNames[m.type] = m.name;
    }
    const back = new Map<string, BackTime>();
    for (const p of s.market.backPrices) {
      const k = backPriceKey(p);
      back.set(k, backTime(backTimes.get(k), p, s.at));
      bookmakers.add(p.bookmaker);
      await step();
    }
    const lay = new Map<string, LayTime>();
    for (const p of s.market.exchangePrices) {
      commissions[p.exchange] = p.commission;
      if (p.places !== undefined || p.lay === null) continue;
      const k = exchangePriceKey(p);
      lay.set(k, layTime(layTimes.get(k), p, p.lay, s.at));
      await step();
    }
    const sorted = (xs: Set<string>) => [...xs].sort();
    return {
      back,
      lay,
      choices: { sports: sorted(sports), marketTypes: sorted(marketTypes), marketNames, bookmakers: sorted(bookmakers), commissions },
    };
  }

  function applyOne(p: FeedPatch): void {
    const u = p.upserts;
    applyPatchToOddsmatcher(matcher, p);
    // Only win-market lays are noted, so a place price's key is in neither map.
    for (const k of p.removes.backPrices) backTimes.delete(k);
    for (const k of p.removes.exchangePrices) layTimes.delete(k);
    for (const b of u.backPrices) noteBack(b, p.at);
    for (const x of u.exchangePrices) noteLay(x, p.at);
    if (u.events.length > 0 || u.markets.length > 0 || u.backPrices.some((b) => !choices.bookmakers.includes(b.bookmaker))) {
      const add = (list: readonly string[], more: Iterable<string>) => {
        const next = [...new Set([...list, ...more])].sort();
        return next.length === list.length ? list : next;
      };
      const sports = add(
        choices.sports,
        u.events.map((e) => e.sport),
      );
      const marketTypes = add(
        choices.marketTypes,
        u.markets.map((m) => m.type),
      );
      const bookmakers = add(
        choices.bookmakers,
        u.backPrices.map((b) => b.bookmaker),
      );
      if (sports !== choices.sports || marketTypes !== choices.marketTypes || bookmakers !== choices.bookmakers) {
        const marketNames = { ...Object.fromEntries(u.markets.map((m) => [m.type, m.name])), ...choices.marketNames };
        choices = { ...choices, sports, marketTypes, marketNames, bookmakers };
      }
    }
  }

  /** Brings the rows in step with the engine; publishes a new view when anything shown changed. */
  function derive(force: boolean): void {
    // Half a patch is in the engine: the rows are made once the rest of it is.
    if (midPatch) {
      forceLater ||= force;
      return;
    }
    // A torn engine: the rows shown stay (with the error, if any) until a snapshot is ranked.
    if (torn) {
      forceLater ||= force;
      if (view.error !== error) {
        view = { ...view, error };
        notify();
      }
      return;
    }
    let top = matcher.getSnapshot();
    if (widen(top)) top = matcher.getSnapshot();
    const state = feed.getSnapshot();
    const at = seen?.at ?? null;
    if (!force && top === lastTop && view.at === at && view.choices === choices && view.error === error) return;
    lastTop = top;
    const rows: LiveRow[] = [];
    let hiddenArbs = 0;
    const fallback = at ?? 0;
    // The rows the member asked for; past them (ranked only while following a match), that match's row alone.
    for (let i = 0; i < top.length; i++) {
      const r = top[i] as OddsmatchRow;
      if (i >= limit && (match === undefined || rowKey(r) !== match)) continue;
      if (hide && isArbitrage(r)) {
        hiddenArbs++;
        continue;
      }
      let live = force ? undefined : byRow.get(r);
      if (live === undefined) {
        const key = rowKey(r);
        const before = previous.get(key);
        const version = versionOf(r, rankBy);
        if (before !== undefined && before.version === version) live = before.row === r ? before : { ...before, row: r };
        else {
          const back = backTimes.get(`${r.bookmaker}:${r.selectionId}`);
          const lay = layTimes.get(`${r.exchange}:win:${r.selectionId}`);
          const provided = [back, lay].flatMap((t) => (t?.provided === true ? [t.at] : []));
          const figure = (x: OddsmatchRow) => (rankBy === 'snrRetention' ? x.snrRetention : x.rating);
          const trend = before === undefined ? 0 : Math.sign(figure(r) - figure(before.row));
          const layStake = shownLayStake(r, rankBy);
          live = {
            row: r,
            key,
            version,
            changedAt: provided.length > 0 ? Math.min(...provided) : Math.max(back?.at ?? fallback, lay?.at ?? fallback),
            trend: trend === 0 ? (before?.trend ?? 0) : (trend as 1 | -1),
            layStake,
            short: layStake > r.layLiquidity,
          };
        }
        byRow.set(r, live);
        previous.set(key, live);
      }
      rows.push(live);
    }
    // Forget pairs long gone (the map grows only by new rows; rebuilt when it doubles).
    if (previous.size > 2 * rows.length + 1024) {
      previous = new Map(rows.map((l) => [l.key, l]));
      byRow = new WeakMap(rows.map((l) => [l.row, l]));
    }
    view = {
      rows,
      hiddenArbs,
      at,
      receivedAt: state.receivedAt,
      simulated: seen?.simulated ?? false,
      choices,
      error,
      loaded: seen !== null,
    };
    notify();
  }

  /** The engine's options: "starting within" anchored at the clock now, and every row the filters pass while following a match. */
  const anchored = (): OddsmatcherOptions => {
    const anchoredBase = within === undefined ? base : { ...base, filters: startsWithin(base.filters ?? {}, within, clock.now()) };
    return widened ? { ...anchoredBase, limit: Math.max(limit, MATCH_LIMIT) } : { ...anchoredBase, limit };
  };

  /**
   * Ranks past the rows asked for when the match followed may be below them (the engine kept as
   * many rows as asked, and the match is not among them); true when it re-ranked. Stays widened
   * while the page follows that match, so the ranking does not flip between the two limits.
   */
  function widen(top: readonly OddsmatchRow[]): boolean {
    if (match === undefined || widened || top.length < limit || top.some((r) => rowKey(r) === match)) return false;
    widened = true;
    try {
      matcher.setOptions(anchored());
    } catch (e) {
      error = e;
    }
    return true;
  }

  /** Re-ranks with the options now (options the engine refuses show as the error); `force` makes every row anew. */
  function rerank(force: boolean): void {
    try {
      matcher.setOptions(anchored());
    } catch (e) {
      error = e;
    }
    derive(force);
  }

  /** Moves "starting within" to the clock now: rows keep their objects unless their place changes. */
  function reanchor(): void {
    if (within !== undefined) rerank(false);
  }

  // A whole snapshot (first load, resync) is validated in steps (the sdk's
  // indexMarketSnapshotInSteps, a pause every few hundred records) so the page never freezes for
  // it; the rows shown stay until it is ranked, and the patches that arrive meanwhile are kept and
  // applied after it.
  let loading: {
    readonly snapshot: FeedSnapshot;
    latest: FeedSnapshot;
    readonly patches: FeedPatch[];
    readonly abort: AbortController;
  } | null = null;

  function startLoad(s: FeedSnapshot): void {
    stopDrain();
    loading?.abort.abort();
    const job = { snapshot: s, latest: s, patches: [] as FeedPatch[], abort: new AbortController() };
    loading = job;
    void runLoad(job);
  }

  /** A load that failed shows its error and keeps the rows ranked before; an aborted one (a newer snapshot is loading, or the page left) does nothing. */
  function failLoad(job: NonNullable<typeof loading>, e: unknown): void {
    if (loading !== job || job.abort.signal.aborted) return;
    loading = null;
    error = e;
    seen = job.latest;
    // The engine still holds what it held before: `seq` stays, so a patch after the failed
    // snapshot does not follow it and loads the newest snapshot instead.
    derive(false);
  }

  /** Three kinds of task: the validation steps, the engine's ranking steps, then the patches that came meanwhile and the rows. */
  async function runLoad(job: NonNullable<typeof loading>): Promise<void> {
    const s = job.snapshot;
    const started = performance.now();
    let index: MarketIndex;
    try {
      index = await indexMarketSnapshotInSteps(s.market, { chunkSize: steps.chunkSize, pause: steps.pause, signal: job.abort.signal });
    } catch (e) {
      // An invalid record: shown until the next snapshot (the rows ranked before stay).
      failLoad(job, e);
      return;
    }
    if (loading !== job) return;
    const checked = performance.now();
    try {
      // The snapshot's price times and choices, then the engine's ranking of the validated index,
      // each made aside in steps; the rows shown stay until both are done, and change together.
      const notes = await notesOf(s, job.abort.signal);
      await matcher.loadInSteps(index, { chunkSize: steps.chunkSize, pause: steps.pause, signal: job.abort.signal });
      backTimes = notes.back;
      layTimes = notes.lay;
      choices = notes.choices;
    } catch (e) {
      failLoad(job, e);
      return;
    }
    const ranked = performance.now();
    await steps.pause?.();
    if (loading !== job) return;
    loading = null;
    const resumed = performance.now();
    error = null;
    seen = s;
    seq = s.seq;
    torn = false;
    // Options changed while the engine was torn or between slices: every row made anew.
    const force = forceLater;
    forceLater = false;
    derive(force);
    // For the browser bench and DevTools: the spans of the validation and ranking steps, the task that makes the rows.
    performance.measure('oddsmatcher: validate in steps', { start: started, end: checked });
    performance.measure('oddsmatcher: rank in steps', { start: checked, end: ranked });
    performance.measure('oddsmatcher: rows', { start: resumed, end: performance.now() });
    // The patches that came meanwhile follow, a slice a task, as any patch.
    const rest = job.patches.filter((p) => p.seq > s.seq);
    if (rest.length > 0) startDrain(rest, job.latest);
  }

  /** Stops applying the patches taken (a snapshot is loaded instead, or the page left). */
  function stopDrain(): void {
    pending = null;
    const r = rest;
    rest = null;
    midPatch = false;
    if (r === null) return;
    // Between two slices of a patch: the rest of it goes in now (a patch is bounded), so the
    // engine is at its seq; a slice the engine refuses leaves it torn until a snapshot loads.
    try {
      while (r.next < r.slices.length) applyOne(r.slices[r.next++] as FeedPatch);
      seq = r.seq;
    } catch {
      torn = true;
    }
  }

  function startDrain(patches: FeedPatch[], latest: FeedSnapshot): void {
    const job = { patches, latest };
    pending = job;
    void drain(job);
  }

  /**
   * Applies the patches taken, each in a task of its own after the feed's frame, and a large one
   * a slice of prices a task ({@link slicesOf}); the rows are made once all are in. A patch that
   * does not follow, or that the engine refuses, ranks the newest snapshot whole.
   */
  async function drain(job: NonNullable<typeof pending>): Promise<void> {
    const size = 2 * Math.max(1, steps.chunkSize ?? 500);
    try {
      for (let i = 0; i < job.patches.length; i++) {
        const patch = job.patches[i] as FeedPatch;
        if (seq === null || patch.seq !== seq + 1) throw new Error(`patch ${patch.seq} does not follow ${seq}`);
        const slices = slicesOf(patch, size);
        const current = { slices, next: 0, seq: patch.seq };
        for (const part of slices) {
          await steps.pause?.();
          if (pending !== job) return;
          midPatch = true;
          rest = current;
          current.next++;
          try {
            applyOne(part);
          } catch (e) {
            torn = true;
            rest = null;
            throw e;
          }
        }
        rest = null;
        midPatch = false;
        seq = patch.seq;
      }
    } catch {
      if (pending !== job) return;
      stopDrain();
      startLoad(job.latest);
      return;
    }
    pending = null;
    error = null;
    seen = job.latest;
    const force = forceLater;
    forceLater = false;
    derive(force);
  }

  function onFeed(): void {
    const state = feed.getSnapshot();
    const s = state.snapshot;
    if (s === null || s === seen || s === pending?.latest) return;
    if (loading !== null) {
      if (s === loading.latest) return;
      if (state.reset) startLoad(s);
      else {
        loading.patches.push(...state.applied);
        loading.latest = s;
      }
      return;
    }
    const first = state.applied[0];
    const after = pending?.latest.seq ?? seq;
    if (torn || state.reset || after === null || first === undefined || first.seq !== after + 1) {
      startLoad(s);
      return;
    }
    if (pending === null) startDrain([...state.applied], s);
    else {
      pending.patches.push(...state.applied);
      pending.latest = s;
    }
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => view,
    connect() {
      const off = feed.subscribe(onFeed);
      const stop = clock.every(REANCHOR_MS, reanchor);
      onFeed();
      return () => {
        stop();
        off();
        // A snapshot still being checked is not wanted any more.
        loading?.abort.abort();
        loading = null;
        stopDrain();
      };
    },
    setOptions(next, hideArbs, withinHours) {
      rankBy = next.rankBy ?? 'rating';
      hide = hideArbs;
      base = next;
      limit = next.limit ?? limit;
      within = withinHours;
      rerank(true);
    },
    showMatch(key) {
      if (key === match) return;
      match = key;
      widened = false;
      rerank(true);
    },
  };
}
