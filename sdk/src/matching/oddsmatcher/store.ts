// The oddsmatcher's factory: the public store over the engine (validation, ticks, stepped loads).
import { MatchkitValidationError, type ValidationIssue } from '../../errors/errors';
import { createStore } from '../../internal/store';
import { validate } from '../../internal/validate';
import { backPriceSchema, exchangePriceSchema, marketSchema, sportEventSchema, type MarketSnapshot, type Runner } from '../model';
import { indexMarketSnapshotInSteps, isMarketIndex, parseMarketSnapshot, type MarketIndex } from '../snapshot';
import { NB } from './columns';
import { Engine } from './ingest';
import { resolveOptions, type OddsmatcherOptions, type OddsmatcherTuning } from './options';
import type { Oddsmatcher, OddsmatchRow } from './types';

/** The error for a price on a selection the engine does not hold. */
function unknownSelection(subject: string, id: string): MatchkitValidationError {
  return new MatchkitValidationError(subject, [{ path: 'selectionId', message: `unknown selection ${id}: add its market first` }]);
}

/**
 * Creates an oddsmatcher. It ranks every bookmaker back / exchange lay pair on the same selection
 * by rating `b(1 − c)/(l − c)` (or, with `rankBy: 'snrRetention'`, by SNR retention
 * `(b − 1)(1 − c)/(l − c)`), best first, ties broken by selection id, then bookmaker, then exchange (each in code-unit
 * order, so the order never depends on the order prices arrived in). Only exchanges enabled by the
 * member's exchange settings (`enabledExchanges`) take part.
 *
 * Costs, for P pairs, k rows: `load` and `setOptions` rescore everything, O(P) (one multiplication
 * and one comparison per pair, score first; only the pairs that could still reach the best 2k + 64
 * are checked against the filters), then read the top k from score buckets, O(k log k). A price
 * tick (`setBackPrice`, `setExchangePrice`) rescores only the pairs of that quote (d = one per
 * exchange lay, or one per bookmaker price, on that selection): O(d) bucket moves, and only when
 * a moved pair was among the top k or now ranks before the k-th row, O(d log k) comparisons and
 * O(k) moves to update the list. A tick that touches neither publishes nothing (`getSnapshot`
 * keeps its reference). When ticks have pushed more than k + 64 of the best pairs out of reach,
 * net, the next tick ranks everything again, O(P). Adding a quote rescores its selection's pairs.
 * Memory is about 41 bytes per pair.
 *
 * @param options - filters, ranking, limit, stake and commission overrides
 * @returns the oddsmatcher (a store of its top rows)
 * @throws MatchkitValidationError when an option is invalid
 *
 * @example
 * ```ts
 * import { createOddsmatcher } from '@matchkit/sdk/matching';
 * const matcher = createOddsmatcher({ filters: { minOdds: 1.5, minRating: 90 }, limit: 10 });
 * matcher.load({
 *   events: [{ id: 'e1', sport: 'football', name: 'Arsenal v Spurs', startsAt: '2025-08-16T15:00:00+01:00' }],
 *   markets: [{ id: 'e1/mo', eventId: 'e1', type: 'match-odds', name: 'Match Odds', runners: [{ id: 'e1/mo/home', name: 'Arsenal' }] }],
 *   backPrices: [{ bookmaker: 'bet-co', selectionId: 'e1/mo/home', odds: 3 }],
 *   exchangePrices: [{ exchange: 'smarkets', selectionId: 'e1/mo/home', commission: 0.02, back: null, lay: { odds: 3.2, liquidity: 50_000 } }],
 * });
 * matcher.getSnapshot()[0]?.rating; // 92.45... (3 × 0.98 / 3.18 × 100)
 * matcher.setBackPrice({ bookmaker: 'bet-co', selectionId: 'e1/mo/home', odds: 3.3 }); // re-ranks incrementally
 * ```
 */
export function createOddsmatcher(options: OddsmatcherOptions = {}): Oddsmatcher {
  return createTunedOddsmatcher(options, {});
}

const pauseByTimer = (): Promise<void> => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The win-market lay quotes of a snapshot, as the engine ingests them. */
function laysOf(
  snapshot: MarketSnapshot,
): { exchange: string; selectionId: string; odds: number; liquidity: number; commission: number }[] {
  const lays = [];
  for (const p of snapshot.exchangePrices) {
    if (p.places !== undefined || p.lay === null) continue;
    lays.push({ exchange: p.exchange, selectionId: p.selectionId, odds: p.lay.odds, liquidity: p.lay.liquidity, commission: p.commission });
  }
  return lays;
}

/**
 * {@link createOddsmatcher} with internal tuning (tests only).
 *
 * @internal
 * @param options - as for createOddsmatcher
 * @param tuning - internal knobs
 * @returns the oddsmatcher
 * @example
 * ```ts
 * const matcher = createTunedOddsmatcher({ limit: 3 }, { indexTarget: (k) => k });
 * ```
 */
export function createTunedOddsmatcher(options: OddsmatcherOptions, tuning: OddsmatcherTuning): Oddsmatcher {
  let engine = new Engine(resolveOptions(options, null), tuning);
  // Counts the loads begun: a stepped load stops when a later one begins.
  let loads = 0;
  const store = createStore<readonly OddsmatchRow[]>(engine.rows);
  const publish = (): void => {
    engine.maybeCompact();
    if (engine.refreshTop()) store.set(engine.rows);
  };

  const selectionOf = (subject: string, id: string): number => {
    const s = engine.selIndex.get(id);
    if (s === undefined) throw unknownSelection(subject, id);
    return s;
  };

  interface LayTick {
    readonly s: number;
    readonly exchange: string;
    readonly lay: { readonly odds: number; readonly liquidity: number } | null;
    readonly commission: number;
  }
  const parseExchange = (input: unknown): LayTick | null => {
    const price = validate(exchangePriceSchema, input, 'exchange price');
    if (price.places !== undefined) return null;
    return { s: selectionOf('exchange price', price.selectionId), exchange: price.exchange, lay: price.lay, commission: price.commission };
  };
  const applyExchange = (tick: LayTick): void => {
    const ex = engine.exCode(tick.exchange);
    if (tick.lay === null) engine.removeLay(tick.s, ex);
    else engine.setLay(tick.s, ex, tick.lay.odds, tick.lay.liquidity, tick.commission);
  };

  const relinkMarket = (m: number): void => {
    for (const s of engine.mkSels[m] as number[]) {
      if (engine.selAlive[s] !== 1) continue;
      engine.copyMarket(s);
      engine.relinkSelection(s);
    }
  };

  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,

    load(input) {
      const snapshot: MarketSnapshot = isMarketIndex(input) ? input.snapshot : parseMarketSnapshot(input);
      loads++;
      engine.ingest(snapshot.events, snapshot.markets, snapshot.backPrices, laysOf(snapshot));
      publish();
    },

    async loadInSteps(input, steps = {}) {
      const mine = ++loads;
      const pause = steps.pause ?? pauseByTimer;
      const size = Math.max(1, Math.floor(steps.chunkSize ?? 1000));
      const signal = steps.signal;
      const check = (): void => {
        signal?.throwIfAborted();
        if (loads !== mine) throw new DOMException('a later load replaced this one', 'AbortError');
      };
      check();
      const index: MarketIndex = await indexMarketSnapshotInSteps(input, { chunkSize: size, pause, signal });
      check();
      const snapshot = index.snapshot;
      // Ranked aside: the engine in use keeps serving until the new one is ready.
      const fresh = new Engine(engine.options, tuning);
      const run = fresh.ingestSteps(snapshot.events, snapshot.markets, snapshot.backPrices, laysOf(snapshot), size);
      for (let r = run.next(); r.done !== true; r = run.next()) {
        await pause();
        check();
      }
      await pause();
      check();
      if (fresh.options !== engine.options) fresh.applyOptions(engine.options);
      fresh.needFull = false;
      fresh.clearTop();
      // A row costs more than a record (its figures, its object): a quarter as many a step.
      const rows = fresh.refillSteps(NB - 1, Math.max(1, Math.floor(size / 4)));
      for (let r = rows.next(); r.done !== true; r = rows.next()) {
        await pause();
        check();
        // Options changed meanwhile: the rows made so far are for the old ones, so rank again.
        if (fresh.options !== engine.options) {
          fresh.applyOptions(engine.options);
          fresh.needFull = false;
          fresh.clearTop();
          fresh.refill(NB - 1);
          break;
        }
      }
      // Rows whose content did not change keep their objects, as with load.
      fresh.rows = engine.rows;
      engine = fresh;
      if (engine.finishTop()) store.set(engine.rows);
    },

    setOptions(next) {
      engine.applyOptions(resolveOptions(next, engine.options));
      publish();
    },

    getOptions() {
      const o = engine.options;
      return { filters: o.filters, rankBy: o.rankBy, limit: o.limit, stake: o.stake, commissions: o.commissions };
    },

    upsertEvent(input) {
      const event = validate(sportEventSchema, input, 'event');
      const e = engine.evIndex.get(event.id);
      if (e === undefined) {
        engine.addEvent(event);
        return;
      }
      engine.evData[e] = event;
      engine.evStart[e] = Date.parse(event.startsAt);
      engine.evSport[e] = engine.sportCode(event.sport);
      for (const m of engine.evMarkets[e] as number[]) relinkMarket(m);
      publish();
    },

    upsertMarket(input) {
      const market = validate(marketSchema, input, 'market');
      const e = engine.evIndex.get(market.eventId);
      const issues: ValidationIssue[] = [];
      if (e === undefined) issues.push({ path: 'eventId', message: `unknown event ${market.eventId}: add it first` });
      const m = engine.mkIndex.get(market.id);
      if (m !== undefined && engine.mkEvent[m] !== e) issues.push({ path: 'eventId', message: 'a market cannot move to another event' });
      const seen = new Set<string>();
      market.runners.forEach((r, j) => {
        const s = engine.selIndex.get(r.id);
        if (seen.has(r.id) || (s !== undefined && engine.selMarket[s] !== m)) {
          issues.push({ path: `runners.${j}.id`, message: `runner id ${r.id} is already used` });
        }
        seen.add(r.id);
      });
      if (issues.length > 0 || e === undefined) throw new MatchkitValidationError('market', issues);
      if (m === undefined) {
        engine.addMarket(market, e);
        return;
      }
      engine.mkData[m] = market;
      engine.mkType[m] = engine.typeCode(market.type);
      const keep = new Set(market.runners.map((r) => r.id));
      const kept: number[] = [];
      for (const s of engine.mkSels[m] as number[]) {
        if (engine.selAlive[s] !== 1) continue;
        if (keep.has((engine.selRunner[s] as Runner).id)) kept.push(s);
        else engine.removeSelection(s);
      }
      engine.mkSels[m] = kept;
      for (const runner of market.runners) {
        const s = engine.selIndex.get(runner.id);
        if (s === undefined) engine.addSelection(runner, m, 0, 0);
        else engine.selRunner[s] = runner;
      }
      relinkMarket(m);
      publish();
    },

    removeEvent(eventId) {
      const e = engine.evIndex.get(eventId);
      if (e === undefined) return;
      for (const m of (engine.evMarkets[e] as number[]).slice()) engine.removeMarketAt(m);
      engine.evAlive[e] = 0;
      engine.evIndex.delete(eventId);
      publish();
    },

    removeMarket(marketId) {
      const m = engine.mkIndex.get(marketId);
      if (m === undefined) return;
      engine.removeMarketAt(m);
      publish();
    },

    setBackPrice(input) {
      const price = validate(backPriceSchema, input, 'back price');
      const s = selectionOf('back price', price.selectionId);
      engine.setBack(s, engine.bmCode(price.bookmaker), price.odds, price.boostedFrom, price.maxStake);
      publish();
    },

    removeBackPrice(bookmaker, selectionId) {
      const s = engine.selIndex.get(selectionId);
      const bm = engine.bookmakers.codes.get(bookmaker);
      if (s === undefined || bm === undefined) return;
      engine.removeBack(s, bm);
      publish();
    },

    setExchangePrice(input) {
      const tick = parseExchange(input);
      if (tick === null) return;
      applyExchange(tick);
      publish();
    },

    removeExchangePrice(exchange, selectionId) {
      const s = engine.selIndex.get(selectionId);
      const ex = engine.exchangeDict.codes.get(exchange);
      if (s === undefined || ex === undefined) return;
      engine.removeLay(s, ex);
      publish();
    },

    applyPrices(batch) {
      const issues: ValidationIssue[] = [];
      const backs: { s: number; bookmaker: string; odds: number; boostedFrom?: number | undefined; maxStake?: number | undefined }[] = [];
      const lays: LayTick[] = [];
      const collect = (prefix: string, run: () => void): void => {
        try {
          run();
        } catch (error) {
          if (!(error instanceof MatchkitValidationError)) throw error;
          for (const i of error.issues) issues.push({ path: i.path === '' ? prefix : `${prefix}.${i.path}`, message: i.message });
        }
      };
      (batch.backPrices ?? []).forEach((input, n) =>
        collect(`backPrices.${n}`, () => {
          const price = validate(backPriceSchema, input, 'back price');
          backs.push({ ...price, s: selectionOf('back price', price.selectionId) });
        }),
      );
      (batch.exchangePrices ?? []).forEach((input, n) =>
        collect(`exchangePrices.${n}`, () => {
          const tick = parseExchange(input);
          if (tick !== null) lays.push(tick);
        }),
      );
      if (issues.length > 0) throw new MatchkitValidationError('price batch', issues);
      for (const b of backs) engine.setBack(b.s, engine.bmCode(b.bookmaker), b.odds, b.boostedFrom, b.maxStake);
      for (const l of lays) applyExchange(l);
      publish();
    },

    stats() {
      let pairs = 0;
      for (let s = 0; s < engine.nSel; s++) {
        if (engine.selAlive[s] === 1) pairs += (engine.backLen[s] as number) * (engine.layLen[s] as number);
      }
      return { selections: engine.liveSel, pairs, candidates: engine.countPassing() };
    },
  };
}
