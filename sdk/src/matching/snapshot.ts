import { MatchkitValidationError, type ValidationIssue } from '../errors/errors';
import * as v from 'valibot';
import { deepFreeze, validate, toIssues } from '../internal/validate';
import {
  backPriceSchema,
  betBuilderPriceSchema,
  exchangePriceSchema,
  marketSchema,
  marketSnapshotSchema,
  sportEventSchema,
  type BackPrice,
  type ExchangePrice,
  type Market,
  type MarketSnapshot,
  type Runner,
  type SportEvent,
} from './model';

/**
 * Validates a market snapshot: every field (valibot schemas of the market model) and the links
 * between records: ids are unique, every market's event is listed, every price's runner is listed,
 * and no bookmaker (or exchange, per market) prices one runner twice. Throws one
 * `MatchkitValidationError` listing every problem; returns the snapshot deeply frozen.
 *
 * @param input - the snapshot to check
 * @returns the validated, frozen snapshot
 * @throws MatchkitValidationError listing every bad field by path
 *
 * @example
 * ```ts
 * import { parseMarketSnapshot } from '@matchkit/sdk/matching';
 * const snapshot = parseMarketSnapshot({
 *   events: [{ id: 'e1', sport: 'football', name: 'Arsenal v Spurs', startsAt: '2025-08-16T15:00:00+01:00' }],
 *   markets: [{ id: 'e1/mo', eventId: 'e1', type: 'match-odds', name: 'Match Odds', runners: [{ id: 'e1/mo/home', name: 'Arsenal' }] }],
 *   backPrices: [{ bookmaker: 'bet-co', selectionId: 'e1/mo/home', odds: 2.2 }],
 *   exchangePrices: [{ exchange: 'smarkets', selectionId: 'e1/mo/home', commission: 0.02, back: null, lay: { odds: 2.24, liquidity: 10_000 } }],
 * });
 * ```
 */
export function parseMarketSnapshot(input: unknown): MarketSnapshot {
  return checkLinks(validate(marketSnapshotSchema, input, 'market snapshot'));
}

/** The links between a snapshot's records (its fields already valid); returns it deeply frozen. */
function checkLinks(snapshot: MarketSnapshot): MarketSnapshot {
  return finish(linkSteps(snapshot, Infinity));
}

/** Counts the records handled: true when `size` have been since it last said so (time for a step). */
function stepCounter(size: number): (records?: number) => boolean {
  let done = 0;
  return (records = 1) => {
    done += records;
    if (done < size) return false;
    done = 0;
    return true;
  };
}

/** Runs a generator of steps to its end (no pauses) and returns its result. */
function finish<T>(steps: Generator<void, T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done === true) return next.value;
  }
}

/** Runs a generator of steps to its end with `pause` (and an abort check) between steps. */
async function finishInSteps<T>(steps: Generator<void, T>, pause: () => Promise<void>, signal: AbortSignal | undefined): Promise<T> {
  for (;;) {
    const next = steps.next();
    if (next.done === true) return next.value;
    await pause();
    signal?.throwIfAborted();
  }
}

/**
 * {@link checkLinks} in steps: yields after about `size` records (the same checks, issues in the
 * same order); throws the issues once every record is checked, else returns the snapshot frozen.
 */
function* linkSteps(snapshot: MarketSnapshot, size: number): Generator<void, MarketSnapshot> {
  const issues: ValidationIssue[] = [];
  const tick = stepCounter(size);
  const events = new Set<string>();
  for (const [i, e] of snapshot.events.entries()) {
    if (events.has(e.id)) issues.push({ path: `events.${i}.id`, message: `duplicate event id ${e.id}` });
    events.add(e.id);
    if (tick()) yield;
  }
  const markets = new Set<string>();
  const runners = new Set<string>();
  const marketOfRunner = new Map<string, { id: string; eventId: string }>();
  for (const [i, m] of snapshot.markets.entries()) {
    if (markets.has(m.id)) issues.push({ path: `markets.${i}.id`, message: `duplicate market id ${m.id}` });
    markets.add(m.id);
    if (!events.has(m.eventId)) issues.push({ path: `markets.${i}.eventId`, message: `unknown event ${m.eventId}` });
    m.runners.forEach((r, j) => {
      if (runners.has(r.id)) issues.push({ path: `markets.${i}.runners.${j}.id`, message: `duplicate runner id ${r.id}` });
      runners.add(r.id);
      marketOfRunner.set(r.id, m);
    });
    if (tick(1 + m.runners.length)) yield;
  }
  const backKeys = new Set<string>();
  for (const [i, p] of snapshot.backPrices.entries()) {
    if (!runners.has(p.selectionId)) {
      issues.push({ path: `backPrices.${i}.selectionId`, message: `unknown runner ${p.selectionId}` });
    }
    const key = `${p.bookmaker}\u0000${p.selectionId}`;
    if (backKeys.has(key)) {
      issues.push({ path: `backPrices.${i}`, message: `second price of ${p.bookmaker} on ${p.selectionId}` });
    }
    backKeys.add(key);
    if (tick()) yield;
  }
  const exchangeKeys = new Set<string>();
  for (const [i, p] of snapshot.exchangePrices.entries()) {
    if (!runners.has(p.selectionId)) {
      issues.push({ path: `exchangePrices.${i}.selectionId`, message: `unknown runner ${p.selectionId}` });
    }
    const key = `${p.exchange}\u0000${p.selectionId}\u0000${p.places ?? 0}`;
    if (exchangeKeys.has(key)) {
      issues.push({
        path: `exchangePrices.${i}`,
        message: `second price of ${p.exchange} on ${p.selectionId} in the ${p.places === undefined ? 'win' : `${p.places}-place`} market`,
      });
    }
    exchangeKeys.add(key);
    if (tick()) yield;
  }
  const builders = new Set<string>();
  for (const [i, b] of (snapshot.betBuilders ?? []).entries()) {
    if (builders.has(b.id)) issues.push({ path: `betBuilders.${i}.id`, message: `duplicate bet-builder id ${b.id}` });
    builders.add(b.id);
    if (!events.has(b.eventId)) issues.push({ path: `betBuilders.${i}.eventId`, message: `unknown event ${b.eventId}` });
    const seen = new Set<string>();
    b.legs.forEach((leg, j) => {
      const market = marketOfRunner.get(leg);
      if (market === undefined) issues.push({ path: `betBuilders.${i}.legs.${j}`, message: `unknown runner ${leg}` });
      else if (market.eventId !== b.eventId)
        issues.push({ path: `betBuilders.${i}.legs.${j}`, message: `runner ${leg} is not in event ${b.eventId}` });
      else if (seen.has(market.id)) issues.push({ path: `betBuilders.${i}.legs.${j}`, message: `a second leg in market ${market.id}` });
      if (market !== undefined) seen.add(market.id);
    });
    if (tick(1 + b.legs.length)) yield;
  }
  if (issues.length > 0) throw new MatchkitValidationError('market snapshot', issues);
  // Frozen record by record (a step each `size`), then the arrays and the snapshot itself.
  for (const [key] of SECTIONS) {
    for (const record of snapshot[key] ?? []) {
      deepFreeze(record);
      if (tick()) yield;
    }
  }
  return deepFreeze(snapshot);
}

/**
 * A runner with its market and event, and every price quoted on it: what a finder engine reads
 * per selection.
 *
 * @example
 * ```ts
 * import { indexMarketSnapshot, type SelectionView } from '@matchkit/sdk/matching';
 * const bestBack = (v: SelectionView) => Math.max(...v.backPrices.map((p) => p.odds));
 * ```
 */
export interface SelectionView {
  /** The runner. */
  readonly runner: Runner;
  /** The market the runner belongs to. */
  readonly market: Market;
  /** The market's event. */
  readonly event: SportEvent;
  /** Bookmaker back prices on the runner, in snapshot order. */
  readonly backPrices: readonly BackPrice[];
  /** Exchange prices on the runner (every exchange, win and place markets), in snapshot order. */
  readonly exchangePrices: readonly ExchangePrice[];
}

const INDEX = Symbol.for('@matchkit/sdk/market-index');

/**
 * Lookups over a validated snapshot, built once by {@link indexMarketSnapshot} and shared by every
 * finder engine (pass it instead of a raw snapshot to validate once for many tools).
 *
 * @example
 * ```ts
 * import { indexMarketSnapshot, type MarketIndex } from '@matchkit/sdk/matching';
 * const runnersOf = (index: MarketIndex, marketId: string) => index.selectionsOf(marketId).map((s) => s.runner.name);
 * ```
 */
export interface MarketIndex {
  /** The validated, frozen snapshot. */
  readonly snapshot: MarketSnapshot;
  /** Every selection, market by market in snapshot order, runners in market order. */
  readonly selections: readonly SelectionView[];
  /** The selection of a runner id, or undefined. */
  selection(runnerId: string): SelectionView | undefined;
  /** The market of an id, or undefined. */
  market(marketId: string): Market | undefined;
  /** The event of an id, or undefined. */
  event(eventId: string): SportEvent | undefined;
  /** The selections of a market in runner order (empty for an unknown market). */
  selectionsOf(marketId: string): readonly SelectionView[];
}

/**
 * Validates a snapshot (with {@link parseMarketSnapshot}) and indexes it for the finder engines.
 * An index passed back in is returned as it is.
 *
 * @param input - a snapshot (validated here) or an index built before
 * @returns lookups by runner, market and event
 * @throws MatchkitValidationError when the snapshot is invalid
 *
 * @example
 * ```ts
 * import { indexMarketSnapshot } from '@matchkit/sdk/matching';
 * const index = indexMarketSnapshot({ events: [], markets: [], backPrices: [], exchangePrices: [] });
 * index.selections.length; // 0
 * ```
 */
export function indexMarketSnapshot(input: unknown): MarketIndex {
  if (isMarketIndex(input)) return input;
  return indexOf(parseMarketSnapshot(input));
}

/**
 * Options of {@link indexMarketSnapshotInSteps}.
 *
 * @example
 * ```ts
 * import type { StepOptions } from '@matchkit/sdk/matching';
 * const options: StepOptions = { chunkSize: 500, pause: () => new Promise((resolve) => setTimeout(resolve, 0)) };
 * ```
 */
export interface StepOptions {
  /**
   * Records validated between two pauses.
   * @defaultValue 1000
   */
  readonly chunkSize?: number | undefined;
  /**
   * Lets the caller's thread do other work (a browser: paint and handle input) between chunks.
   * @defaultValue a zero-delay timer (`setTimeout(resolve, 0)`)
   */
  readonly pause?: (() => Promise<void>) | undefined;
  /** Stops the work at the next pause (the promise then rejects with the signal's reason). */
  readonly signal?: AbortSignal | undefined;
}

const pauseByTimer = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const SECTIONS = [
  ['events', sportEventSchema],
  ['markets', marketSchema],
  ['backPrices', backPriceSchema],
  ['exchangePrices', exchangePriceSchema],
  ['betBuilders', betBuilderPriceSchema],
] as const;

/**
 * {@link indexMarketSnapshot} in steps, for a thread that must stay responsive (a browser page
 * receiving a large snapshot): the same validation (every field, then the links between records)
 * and the same index, but the records are checked `chunkSize` at a time with a `pause` between
 * chunks, and so are the links between them, the freezing and the indexing (each about
 * `chunkSize` records a step), so no single step runs long. Rejects with the same `MatchkitValidationError` (the same
 * issues, the same paths) as {@link parseMarketSnapshot} would throw. Pass the index to an engine's
 * `load`, which then does not validate again.
 *
 * @param input - a snapshot (validated here) or an index built before
 * @param options - chunk size, pause and abort signal
 * @returns a promise of the index
 * @throws MatchkitValidationError (as a rejection) when the snapshot is invalid
 *
 * @example
 * ```ts
 * import { createOddsmatcher, indexMarketSnapshotInSteps } from '@matchkit/sdk/matching';
 * const matcher = createOddsmatcher({ limit: 100 });
 * const index = await indexMarketSnapshotInSteps({ events: [], markets: [], backPrices: [], exchangePrices: [] });
 * matcher.load(index); // validated already: only ranked here
 * ```
 */
export async function indexMarketSnapshotInSteps(input: unknown, options: StepOptions = {}): Promise<MarketIndex> {
  if (isMarketIndex(input)) return input;
  const size = Math.max(1, Math.floor(options.chunkSize ?? 1000));
  const pause = options.pause ?? pauseByTimer;
  const signal = options.signal;
  const record = input as Record<string, unknown> | null;
  // Anything but an object of arrays: the whole-snapshot check explains it (it throws).
  const shapeOk =
    typeof record === 'object' &&
    record !== null &&
    SECTIONS.every(([key]) => Array.isArray(record[key]) || (key === 'betBuilders' && record[key] === undefined));
  if (!shapeOk) return indexMarketSnapshot(input);
  const parsed: Record<string, unknown[]> = {};
  const issues: ValidationIssue[] = [];
  let done = 0;
  for (const [key, schema] of SECTIONS) {
    const list = record[key] as unknown[] | undefined;
    if (list === undefined) continue;
    const out: unknown[] = [];
    for (let from = 0; from < list.length; from += size) {
      if (done > 0) {
        await pause();
        signal?.throwIfAborted();
      }
      for (let i = from; i < Math.min(list.length, from + size); i++) {
        const r = v.safeParse(schema as v.GenericSchema, list[i]);
        if (r.success) out.push(r.output);
        else issues.push(...toIssues(r.issues).map((x) => ({ ...x, path: x.path === '' ? `${key}.${i}` : `${key}.${i}.${x.path}` })));
      }
      done += Math.min(size, list.length - from);
    }
    parsed[key] = out;
  }
  if (issues.length > 0) throw new MatchkitValidationError('market snapshot', issues);
  await pause();
  signal?.throwIfAborted();
  const snapshot = await finishInSteps(linkSteps(parsed as unknown as MarketSnapshot, size), pause, signal);
  await pause();
  signal?.throwIfAborted();
  return finishInSteps(indexSteps(snapshot, size), pause, signal);
}

function indexOf(snapshot: MarketSnapshot): MarketIndex {
  return finish(indexSteps(snapshot, Infinity));
}

/** {@link indexOf} in steps: yields after about `size` records indexed. */
function* indexSteps(snapshot: MarketSnapshot, size: number): Generator<void, MarketIndex> {
  const tick = stepCounter(size);
  const events = new Map(snapshot.events.map((e) => [e.id, e]));
  const marketsById = new Map(snapshot.markets.map((m) => [m.id, m]));
  const backs = new Map<string, BackPrice[]>();
  for (const p of snapshot.backPrices) {
    const list = backs.get(p.selectionId);
    if (list === undefined) backs.set(p.selectionId, [p]);
    else list.push(p);
    if (tick()) yield;
  }
  const exchangesBySelection = new Map<string, ExchangePrice[]>();
  for (const p of snapshot.exchangePrices) {
    const list = exchangesBySelection.get(p.selectionId);
    if (list === undefined) exchangesBySelection.set(p.selectionId, [p]);
    else list.push(p);
    if (tick()) yield;
  }
  const selections: SelectionView[] = [];
  const byRunner = new Map<string, SelectionView>();
  const byMarket = new Map<string, SelectionView[]>();
  for (const market of snapshot.markets) {
    const event = events.get(market.eventId) as SportEvent;
    const list: SelectionView[] = [];
    for (const runner of market.runners) {
      const view: SelectionView = {
        runner,
        market,
        event,
        backPrices: backs.get(runner.id) ?? [],
        exchangePrices: exchangesBySelection.get(runner.id) ?? [],
      };
      selections.push(view);
      list.push(view);
      byRunner.set(runner.id, view);
    }
    byMarket.set(market.id, list);
    if (tick(1 + market.runners.length)) yield;
  }
  const index: MarketIndex = {
    snapshot,
    selections,
    selection: (id) => byRunner.get(id),
    market: (id) => marketsById.get(id),
    event: (id) => events.get(id),
    selectionsOf: (id) => byMarket.get(id) ?? [],
  };
  Object.defineProperty(index, INDEX, { value: true });
  return Object.freeze(index);
}

/**
 * Whether a value is a {@link MarketIndex} built by {@link indexMarketSnapshot} (by its brand, so
 * that it works across bundle copies): its snapshot is validated already. Internal.
 *
 * @internal
 * @param value - anything
 * @returns true for an index
 * @example
 * ```ts
 * isMarketIndex(indexMarketSnapshot({ events: [], markets: [], backPrices: [], exchangePrices: [] })); // true
 * ```
 */
export function isMarketIndex(value: unknown): value is MarketIndex {
  return typeof value === 'object' && value !== null && (value as { [INDEX]?: unknown })[INDEX] === true;
}
