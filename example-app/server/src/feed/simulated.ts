// A deterministic simulated odds feed: football, horse racing and golf, bookmaker and exchange
// prices with every concession the sdk's finder engines read. The market at tick n is a pure
// function of the options and n, computed with integer arithmetic (and IEEE-exact square roots)
// only, so every process that shares the options serialises the same bytes at the same tick.
import { MatchkitValidationError, type ValidationIssue } from '@matchkit/sdk/errors';
import type { BackPrice, BetBuilderPrice, ExchangePrice, ExchangeQuote, Market, MarketSnapshot, SportEvent } from '@matchkit/sdk/matching';
import { backPriceKey, compareKeys, exchangePriceKey, mergeKeyed, type FeedPatch, type FeedSnapshot, type Keyed } from '@matchkit/sdk/feed';
import type { FeedSource } from './source';

/** The fewest milliseconds between two ticks: at most five patches a second. */
export const MIN_INTERVAL_MS = 200;
/** The most ticks a late timer catches up one by one; further behind, the feed jumps (a gap). */
export const MAX_CATCH_UP = 4;
/** The default tick of the simulated feed, milliseconds (four patches a second). */
export const DEFAULT_INTERVAL_MS = 250;
/** The default number of events listed at any moment. */
export const DEFAULT_EVENT_COUNT = 60;
/** The default horizon: football is listed up to 6 hours before kick-off. */
export const DEFAULT_HORIZON_MS = 6 * 3_600_000;
/**
 * The default origin (tick 0): 2025-01-01T00:00:00Z. A fixed default lets every process with the
 * same seed agree on the tick of a moment; at 250 ms a tick, seq stays below 2^31 until 2042.
 */
export const DEFAULT_ORIGIN_MS = Date.UTC(2025, 0, 1);

/** Options of {@link createSimulatedFeed}. */
export interface SimulatedFeedOptions {
  /** The seed, a whole number from 0 to 4294967295: the same seed gives the same feed. */
  readonly seed: number;
  /** The time now, epoch milliseconds (injected: tests pass a fake). */
  readonly clock: () => number;
  /**
   * Milliseconds between ticks, a whole number from 200 (at most 5 patches a second) to 60000.
   * @defaultValue 250
   */
  readonly intervalMs?: number | undefined;
  /**
   * The epoch milliseconds of tick 0; the feed starts at the tick of `clock()`.
   * @defaultValue 1735689600000 (2025-01-01T00:00:00Z)
   */
  readonly origin?: number | undefined;
  /**
   * Events listed at any moment, 10 to 400: half football, a tenth golf, the rest races.
   * @defaultValue 60
   */
  readonly eventCount?: number | undefined;
  /**
   * How far ahead football is listed, milliseconds, at least 60000 (races a third of it, golf four
   * times it); each event is replaced when it starts.
   * @defaultValue 21600000 (6 hours)
   */
  readonly horizonMs?: number | undefined;
  /**
   * Called when a patch listener throws (the other listeners still get the patch).
   * @defaultValue logs with console.error
   */
  readonly onListenerError?: ((error: unknown) => void) | undefined;
}

/** The simulated feed: a {@link FeedSource} that tests can step by hand. */
export interface SimulatedFeed extends FeedSource {
  /** Always true: these prices are simulated. */
  readonly simulated: true;
  /** The seed. */
  readonly seed: number;
  /** Milliseconds between ticks. */
  readonly intervalMs: number;
  /** Epoch milliseconds of tick 0. */
  readonly origin: number;
  /** The current sequence number (the current tick). */
  readonly seq: number;
  /** Advances exactly one tick, emits the patch to every listener and returns it. */
  tick(): FeedPatch;
  /** The snapshot at any tick (pure: does not move the feed). */
  snapshotAt(seq: number): FeedSnapshot;
  /** The patch from tick `seq − 1` to `seq` (pure: does not move the feed). */
  patchAt(seq: number): FeedPatch;
  /** The tick of an instant, floor((ms − origin) / intervalMs). */
  tickAt(ms: number): number;
}

// ---------------------------------------------------------------------------------------------
// Integer hashing and a small PRNG
// ---------------------------------------------------------------------------------------------

/** Avalanches 32 bits (an xor-shift-multiply finaliser). */
function mix(x: number): number {
  let h = x | 0;
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A 32-bit hash of up to four whole numbers (each taken modulo 2^32). */
function hash(a: number, b: number, c = 0, d = 0): number {
  let h = mix(a ^ 0x2545f491);
  h = mix(h ^ Math.imul(b | 0, 0x27d4eb2d));
  h = mix(h ^ Math.imul(c | 0, 0x165667b1));
  return mix(h ^ Math.imul(d | 0, 0x1b873593));
}

/** A xorshift32 generator: `next(n)` is a whole number in [0, n). */
function generator(seed: number): (n: number) => number {
  let s = seed | 0 || 0x1f123bb5;
  return (n: number) => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) % n;
  };
}

/** Whole-number division rounded down, for non-negative or negative numerators alike. */
function div(a: number, b: number): number {
  return Math.floor(a / b);
}

// ---------------------------------------------------------------------------------------------
// The price ladder (exchange increments), in hundredths
// ---------------------------------------------------------------------------------------------

const LADDER_BANDS: readonly (readonly [number, number, number])[] = [
  [101, 200, 1],
  [202, 300, 2],
  [305, 400, 5],
  [410, 600, 10],
  [620, 1000, 20],
  [1050, 2000, 50],
  [2100, 3000, 100],
  [3200, 5000, 200],
  [5500, 10000, 500],
  [11000, 100000, 1000],
];

let ladderCache: { cents: Int32Array; odds: Float64Array } | undefined;

function ladder(): { cents: Int32Array; odds: Float64Array } {
  if (ladderCache === undefined) {
    const cents: number[] = [];
    for (const [from, to, step] of LADDER_BANDS) for (let c = from; c <= to; c += step) cents.push(c);
    ladderCache = { cents: Int32Array.from(cents), odds: Float64Array.from(cents, (c) => c / 100) };
  }
  return ladderCache;
}

/** The highest ladder index. */
function top(): number {
  return ladder().cents.length - 1;
}

/** The smallest ladder index whose odds are at least num/den (the last when none is). */
function ladderCeil(num: number, den: number): number {
  const { cents } = ladder();
  let lo = 0;
  let hi = cents.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((cents[mid] as number) * den >= 100 * num) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The largest ladder index whose odds are at most num/den (0 when none is). */
function ladderFloor(num: number, den: number): number {
  const { cents } = ladder();
  let lo = 0;
  let hi = cents.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((cents[mid] as number) * den <= 100 * num) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

function odds(index: number): number {
  return ladder().odds[Math.max(0, Math.min(top(), index))] as number;
}

// ---------------------------------------------------------------------------------------------
// What is simulated
// ---------------------------------------------------------------------------------------------

/** Fictional bookmakers (lower-case keys), with their margin (per mille) and refresh rhythm. */
const BOOKMAKERS = [
  { key: 'alder-bet', margin: 40, refreshMs: 20_000 },
  { key: 'birch-bet', margin: 55, refreshMs: 30_000 },
  { key: 'cedar-bet', margin: 70, refreshMs: 45_000 },
  { key: 'elm-bet', margin: 45, refreshMs: 25_000 },
  { key: 'hazel-bet', margin: 25, refreshMs: 15_000 },
  { key: 'rowan-bet', margin: 60, refreshMs: 35_000 },
] as const;
type BookmakerKey = (typeof BOOKMAKERS)[number]['key'];

/** The sdk's exchange keys with the commission the simulation charges. */
const EXCHANGES = {
  smarkets: 0.02,
  matchbook: 0.015,
  betdaq: 0.02,
  betfair: 0.05,
  betconnect: 0.03,
} as const;
type ExchangeKey = keyof typeof EXCHANGES;
const EXCHANGE_SALT: Record<ExchangeKey, number> = { smarkets: 1, matchbook: 2, betdaq: 3, betfair: 4, betconnect: 5 };

/** The simulated bookmakers' keys (fictional). */
export const SIMULATED_BOOKMAKERS: readonly string[] = Object.freeze(BOOKMAKERS.map((b) => b.key));
/** The exchanges the simulation prices (the sdk's exchange keys). */
export const SIMULATED_EXCHANGES: readonly string[] = Object.freeze(Object.keys(EXCHANGES));

const TEAMS = [
  'Ambervale',
  'Brackenford',
  'Corriemoor',
  'Dunhallow',
  'Eastwick Forge',
  'Fallowfield Rovers',
  'Glenmarsh',
  'Holloway Mill',
  'Ironbridge Vale',
  'Juniper Town',
  'Kestrel Heath',
  'Larkspur United',
  'Marrowby',
  'Northcote Albion',
  'Oakhollow',
  'Pennyfold',
  'Quarry Lane',
  'Rushmere Athletic',
  'Saltmarsh City',
  'Thornbury Vale',
  'Umberleigh',
  'Vintner Park',
  'Wexcombe',
  'Yarrowby',
];
const LEAGUES = ['Simulated League A', 'Simulated League B', 'Simulated Cup'];
const COURSES = ['Ashmoor', 'Bellbrook', 'Cranleigh Downs', 'Dovecote Park', 'Kestrel Downs', 'Marram Sands', 'Oxley Vale', 'Wrenfield'];
const HORSE_A = [
  'Quiet',
  'Copper',
  'Silver',
  'Northern',
  'Bold',
  'Velvet',
  'Lucky',
  'Midnight',
  'Amber',
  'Distant',
  'Golden',
  'Rapid',
  'Hidden',
  'Crimson',
  'Gentle',
  'Restless',
];
const HORSE_B = [
  'Harbour',
  'Kettle',
  'Lantern',
  'Meadow',
  'Arrow',
  'Comet',
  'Echo',
  'Ember',
  'Falcon',
  'Legend',
  'Orchard',
  'Rumour',
  'Signal',
  'Thistle',
  'Voyage',
  'Willow',
];
const TOURNAMENTS = ['Simulated Links Classic', 'Heathland Masters (sim)', 'Coastal Open (sim)', 'Parkland Championship (sim)'];
const INITIALS = 'ABCDEFGHJKLMNPRST';
const SURNAMES = [
  'Ashdown',
  'Blakemore',
  'Carrow',
  'Dellany',
  'Everleigh',
  'Fenwick',
  'Garrity',
  'Holbeck',
  'Ingleby',
  'Jessop',
  'Kilbride',
  'Lomax',
  'Maddox',
  'Norcott',
  'Ormsby',
  'Pendry',
  'Quayle',
  'Rathbone',
  'Sallis',
  'Tenby',
  'Upcott',
  'Varley',
  'Wickham',
  'Yeoman',
];

type Sport = 'football' | 'horse-racing' | 'golf';
const SPORT_CODE: Record<Sport, number> = { football: 1, 'horse-racing': 2, golf: 3 };
const PREFIX: Record<Sport, string> = { football: 'fb', 'horse-racing': 'hr', golf: 'gf' };

interface RunnerPlan {
  readonly id: string;
  readonly base: number; // integer weight, at most 2000
  readonly key: number; // hash of the runner, seeds its noise
}

interface ExchangeBook {
  readonly exchange: ExchangeKey;
  /** Absent: the win market; N: the N-place market. */
  readonly places?: number;
  /** No back side (a lay-only exchange). */
  readonly layOnly?: boolean;
  /** Liquidity range, pounds. */
  readonly minPounds: number;
  readonly spanPounds: number;
  /** A locked each-way lay (betconnect's lock bet) on this win-market price. */
  readonly lock?: { readonly places: number; readonly placeFraction: number };
}

interface BookmakerBook {
  readonly bookmaker: BookmakerKey;
  readonly eachWay?: { readonly places: number; readonly placeFraction: number };
  readonly bestOddsGuaranteed?: true;
  /** The early payout and the runners it is offered on (the teams, not the draw). */
  readonly earlyPayout?: { readonly goalsAhead: number; readonly runners: readonly number[] };
  /** The runner boosted and the boost, per mille of the odds. */
  readonly boost?: { readonly runner: number; readonly perMille: number };
  /** Runners this bookmaker prices (indices); absent: all. */
  readonly runners?: readonly number[];
}

interface MarketPlan {
  readonly market: Market;
  readonly runners: readonly RunnerPlan[];
  readonly exchanges: readonly ExchangeBook[];
  readonly bookmakers: readonly BookmakerBook[];
  /** Margin multiplier of bookmakers on this market, per mille (racing and golf carry more). */
  readonly marginScale: number;
}

interface BuilderPlan {
  readonly id: string;
  readonly bookmaker: BookmakerKey;
  readonly legs: readonly { readonly market: number; readonly runner: number }[];
  readonly margin: number; // per mille
}

interface EventPlan {
  readonly event: SportEvent;
  readonly markets: readonly MarketPlan[];
  readonly builders: readonly BuilderPlan[];
}

// ---------------------------------------------------------------------------------------------
// Options
// ---------------------------------------------------------------------------------------------

interface Config {
  readonly seed: number;
  readonly intervalMs: number;
  readonly origin: number;
  readonly eventCount: number;
  readonly horizonMinutes: number;
}

function checkWhole(issues: ValidationIssue[], path: string, value: unknown, min: number, max: number): void {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    issues.push({ path, message: `must be a whole number, received ${typeof value === 'number' ? String(value) : typeof value}` });
  } else if (value < min) issues.push({ path, message: `must be at least ${min}` });
  else if (value > max) issues.push({ path, message: `must be at most ${max}` });
}

function resolve(options: SimulatedFeedOptions): Config & { now: number } {
  const issues: ValidationIssue[] = [];
  if (typeof options !== 'object' || options === null)
    throw new MatchkitValidationError('simulated feed options', [{ path: '', message: 'must be an object' }]);
  const known = new Set(['seed', 'clock', 'intervalMs', 'origin', 'eventCount', 'horizonMs', 'onListenerError']);
  for (const k of Object.keys(options)) if (!known.has(k)) issues.push({ path: k, message: 'unknown option' });
  checkWhole(issues, 'seed', options.seed, 0, 0xffffffff);
  if (typeof options.clock !== 'function') issues.push({ path: 'clock', message: 'must be a function returning epoch milliseconds' });
  const intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
  if (typeof intervalMs === 'number' && Number.isInteger(intervalMs) && intervalMs < MIN_INTERVAL_MS) {
    issues.push({
      path: 'intervalMs',
      message: `must be at least ${MIN_INTERVAL_MS} ms (no more than 5 patches a second), received ${intervalMs}`,
    });
  } else checkWhole(issues, 'intervalMs', intervalMs, MIN_INTERVAL_MS, 60_000);
  const origin = options.origin ?? DEFAULT_ORIGIN_MS;
  checkWhole(issues, 'origin', origin, 0, 8.64e15);
  const eventCount = options.eventCount ?? DEFAULT_EVENT_COUNT;
  checkWhole(issues, 'eventCount', eventCount, 10, 400);
  const horizonMs = options.horizonMs ?? DEFAULT_HORIZON_MS;
  checkWhole(issues, 'horizonMs', horizonMs, 60_000, 30 * 86_400_000);
  if (options.onListenerError !== undefined && typeof options.onListenerError !== 'function') {
    issues.push({ path: 'onListenerError', message: 'must be a function' });
  }
  let now = Number.NaN;
  if (typeof options.clock === 'function') {
    now = options.clock();
    if (typeof now !== 'number' || !Number.isFinite(now))
      issues.push({ path: 'clock', message: `must return epoch milliseconds, returned ${String(now)}` });
    else if (issues.every((i) => i.path !== 'origin') && now < origin)
      issues.push({ path: 'origin', message: `must not be after the clock (${now})` });
  }
  if (issues.length > 0) throw new MatchkitValidationError('simulated feed options', issues);
  return { seed: options.seed, intervalMs, origin, eventCount, horizonMinutes: Math.floor(horizonMs / 60_000), now };
}

// ---------------------------------------------------------------------------------------------
// Time: the schedule of each slot, UK clock times for race names
// ---------------------------------------------------------------------------------------------

/** 01:00 UTC on the last Sunday of a month (month 0-based): when UK clocks change. */
function lastSundayOneAm(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month + 1, -lastDay.getUTCDay(), 1);
}

/** HH:MM in Europe/London (GMT, or BST from the last Sunday of March to that of October). */
function londonTime(ms: number): string {
  const year = new Date(ms).getUTCFullYear();
  const summer = ms >= lastSundayOneAm(year, 2) && ms < lastSundayOneAm(year, 9);
  const local = new Date(ms + (summer ? 3_600_000 : 0));
  return `${String(local.getUTCHours()).padStart(2, '0')}:${String(local.getUTCMinutes()).padStart(2, '0')}`;
}

interface Slot {
  readonly index: number;
  readonly sport: Sport;
  readonly periodMinutes: number;
  readonly offsetMinutes: number;
}

function slots(config: Config): Slot[] {
  const n = config.eventCount;
  const football = Math.round(n / 2);
  const golf = Math.max(1, Math.round(n / 10));
  const out: Slot[] = [];
  for (let i = 0; i < n; i++) {
    const sport: Sport = i < football ? 'football' : i < n - golf ? 'horse-racing' : 'golf';
    const scale = sport === 'football' ? 3 : sport === 'golf' ? 12 : 1; // thirds of the horizon
    const h = hash(config.seed, 0x5107, i);
    // Between half and all of the sport's horizon.
    const full = (config.horizonMinutes * scale) / 3;
    const periodMinutes = Math.max(1, Math.floor((full * (500 + (h % 501))) / 1000));
    out.push({ index: i, sport, periodMinutes, offsetMinutes: hash(config.seed, 0x0ff5, i) % periodMinutes });
  }
  return out;
}

/** The generation of a slot listed at minute `m`, and its start minute. */
function generationAt(slot: Slot, minute: number): { g: number; startMinute: number } {
  const g = div(minute - slot.offsetMinutes, slot.periodMinutes) + 1;
  return { g, startMinute: g * slot.periodMinutes + slot.offsetMinutes };
}

// ---------------------------------------------------------------------------------------------
// Plans: what an event is (names, runners, who prices what, concessions), fixed for its life
// ---------------------------------------------------------------------------------------------

function pickDistinct<T>(next: (n: number) => number, items: readonly T[], count: number): T[] {
  const pool = items.slice();
  const out: T[] = [];
  for (let i = 0; i < count && pool.length > 0; i++) out.push(pool.splice(next(pool.length), 1)[0] as T);
  return out;
}

function runnerKey(seed: number, slot: Slot, g: number, market: number, runner: number): number {
  return hash(seed, SPORT_CODE[slot.sport] * 4096 + slot.index, g, market * 256 + runner);
}

/** 2UP on the home and away teams of a match-odds market (runners listed home, draw, away). */
const TWO_UP = Object.freeze({ goalsAhead: 2, runners: Object.freeze([0, 2]) });

function footballPlan(seed: number, slot: Slot, g: number, eventId: string, startsAt: string): EventPlan {
  const next = generator(hash(seed, 0xf007, slot.index, g));
  const [home, away] = pickDistinct(next, TEAMS, 2) as [string, string];
  const event: SportEvent = Object.freeze({
    id: eventId,
    sport: 'football',
    competition: LEAGUES[next(LEAGUES.length)] as string,
    name: `${home} v ${away}`,
    startsAt,
  });
  const h = 200 + next(401);
  const d = 220 + next(81);
  const yes = 420 + next(201);
  const over = 400 + next(221);
  const market = (mi: number, suffix: string, type: string, name: string, runners: readonly [string, string, number][]) => {
    const id = `${eventId}/${suffix}`;
    const listed = Object.freeze(runners.map(([rid, rname]) => Object.freeze({ id: `${id}/${rid}`, name: rname })));
    return {
      market: Object.freeze({ id, eventId, type, name, runners: listed }) as Market,
      runners: runners.map(([rid, , base], ri): RunnerPlan => ({ id: `${id}/${rid}`, base, key: runnerKey(seed, slot, g, mi, ri) })),
    };
  };
  const mo = market(0, 'mo', 'match-odds', 'Match Odds', [
    ['home', home, h],
    ['draw', 'Draw', d],
    ['away', away, 1000 - h - d],
  ]);
  const btts = market(1, 'btts', 'both-teams-to-score', 'Both Teams to Score', [
    ['yes', 'Yes', yes],
    ['no', 'No', 1000 - yes],
  ]);
  const ou = market(2, 'ou25', 'over-under-2-5', 'Over/Under 2.5 Goals', [
    ['over', 'Over 2.5 Goals', over],
    ['under', 'Under 2.5 Goals', 1000 - over],
  ]);
  const big = { minPounds: 50, spanPounds: 2950 };
  const small = { minPounds: 20, spanPounds: 780 };
  const boosted = next(2) === 0 ? { runner: next(3), perMille: 100 + next(301) } : undefined;
  const moBooks: BookmakerBook[] = [
    { bookmaker: 'alder-bet', earlyPayout: TWO_UP },
    { bookmaker: 'birch-bet', earlyPayout: TWO_UP },
    { bookmaker: 'cedar-bet' },
    next(2) === 0 ? { bookmaker: 'elm-bet', earlyPayout: TWO_UP } : { bookmaker: 'elm-bet' },
    { bookmaker: 'hazel-bet' },
    boosted === undefined ? { bookmaker: 'rowan-bet' } : { bookmaker: 'rowan-bet', boost: boosted },
  ];
  const sideBooks: BookmakerBook[] = [{ bookmaker: 'cedar-bet' }, { bookmaker: 'hazel-bet' }, { bookmaker: 'rowan-bet' }];
  const sideExchanges: ExchangeBook[] = [
    { exchange: 'smarkets', ...small },
    { exchange: 'matchbook', ...small },
    { exchange: 'betfair', ...small },
  ];
  const markets: MarketPlan[] = [
    {
      ...mo,
      marginScale: 1000,
      exchanges: [
        { exchange: 'smarkets', ...big },
        { exchange: 'matchbook', ...big },
        { exchange: 'betdaq', ...big },
        { exchange: 'betfair', ...big },
        { exchange: 'betconnect', layOnly: true, minPounds: 10, spanPounds: 490 },
      ],
      bookmakers: moBooks,
    },
    { ...btts, marginScale: 1200, exchanges: sideExchanges, bookmakers: sideBooks },
    { ...ou, marginScale: 1200, exchanges: sideExchanges, bookmakers: sideBooks },
  ];
  const builders: BuilderPlan[] = [
    {
      id: `${eventId}/bb/cedar-bet`,
      bookmaker: 'cedar-bet',
      legs: [
        { market: 0, runner: next(2) === 0 ? 0 : 2 },
        { market: 2, runner: 0 },
      ],
      margin: -40 + next(201),
    },
    {
      id: `${eventId}/bb/rowan-bet`,
      bookmaker: 'rowan-bet',
      legs: [
        { market: 0, runner: next(3) },
        { market: 1, runner: next(2) },
      ],
      margin: -40 + next(201),
    },
  ];
  return { event, markets, builders };
}

/** Standard UK each-way terms for a field: places and fraction (per the usual runner bands). */
function raceTerms(runners: number, handicap: boolean): { places: number; placeFraction: number } {
  if (runners <= 7) return { places: 2, placeFraction: 0.25 };
  if (runners <= 11 || !handicap) return { places: 3, placeFraction: 0.2 };
  if (runners <= 15) return { places: 3, placeFraction: 0.25 };
  return { places: 4, placeFraction: 0.25 };
}

function racePlan(seed: number, slot: Slot, g: number, eventId: string, startMs: number, startsAt: string): EventPlan {
  const next = generator(hash(seed, 0x4a2e, slot.index, g));
  const course = COURSES[next(COURSES.length)] as string;
  const event: SportEvent = Object.freeze({
    id: eventId,
    sport: 'horse-racing',
    competition: course,
    name: `${londonTime(startMs)} ${course}`,
    startsAt,
  });
  const count = 5 + next(12);
  const handicap = next(2) === 0;
  const terms = raceTerms(count, handicap);
  const id = `${eventId}/win`;
  const names = new Set<string>();
  const runners: RunnerPlan[] = [];
  const listed: { id: string; name: string }[] = [];
  for (let r = 0; r < count; r++) {
    const horse = () => `${HORSE_A[next(HORSE_A.length)] as string} ${HORSE_B[next(HORSE_B.length)] as string}`;
    let name = horse();
    while (names.has(name)) name = horse();
    names.add(name);
    const u = next(1000);
    runners.push({ id: `${id}/${r + 1}`, base: 100 + Math.floor((u * u) / 600), key: runnerKey(seed, slot, g, 0, r) });
    listed.push(Object.freeze({ id: `${id}/${r + 1}`, name }));
  }
  const market: Market = Object.freeze({
    id,
    eventId,
    type: 'win',
    name: 'Win',
    runners: Object.freeze(listed),
    exchangePlaces: terms.places,
  });
  const n = terms.places;
  const extra = (p: number) => ({ places: Math.min(count - 1, n + p), placeFraction: terms.placeFraction });
  const standard = { places: n, placeFraction: terms.placeFraction };
  const birch = next(10) < 7 ? extra(1) : standard;
  const elm = next(10) < 4 ? extra(1 + next(2)) : standard;
  const rowan = next(10) < 3 ? extra(1) : standard;
  const maxPlaces = Math.max(n, birch.places, elm.places, rowan.places);
  const boost = next(10) < 6 ? { runner: next(count), perMille: 100 + next(301) } : undefined;
  const booster = next(2) === 0 ? 'birch-bet' : 'rowan-bet';
  const withBoost = (b: BookmakerBook): BookmakerBook => (boost !== undefined && b.bookmaker === booster ? { ...b, boost } : b);
  const books: BookmakerBook[] = [
    { bookmaker: 'alder-bet', eachWay: standard, bestOddsGuaranteed: true },
    { bookmaker: 'birch-bet', eachWay: birch },
    // cedar-bet prices most runners, not all (a lagging, thinner book)
    { bookmaker: 'cedar-bet', eachWay: standard, runners: runners.map((_, i) => i).filter((i) => i === 0 || next(5) > 0) },
    next(10) < 6 ? { bookmaker: 'elm-bet', eachWay: elm, bestOddsGuaranteed: true } : { bookmaker: 'elm-bet', eachWay: elm },
    next(2) === 0 ? { bookmaker: 'hazel-bet', eachWay: standard, bestOddsGuaranteed: true } : { bookmaker: 'hazel-bet', eachWay: standard },
    { bookmaker: 'rowan-bet', eachWay: rowan },
  ];
  const bookmakers = books.map(withBoost);
  const exchanges: ExchangeBook[] = [
    { exchange: 'smarkets', minPounds: 20, spanPounds: 1480 },
    { exchange: 'matchbook', minPounds: 20, spanPounds: 1480 },
    { exchange: 'betdaq', minPounds: 10, spanPounds: 990 },
    { exchange: 'betfair', minPounds: 20, spanPounds: 1480 },
    {
      exchange: 'betconnect',
      layOnly: true,
      minPounds: 10,
      spanPounds: 490,
      lock: { places: maxPlaces, placeFraction: terms.placeFraction },
    },
    { exchange: 'smarkets', places: n, minPounds: 10, spanPounds: 390 },
    { exchange: 'matchbook', places: n, minPounds: 10, spanPounds: 390 },
    { exchange: 'betdaq', places: n, minPounds: 5, spanPounds: 295 },
    { exchange: 'betfair', places: n, minPounds: 10, spanPounds: 390 },
    // A place market for every count of places a bookmaker pays beyond the standard terms (lay the place).
    ...[...new Set([birch.places, elm.places, rowan.places])]
      .filter((m) => m > n)
      .sort((a, b) => a - b)
      .flatMap((m): ExchangeBook[] => [
        { exchange: 'smarkets', places: m, minPounds: 5, spanPounds: 195 },
        { exchange: 'matchbook', places: m, minPounds: 5, spanPounds: 195 },
      ]),
  ];
  return { event, markets: [{ market, runners, exchanges, bookmakers, marginScale: 1500 }], builders: [] };
}

function golfPlan(seed: number, slot: Slot, g: number, eventId: string, startsAt: string): EventPlan {
  const next = generator(hash(seed, 0x901f, slot.index, g));
  const name = TOURNAMENTS[next(TOURNAMENTS.length)] as string;
  const event: SportEvent = Object.freeze({ id: eventId, sport: 'golf', competition: 'Simulated Tour', name, startsAt });
  const count = 20 + next(11);
  const id = `${eventId}/win`;
  const names = new Set<string>();
  const runners: RunnerPlan[] = [];
  const listed: { id: string; name: string }[] = [];
  for (let r = 0; r < count; r++) {
    const golfer = () => `${INITIALS[next(INITIALS.length)] as string}. ${SURNAMES[next(SURNAMES.length)] as string}`;
    let player = golfer();
    while (names.has(player)) player = golfer();
    names.add(player);
    const u = next(1000);
    const pid = `${id}/p${String(r + 1).padStart(2, '0')}`;
    runners.push({ id: pid, base: 60 + Math.floor((u * u * u) / 600_000), key: runnerKey(seed, slot, g, 0, r) });
    listed.push(Object.freeze({ id: pid, name: player }));
  }
  const market: Market = Object.freeze({
    id,
    eventId,
    type: 'outright',
    name: 'Winner',
    runners: Object.freeze(listed),
    exchangePlaces: 5,
  });
  const fraction = 0.2;
  const bookmakers: BookmakerBook[] = [
    { bookmaker: 'alder-bet', eachWay: { places: 5, placeFraction: fraction } },
    { bookmaker: 'birch-bet', eachWay: { places: 8, placeFraction: fraction } },
    { bookmaker: 'elm-bet', eachWay: { places: [6, 8, 10][next(3)] as number, placeFraction: fraction } },
    { bookmaker: 'rowan-bet', eachWay: { places: 7, placeFraction: fraction } },
  ];
  const extra = [...new Set(bookmakers.map((b) => b.eachWay?.places ?? 5))].filter((m) => m !== 5 && m !== 10).sort((a, b) => a - b);
  const exchanges: ExchangeBook[] = [
    { exchange: 'smarkets', minPounds: 10, spanPounds: 490 },
    { exchange: 'matchbook', minPounds: 10, spanPounds: 490 },
    { exchange: 'betdaq', minPounds: 5, spanPounds: 245 },
    { exchange: 'betfair', minPounds: 10, spanPounds: 490 },
    { exchange: 'smarkets', places: 5, minPounds: 5, spanPounds: 195 },
    { exchange: 'matchbook', places: 5, minPounds: 5, spanPounds: 195 },
    { exchange: 'betfair', places: 5, minPounds: 5, spanPounds: 195 },
    { exchange: 'smarkets', places: 10, minPounds: 5, spanPounds: 145 },
    { exchange: 'betfair', places: 10, minPounds: 5, spanPounds: 145 },
    // Top-M markets for the extra places the bookmakers pay (lay the place; no Harville needed).
    ...extra.map((m): ExchangeBook => ({ exchange: 'smarkets', places: m, minPounds: 5, spanPounds: 145 })),
    ...extra.map((m): ExchangeBook => ({ exchange: 'matchbook', places: m, minPounds: 5, spanPounds: 145 })),
  ];
  return { event, markets: [{ market, runners, exchanges, bookmakers, marginScale: 1800 }], builders: [] };
}

// ---------------------------------------------------------------------------------------------
// Prices at an instant
// ---------------------------------------------------------------------------------------------

/** One octave of value noise: whole numbers in [−amp, amp], linear between lattice points. */
function octave(key: number, t: number, spacingMs: number, amp: number): number {
  const i = div(t, spacingMs);
  const f = t - i * spacingMs;
  const a = (hash(key, i) % (2 * amp + 1)) - amp;
  const b = (hash(key, i + 1) % (2 * amp + 1)) - amp;
  return a + div((b - a) * f, spacingMs);
}

/** A runner's weight at instant t: its base moved by two octaves of noise (at most ±21%). */
function weight(r: RunnerPlan, t: number): number {
  const noise = octave(r.key, t, 90_000, 90) + octave(r.key ^ 0x5bd1e995, t, 600_000, 120);
  return Math.max(1, div(r.base * (1000 + noise), 1000));
}

interface Weights {
  readonly w: number[];
  readonly total: number;
}

function weightsAt(plan: MarketPlan, t: number): Weights {
  const w = plan.runners.map((r) => weight(r, t));
  return { w, total: w.reduce((a, b) => a + b, 0) };
}

const BOOKMAKER_INDEX = new Map<string, number>(BOOKMAKERS.map((b, i) => [b.key, i]));

/** The last refresh instant of a bookmaker at or before t (bookmakers lag the exchanges). */
function refreshedAt(seed: number, bookmaker: number, t: number): { at: number; round: number } {
  const { refreshMs } = BOOKMAKERS[bookmaker] as (typeof BOOKMAKERS)[number];
  const phase = hash(seed, 0xb00c, bookmaker) % refreshMs;
  const round = div(t + phase, refreshMs);
  return { at: round * refreshMs - phase, round };
}

/** Liquidity in pence (whole pounds), changing every 60 s on a staggered rhythm. */
function liquidity(key: number, salt: number, t: number, minPounds: number, spanPounds: number): number {
  const phase = hash(key, salt, 0x11c) % 60_000;
  const round = div(t + phase, 60_000);
  return 100 * (minPounds + (hash(key, salt, round) % (spanPounds + 1)));
}

/** Top-N fair ladder indices: N × √w / Σ√w (never less likely than winning). */
function placeIndices(weights: Weights, places: number): number[] {
  const roots = weights.w.map((w) => Math.floor(Math.sqrt(w * 10_000)));
  const sum = roots.reduce((a, b) => a + b, 0);
  return roots.map((s, i) => Math.min(ladderCeil(sum, places * s), ladderCeil(weights.total, weights.w[i] as number)));
}

/** Whether a bookmaker prices a runner of a market (fixed for the plan). */
function prices(book: BookmakerBook, runner: number): boolean {
  return book.runners === undefined || book.runners.includes(runner);
}

/** The keys of a plan's records, in the order they are priced (fixed for the plan's life). */
interface Layout {
  readonly marketIds: readonly string[];
  readonly exchangeKeys: readonly string[];
  readonly backKeys: readonly string[];
  readonly builderKeys: readonly string[];
}

const layouts = new WeakMap<EventPlan, Layout>();

function layoutOf(plan: EventPlan): Layout {
  let layout = layouts.get(plan);
  if (layout === undefined) {
    const exchangeKeys: string[] = [];
    const backKeys: string[] = [];
    for (const m of plan.markets) {
      for (const book of m.exchanges) {
        for (const r of m.runners) exchangeKeys.push(exchangePriceKey({ exchange: book.exchange, selectionId: r.id, places: book.places }));
      }
      for (const book of m.bookmakers) {
        m.runners.forEach((r, i) => {
          if (prices(book, i)) backKeys.push(backPriceKey({ bookmaker: book.bookmaker, selectionId: r.id }));
        });
      }
    }
    layout = {
      marketIds: plan.markets.map((m) => m.market.id),
      exchangeKeys,
      backKeys,
      builderKeys: plan.builders.map((b) => b.id),
    };
    layouts.set(plan, layout);
  }
  return layout;
}

/** An event's prices at one instant, in layout order. */
interface EventPrices {
  readonly plan: EventPlan;
  readonly exchangePrices: readonly ExchangePrice[];
  readonly backPrices: readonly BackPrice[];
  readonly betBuilders: readonly BetBuilderPrice[];
}

/** Positions (in layout order) whose record changed since the previous instant. */
interface Changed {
  readonly exchangePrices: number[];
  readonly backPrices: number[];
  readonly betBuilders: number[];
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

function sameQuote(a: ExchangeQuote | null | undefined, odds: number, liquidity: number): boolean {
  return a !== null && a !== undefined && a.odds === odds && a.liquidity === liquidity;
}

/**
 * Prices an event at instant t. With `prev` (the same plan, an instant before), records that did
 * not change are the previous objects and the positions that did are listed in `changed`.
 */
function priceEvent(seed: number, plan: EventPlan, t: number, prev: EventPrices | undefined, changed: Changed | undefined): EventPrices {
  const exchangePrices: ExchangePrice[] = [];
  const backPrices: BackPrice[] = [];
  const betBuilders: BetBuilderPrice[] = [];
  for (const m of plan.markets) {
    const now = weightsAt(m, t);
    const fair = now.w.map((w) => ladderCeil(now.total, w));
    const placeFair = new Map<number, number[]>();
    for (const book of m.exchanges) {
      const places = book.places;
      let indices = fair;
      if (places !== undefined) {
        if (!placeFair.has(places)) placeFair.set(places, placeIndices(now, places));
        indices = placeFair.get(places) as number[];
      }
      const salt = EXCHANGE_SALT[book.exchange] * 32 + (places ?? 0);
      const layOnly = book.layOnly === true;
      m.runners.forEach((runner, i) => {
        const at = exchangePrices.length;
        const h = hash(runner.key, salt, div(t + (hash(runner.key, salt, 0x9a5e) % 30_000), 30_000));
        const centre = Math.max(1, Math.min(top() - 1, (indices[i] as number) + (h % 3) - 1));
        const layIndex = Math.min(top(), centre + ((h >>> 8) % 2) + (layOnly ? 1 : 0));
        const layOdds = odds(layIndex);
        const layMoney = liquidity(runner.key, salt, t, book.minPounds, book.spanPounds);
        const backOdds = layOnly ? 0 : odds(Math.max(0, centre - 1 - ((h >>> 12) % 2)));
        const backMoney = layOnly ? 0 : liquidity(runner.key, salt + 16, t, book.minPounds, book.spanPounds);
        // The lock (an each-way lay in one bet) is quoted a tick above the exchange's centre.
        const lockOdds = book.lock === undefined ? 0 : odds(Math.min(top(), centre + 1));
        const lockMoney = book.lock === undefined ? 0 : liquidity(runner.key, 0x10c, t, 10, 290);
        const old = prev?.exchangePrices[at];
        if (
          old !== undefined &&
          sameQuote(old.lay, layOdds, layMoney) &&
          (layOnly ? old.back === null : sameQuote(old.back, backOdds, backMoney)) &&
          (book.lock === undefined || sameQuote(old.eachWayLay, lockOdds, lockMoney))
        ) {
          exchangePrices.push(old);
          return;
        }
        const price: Mutable<ExchangePrice> = {
          exchange: book.exchange,
          selectionId: runner.id,
          ...(places === undefined ? {} : { places }),
          back: layOnly ? null : Object.freeze({ odds: backOdds, liquidity: backMoney }),
          lay: Object.freeze({ odds: layOdds, liquidity: layMoney }),
          commission: EXCHANGES[book.exchange],
        };
        if (book.lock !== undefined) {
          price.eachWayLay = Object.freeze({
            odds: lockOdds,
            liquidity: lockMoney,
            places: book.lock.places,
            placeFraction: book.lock.placeFraction,
          });
        }
        exchangePrices.push(Object.freeze(price));
        changed?.exchangePrices.push(at);
      });
    }
    const lagged = new Map<number, Weights>();
    for (const book of m.bookmakers) {
      const b = BOOKMAKER_INDEX.get(book.bookmaker) as number;
      const { at: seen, round } = refreshedAt(seed, b, t);
      if (!lagged.has(seen)) lagged.set(seen, weightsAt(m, seen));
      const then = lagged.get(seen) as Weights;
      const base = div((BOOKMAKERS[b] as (typeof BOOKMAKERS)[number]).margin * m.marginScale, 1000);
      m.runners.forEach((runner, i) => {
        if (!prices(book, i)) return;
        const at = backPrices.length;
        const margin = base + (hash(runner.key, b, round) % 61) - 30;
        const index = ladderFloor(then.total * (1000 - margin), (then.w[i] as number) * 1000);
        let offered = odds(index);
        let boostedFrom: number | undefined;
        if (book.boost !== undefined && book.boost.runner === i && index < top()) {
          const cents = ladder().cents[index] as number;
          boostedFrom = offered;
          offered = odds(Math.max(index + 1, ladderFloor(cents * (1000 + book.boost.perMille), 100_000)));
        }
        const old = prev?.backPrices[at];
        if (old !== undefined && old.odds === offered && old.boostedFrom === boostedFrom) {
          backPrices.push(old);
          return;
        }
        const price: Mutable<BackPrice> = { bookmaker: book.bookmaker, selectionId: runner.id, odds: offered };
        if (book.eachWay !== undefined) price.eachWay = Object.freeze({ ...book.eachWay });
        if (boostedFrom !== undefined) price.boostedFrom = boostedFrom;
        if (book.bestOddsGuaranteed === true) price.bestOddsGuaranteed = true;
        if (book.earlyPayout?.runners.includes(i) === true) price.earlyPayout = Object.freeze({ goalsAhead: book.earlyPayout.goalsAhead });
        backPrices.push(Object.freeze(price));
        changed?.backPrices.push(at);
      });
    }
  }
  plan.builders.forEach((builder, at) => {
    const b = BOOKMAKER_INDEX.get(builder.bookmaker) as number;
    const { at: seen, round } = refreshedAt(seed, b, t);
    let num = 1;
    let den = 1;
    for (const leg of builder.legs) {
      const w = weightsAt(plan.markets[leg.market] as MarketPlan, seen);
      num *= w.total;
      den *= w.w[leg.runner] as number;
    }
    const margin = builder.margin + (hash(seed, b, round, at) % 21) - 10;
    const offered = odds(ladderFloor(num * (1000 - margin), den * 1000));
    const old = prev?.betBuilders[at];
    if (old !== undefined && old.odds === offered) {
      betBuilders.push(old);
      return;
    }
    betBuilders.push(
      Object.freeze({
        id: builder.id,
        bookmaker: builder.bookmaker,
        eventId: plan.event.id,
        odds: offered,
        legs: Object.freeze(builder.legs.map((leg) => ((plan.markets[leg.market] as MarketPlan).runners[leg.runner] as RunnerPlan).id)),
      }),
    );
    changed?.betBuilders.push(at);
  });
  return { plan, exchangePrices, backPrices, betBuilders };
}

// ---------------------------------------------------------------------------------------------
// The whole market at a tick, and the step from one tick to the next
// ---------------------------------------------------------------------------------------------

interface Collections {
  readonly events: Keyed<SportEvent>;
  readonly markets: Keyed<Market>;
  readonly backPrices: Keyed<BackPrice>;
  readonly exchangePrices: Keyed<ExchangePrice>;
  readonly betBuilders: Keyed<BetBuilderPrice>;
}

/** Everything the feed holds at a tick: per-slot prices (for the next step) and the canonical snapshot. */
interface TickState {
  readonly seq: number;
  readonly slots: readonly EventPrices[];
  readonly sorted: Collections;
  readonly snapshot: FeedSnapshot;
}

const COLLECTIONS = ['events', 'markets', 'backPrices', 'exchangePrices', 'betBuilders'] as const;

function sortPairs<T>(keys: readonly string[], records: readonly T[]): { keys: string[]; records: T[] } {
  const order = keys.map((_, i) => i).sort((a, b) => compareKeys(keys[a] as string, keys[b] as string));
  return { keys: order.map((i) => keys[i] as string), records: order.map((i) => records[i] as T) };
}

function freezeSnapshot(seq: number, at: number, sorted: Collections): FeedSnapshot {
  return Object.freeze({
    seq,
    at,
    simulated: true,
    market: Object.freeze({
      events: Object.freeze(sorted.events.records.slice()),
      markets: Object.freeze(sorted.markets.records.slice()),
      backPrices: Object.freeze(sorted.backPrices.records.slice()),
      exchangePrices: Object.freeze(sorted.exchangePrices.records.slice()),
      betBuilders: Object.freeze(sorted.betBuilders.records.slice()),
    }),
  });
}

class Simulation {
  private readonly slots: readonly Slot[];

  constructor(readonly config: Config) {
    this.slots = slots(config);
  }

  at(seq: number): number {
    return this.config.origin + seq * this.config.intervalMs;
  }

  /** The plan of a slot at an instant, reusing `known` when it is the same generation. */
  private planAt(slot: Slot, t: number, known: EventPlan | undefined): EventPlan {
    const { g, startMinute } = generationAt(slot, div(t, 60_000));
    const id = `${PREFIX[slot.sport]}-${slot.index}-${g}`;
    if (known !== undefined && known.event.id === id) return known;
    const startMs = startMinute * 60_000;
    const startsAt = new Date(startMs).toISOString();
    const seed = this.config.seed;
    if (slot.sport === 'football') return footballPlan(seed, slot, g, id, startsAt);
    if (slot.sport === 'golf') return golfPlan(seed, slot, g, id, startsAt);
    return racePlan(seed, slot, g, id, startMs, startsAt);
  }

  /** The state at a tick, from nothing. */
  state(seq: number): TickState {
    const t = this.at(seq);
    const priced = this.slots.map((slot) => priceEvent(this.config.seed, this.planAt(slot, t, undefined), t, undefined, undefined));
    const all = {
      events: { keys: [] as string[], records: [] as SportEvent[] },
      markets: { keys: [] as string[], records: [] as Market[] },
      backPrices: { keys: [] as string[], records: [] as BackPrice[] },
      exchangePrices: { keys: [] as string[], records: [] as ExchangePrice[] },
      betBuilders: { keys: [] as string[], records: [] as BetBuilderPrice[] },
    };
    for (const p of priced) {
      const layout = layoutOf(p.plan);
      all.events.keys.push(p.plan.event.id);
      all.events.records.push(p.plan.event);
      all.markets.keys.push(...layout.marketIds);
      all.markets.records.push(...p.plan.markets.map((m) => m.market));
      all.backPrices.keys.push(...layout.backKeys);
      all.backPrices.records.push(...p.backPrices);
      all.exchangePrices.keys.push(...layout.exchangeKeys);
      all.exchangePrices.records.push(...p.exchangePrices);
      all.betBuilders.keys.push(...layout.builderKeys);
      all.betBuilders.records.push(...p.betBuilders);
    }
    const sorted: Collections = {
      events: sortPairs(all.events.keys, all.events.records),
      markets: sortPairs(all.markets.keys, all.markets.records),
      backPrices: sortPairs(all.backPrices.keys, all.backPrices.records),
      exchangePrices: sortPairs(all.exchangePrices.keys, all.exchangePrices.records),
      betBuilders: sortPairs(all.betBuilders.keys, all.betBuilders.records),
    };
    return { seq, slots: priced, sorted, snapshot: freezeSnapshot(seq, t, sorted) };
  }

  /** The state one tick on, and the patch that leads there (only what changed). */
  step(state: TickState): { state: TickState; patch: FeedPatch } {
    const seq = state.seq + 1;
    const t = this.at(seq);
    const up = {
      events: { keys: [] as string[], records: [] as SportEvent[] },
      markets: { keys: [] as string[], records: [] as Market[] },
      backPrices: { keys: [] as string[], records: [] as BackPrice[] },
      exchangePrices: { keys: [] as string[], records: [] as ExchangePrice[] },
      betBuilders: { keys: [] as string[], records: [] as BetBuilderPrice[] },
    };
    const gone = {
      events: [] as string[],
      markets: [] as string[],
      backPrices: [] as string[],
      exchangePrices: [] as string[],
      betBuilders: [] as string[],
    };
    const slots = this.slots.map((slot, s) => {
      const before = state.slots[s] as EventPrices;
      const plan = this.planAt(slot, t, before.plan);
      const layout = layoutOf(plan);
      if (plan === before.plan) {
        const changed: Changed = { exchangePrices: [], backPrices: [], betBuilders: [] };
        const next = priceEvent(this.config.seed, plan, t, before, changed);
        for (const i of changed.exchangePrices) {
          up.exchangePrices.keys.push(layout.exchangeKeys[i] as string);
          up.exchangePrices.records.push(next.exchangePrices[i] as ExchangePrice);
        }
        for (const i of changed.backPrices) {
          up.backPrices.keys.push(layout.backKeys[i] as string);
          up.backPrices.records.push(next.backPrices[i] as BackPrice);
        }
        for (const i of changed.betBuilders) {
          up.betBuilders.keys.push(layout.builderKeys[i] as string);
          up.betBuilders.records.push(next.betBuilders[i] as BetBuilderPrice);
        }
        return next;
      }
      // The event started: it goes, with its markets and prices, and the slot's next event comes.
      const old = layoutOf(before.plan);
      gone.events.push(before.plan.event.id);
      gone.markets.push(...old.marketIds);
      gone.backPrices.push(...old.backKeys);
      gone.exchangePrices.push(...old.exchangeKeys);
      gone.betBuilders.push(...old.builderKeys);
      const next = priceEvent(this.config.seed, plan, t, undefined, undefined);
      up.events.keys.push(plan.event.id);
      up.events.records.push(plan.event);
      up.markets.keys.push(...layout.marketIds);
      up.markets.records.push(...plan.markets.map((m) => m.market));
      up.backPrices.keys.push(...layout.backKeys);
      up.backPrices.records.push(...next.backPrices);
      up.exchangePrices.keys.push(...layout.exchangeKeys);
      up.exchangePrices.records.push(...next.exchangePrices);
      up.betBuilders.keys.push(...layout.builderKeys);
      up.betBuilders.records.push(...next.betBuilders);
      return next;
    });
    const upserts = {} as Record<(typeof COLLECTIONS)[number], { keys: string[]; records: unknown[] }>;
    const sorted = {} as Record<(typeof COLLECTIONS)[number], Keyed<unknown>>;
    for (const c of COLLECTIONS) {
      upserts[c] = sortPairs<unknown>(up[c].keys, up[c].records);
      gone[c].sort(compareKeys);
      sorted[c] = mergeKeyed<unknown>(state.sorted[c], upserts[c], new Set(gone[c]));
    }
    const patch: FeedPatch = Object.freeze({
      seq,
      at: t,
      upserts: Object.freeze({
        events: Object.freeze(upserts.events.records as SportEvent[]),
        markets: Object.freeze(upserts.markets.records as Market[]),
        backPrices: Object.freeze(upserts.backPrices.records as BackPrice[]),
        exchangePrices: Object.freeze(upserts.exchangePrices.records as ExchangePrice[]),
        betBuilders: Object.freeze(upserts.betBuilders.records as BetBuilderPrice[]),
      }),
      removes: Object.freeze({
        events: Object.freeze(gone.events),
        markets: Object.freeze(gone.markets),
        backPrices: Object.freeze(gone.backPrices),
        exchangePrices: Object.freeze(gone.exchangePrices),
        betBuilders: Object.freeze(gone.betBuilders),
      }),
    });
    const collections = sorted as unknown as Collections;
    return { state: { seq, slots, sorted: collections, snapshot: freezeSnapshot(seq, t, collections) }, patch };
  }
}

// ---------------------------------------------------------------------------------------------
// The feed
// ---------------------------------------------------------------------------------------------

/**
 * A deterministic simulated odds feed (football, horse racing, golf) behind {@link FeedSource}.
 * The snapshot at tick n is a pure function of the options and n (`seq` is the tick), so several
 * processes with the same options agree; patches carry only what changed.
 *
 * @param options - the seed, the clock and the sizes
 * @returns the feed, at the tick of `clock()`
 * @throws MatchkitValidationError naming each bad option (`intervalMs` below 200 among them)
 *
 * @example
 * ```ts
 * const feed = createSimulatedFeed({ seed: 7, clock: Date.now });
 * const stop = feed.onPatch((p) => publish(p));
 * feed.start();
 * ```
 */
export function createSimulatedFeed(options: SimulatedFeedOptions): SimulatedFeed {
  const { now, ...config } = resolve(options);
  const sim = new Simulation(config);
  const clock = options.clock;
  const onListenerError =
    options.onListenerError ??
    ((error: unknown) => {
      console.error('simulated feed: a patch listener failed', error);
    });
  const tickAt = (ms: number) => div(ms - config.origin, config.intervalMs);
  const listeners = new Set<(p: FeedPatch) => void>();
  let state = sim.state(tickAt(now));
  let timer: ReturnType<typeof setInterval> | undefined;

  const checkSeq = (n: number, least: number) => {
    if (!Number.isSafeInteger(n) || n < least) {
      throw new MatchkitValidationError('simulated feed tick', [
        { path: 'seq', message: `must be a whole number at least ${least}, received ${String(n)}` },
      ]);
    }
  };
  const emit = (patch: FeedPatch) => {
    for (const listener of [...listeners]) {
      try {
        listener(patch);
      } catch (error) {
        onListenerError(error);
      }
    }
  };
  const tick = (): FeedPatch => {
    const next = sim.step(state);
    state = next.state;
    emit(next.patch);
    return next.patch;
  };
  /**
   * Catches up with the clock. A timer firing a little early or late leaves the feed a tick or
   * two behind: it steps through them (every patch sent, no gap). Further behind (the process was
   * paused), it jumps to the clock's tick with one patch: listeners behind it see a gap and resync.
   */
  const sync = () => {
    const target = tickAt(clock());
    if (target <= state.seq) return;
    if (target - state.seq <= MAX_CATCH_UP) {
      while (state.seq < target) tick();
      return;
    }
    const next = sim.step(sim.state(target - 1));
    state = next.state;
    emit(next.patch);
  };

  return {
    simulated: true,
    seed: config.seed,
    intervalMs: config.intervalMs,
    origin: config.origin,
    get seq() {
      return state.seq;
    },
    snapshot: () => state.snapshot,
    onPatch(listener) {
      if (typeof listener !== 'function') {
        throw new MatchkitValidationError('simulated feed listener', [{ path: 'listener', message: 'must be a function' }]);
      }
      const own = (p: FeedPatch) => listener(p);
      listeners.add(own);
      return () => {
        listeners.delete(own);
      };
    },
    start() {
      if (timer !== undefined) return;
      timer = setInterval(sync, config.intervalMs);
      (timer as { unref?: () => void }).unref?.();
    },
    stop() {
      if (timer === undefined) return;
      clearInterval(timer);
      timer = undefined;
    },
    tick,
    snapshotAt(n) {
      checkSeq(n, 0);
      return n === state.seq ? state.snapshot : new Simulation(config).state(n).snapshot;
    },
    patchAt(n) {
      checkSeq(n, 1);
      const fresh = new Simulation(config);
      return fresh.step(fresh.state(n - 1)).patch;
    },
    tickAt,
  };
}

/**
 * The exchange prices of an earlier snapshot whose runners are still listed now: the `earlier`
 * input of the sdk's steam chaser (`findSteamers`), which refuses prices of unknown runners.
 */
export function steamBaseline(now: MarketSnapshot, earlier: MarketSnapshot): ExchangePrice[] {
  const runners = new Set<string>();
  for (const m of now.markets) for (const r of m.runners) runners.add(r.id);
  return earlier.exchangePrices.filter((p) => runners.has(p.selectionId));
}
