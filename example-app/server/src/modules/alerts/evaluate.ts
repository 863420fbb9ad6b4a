// Evaluates the saved odds alerts of one tool against one feed patch. The tool's own sdk engine
// rates the feed (never a second ranking): the oddsmatcher holds the whole feed, patch by patch,
// as the oddsmatcher page's does; a finder (the price boost tracker's findPriceBoosts, the 2UP
// matcher's findTwoUpMatches) runs over the markets a patch touched, when one of their selections
// has a price it ranks (a boosted price, a 2UP concession). The rows of the selections the
// patch touched (a price, their market or their event changed) are read off the engine, and each
// row is then checked only against the alerts that can want it: alerts are kept in buckets by
// bookmaker and sport (either may be "any"), each bucket sorted by threshold, so a row reads the
// alerts whose threshold it reaches and no others. An alert saved or changed is evaluated at once,
// alone, against every row its engine holds (evaluateAlert), by the same pass.
//
// One engine per tool, whatever the members' commissions and exchanges: it rates at commission 0
// on every exchange of the sdk's list (all switched on), the highest any rating can be (each tool
// rates b(1 − c)/(l − c), which falls as c rises since l > 1, and a member's exchanges are some of
// them), so its rows are candidates for every alert. Each candidate is then rated again, to a
// number, once per distinct "rated as" (the member's commissions, else the feed's, and the
// exchanges the member switched on: RateAs) that an alert able to want it holds, by the sdk's own
// rating of that tool; the row itself is built only for an alert it passes. The oddsmatcher's and
// the price boost tracker's rows are (bookmaker, exchange) pairs, so the pair re-rated (none when
// the member switched its exchange off) is the row the engine at the member's settings holds. The
// 2UP matcher picks one best lay per (selection, bookmaker): at the member's settings it may lay at
// another exchange, so the sdk's twoUpLay (the lay findTwoUpMatches takes, at those settings) is
// asked once per (selection, what of RateAs it reads there: layKeyOf), and the row rated with
// qualifyingRating (the finders' matchRating) against it. That row rates
// no higher than the candidate (its best lay factor at c ≥ 0 over some exchanges is at most the
// best at 0 over all of them, and the rest of the row does not read commissions), so no row is
// missed.
import type { AlertTool } from '@matchkit/app-contract';
import { applyPatchToOddsmatcher, type FeedPatch } from '@matchkit/sdk/feed';
import { enabledExchanges, exchanges as exchangeList } from '@matchkit/sdk/exchanges';
import {
  createOddsmatcher,
  oddsmatchRating,
  qualifyingRating,
  findPriceBoosts,
  findTwoUpMatches,
  indexMarketSnapshot,
  alertFigure,
  alertMatches,
  alertThreshold,
  isMoneyAlertRule,
  twoUpLay,
  type AlertRule,
  type MoneyAlertRule,
  type OddsAlertRule,
  type MoneyAlertRow,
  type MarketIndex,
  type MarketSnapshot,
  type Oddsmatcher,
  type OddsAlertRow,
  type OddsmatchRow,
  type TwoUpLay,
} from '@matchkit/sdk/matching';
import { eachWaySource } from './each-way-source';
import { extraPlaceSource } from './extra-place-source';

/** An alert as the evaluator holds it. */
export interface ActiveAlert {
  readonly id: string;
  readonly userId: string;
  readonly rule: AlertRule;
  /**
   * The member's exchange settings (exchange to on/off, as the server keeps them and their pages
   * read them with the sdk's enabledExchanges); absent: the defaults. Only rows laid at an exchange
   * they switched on are theirs.
   */
  readonly exchangeSettings?: Readonly<Record<string, boolean>> | undefined;
}

/** One (alert, match) pair found by a patch. */
export interface AlertHit {
  readonly alert: ActiveAlert;
  /** The selection, bookmaker and exchange: what "the same match" means for sending once. */
  readonly matchKey: string;
  readonly row: WatchedRow;
}

/**
 * A row an alert can find: what {@link oddsAlertMatches} reads, and what the member is shown of
 * the match (alerts.ts's StoredMatch). The oddsmatcher's rows and the price boost tracker's and 2UP matcher's have it.
 */
export type WatchedRow = (OddsAlertRow | MoneyAlertRow) &
  Pick<
    OddsmatchRow,
    'eventName' | 'marketName' | 'selectionName' | 'selectionId' | 'bookmaker' | 'exchange' | 'backOdds' | 'layOdds' | 'startsAt'
  >;

/**
 * What an alert's rows are rated as: its member's commissions and the exchanges they switched on.
 * Alerts with the same key share one (the evaluator rates a row once per RateAs).
 */
export interface RateAs {
  /** The member's own commission per exchange; `{}`: the feed's. */
  readonly commissions: Commissions;
  /**
   * The same, as a map: read per row and group (the commissions of every member have a shape of
   * their own, where a lookup by exchange is slow; a map's is not).
   */
  readonly ownCommission: ReadonlyMap<string, number>;
  /** The member's exchange settings, as the sdk's engines take them (`exchangeSettings`). */
  readonly exchangeSettings: Readonly<Record<string, boolean>>;
  /** The exchanges those settings switch on (the sdk's enabledExchanges). */
  readonly exchanges: ReadonlySet<string>;
  /**
   * A money rule's stake, pence: its rows are worked out on it (their figure, profit per penny, is
   * the same at any stake only to a rounding, and the row shown is at the member's stake); absent
   * for a rating rule.
   */
  readonly stake?: number | undefined;
  /** One key per (commissions, exchanges switched on, stake). */
  readonly key: string;
  /** One key per (commissions, exchanges switched on), whatever the stake: what a finder is run at. */
  readonly settings: string;
}

/** What a source found for one patch. */
export interface Candidates {
  /** The touched selections' rows rated (at commission 0, every exchange on) `lowest` or more. */
  readonly rows: readonly WatchedRow[];
  /**
   * The rating of the row the tool's engine gives at `as` for the selection and bookmaker of `row`
   * (one of `rows`), or undefined when it gives none: a number, no row built (the evaluator asks
   * once per row and RateAs, for the alerts the row's commission-0 rating reaches).
   */
  rating(row: WatchedRow, as: RateAs): number | undefined;
  /** That row itself, rated as {@link Candidates.rating} says (built only for an alert it passes). */
  at(row: WatchedRow, as: RateAs): WatchedRow | undefined;
  /**
   * True when {@link Candidates.at} gives, whenever it gives a row, the row's own match (its
   * selection, bookmaker and exchange: a pair re-rated): the evaluator then reads what the match
   * was found by before building the row, and builds it only for an alert that has not found it.
   */
  readonly ownMatch?: boolean;
}

/** Where one tool's alerts read their rows: the tool's sdk engine over the feed, at commission 0. */
export interface AlertSource {
  /** Ranks the feed as of patch `seq` (`market` its snapshot then), keeping rows rated `lowest` or more. */
  load(market: MarketSnapshot, seq: number, lowest: number): void;
  /**
   * Takes `patch` in (`market`: the feed after it, or later: as of `seq`, `patch.seq` when absent;
   * a source that loads `market` whole holds that seq, and skips the patches up to it) and returns the rows rated `lowest` or more of
   * the selections it touched, with their ratings at other commissions.
   */
  rows(patch: FeedPatch, market: MarketSnapshot, touched: ReadonlySet<string>, lowest: number, seq?: number): Candidates;
  /**
   * What of `as` a row laid at `exchange` is rated by, when the source's rows read only that
   * (RateAs with the same key rate such a row alike: the same rating, the same row), or null when
   * `as` rates no row laid there; absent: the whole RateAs. The evaluator groups alerts by it, so a
   * row is rated once per distinct key, not once per distinct RateAs.
   */
  readonly rateKeyAt?: (exchange: string, as: RateAs) => string | null;
  /**
   * The rows rated `lowest` or more of the whole feed as of `seq` (`market`: the feed's snapshot
   * then; an engine holding another seq is loaded from it afresh): what a newly saved or changed
   * alert is evaluated against at once. Absent: a source that keeps nothing between patches and
   * whose {@link AlertSource.rows} reads only the touched selections' part of the feed; the
   * evaluator asks it event by event with nothing changed (each event's rows fit a finder's limit).
   */
  readonly current?: (market: MarketSnapshot, seq: number, lowest: number) => Candidates;
}

/** The member's own commission per exchange an engine rates at (the sdk's `commissions`); `{}`: the feed's. */
export type Commissions = Readonly<Record<string, number>>;

/** One key per set of commissions (by exchange, in key order); `''`: the feed's. */
export function commissionsKey(commissions: Commissions): string {
  const set = Object.entries(commissions).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return set.length === 0 ? '' : JSON.stringify(set);
}

/** What an alert is rated as: its rule's commissions (and a money rule's stake) and its member's exchange settings. */
export function rateAsOf(alert: Pick<ActiveAlert, 'rule' | 'exchangeSettings'>): RateAs {
  const commissions = alert.rule.commissions ?? {};
  const exchangeSettings = alert.exchangeSettings ?? {};
  const on = enabledExchanges(exchangeSettings).map((e) => e.name);
  const settings = `${commissionsKey(commissions)}|${on.join(',')}`;
  const ownCommission = new Map(Object.entries(commissions));
  if (!isMoneyAlertRule(alert.rule))
    return { commissions, ownCommission, exchangeSettings, exchanges: new Set(on), key: settings, settings };
  const { stake } = alert.rule;
  return { commissions, ownCommission, exchangeSettings, exchanges: new Set(on), stake, key: `${settings}@${stake}`, settings };
}

/** Every exchange of the sdk's list switched on: the engines' candidates are every member's. */
export const EVERY_EXCHANGE: Readonly<Record<string, boolean>> = Object.fromEntries(exchangeList.map((e) => [e.name, true]));

/**
 * How far below an alert's threshold a candidate may rate and still be rated again: the ratings at
 * commission 0 and at the alert's are computed in floating point, where "falls as c rises" holds
 * only to a rounding; the exact check is the re-rating's.
 */
const SLACK = 1e-9;

/** Commission 0 at every exchange of `market`: the rates every rating is highest at. */
export function zeroCommissions(market: Pick<MarketSnapshot, 'exchangePrices'>): Commissions {
  const zeros: Record<string, number> = {};
  for (const p of market.exchangePrices) zeros[p.exchange] = 0;
  return zeros;
}

/** The feed's commission of each (selection, exchange) win-market price of `selections`. */
function feedCommissions(market: MarketSnapshot, selections: ReadonlySet<string>): Map<string, number> {
  const out = new Map<string, number>();
  for (const p of market.exchangePrices)
    if (p.places === undefined && selections.has(p.selectionId)) out.set(`${p.selectionId}|${p.exchange}`, p.commission);
  return out;
}

/**
 * Candidates whose rows are (bookmaker, exchange) pairs: each is rated again at an alert's
 * commission on its exchange (its own, else the feed's) by `rate`, the tool's sdk rating, once
 * per (row, commission), and none when the member switched its exchange off. The re-rated row is
 * the engine's row with its rating replaced (its other fields at commission 0 are copied as they
 * are: nothing reads them, storedMatch keeps only what a member is shown).
 */
export function pairCandidates(
  rows: readonly WatchedRow[],
  market: MarketSnapshot,
  rate: (backOdds: number, layOdds: number, commission: number) => number,
): Candidates {
  let feed: Map<string, number> | null = null;
  /** Per row: the feed's commission on its exchange (undefined: none). */
  const feedOf = new Map<WatchedRow, number | undefined>();
  // The evaluator asks about one row for many RateAs in a row: its feed commission is kept at hand.
  let lastRow: WatchedRow | null = null;
  let lastFeed: number | undefined;
  /** The commission `as` rates `row` at, or undefined when it rates no row laid at its exchange. */
  const commissionOf = (row: WatchedRow, as: RateAs): number | undefined => {
    if (!as.exchanges.has(row.exchange)) return undefined;
    const own = as.ownCommission.get(row.exchange);
    if (own !== undefined) return own;
    if (row !== lastRow) {
      if (feedOf.has(row)) lastFeed = feedOf.get(row);
      else {
        feed ??= feedCommissions(market, new Set(rows.map((r) => r.selectionId)));
        lastFeed = feed.get(`${row.selectionId}|${row.exchange}`);
        feedOf.set(row, lastFeed);
      }
      lastRow = row;
    }
    return lastFeed;
  };
  /** Per row, per commission: the re-rated row (built once, shared by every RateAs at that commission). */
  const built = new Map<WatchedRow, Map<number, WatchedRow>>();
  return {
    rows,
    ownMatch: true,
    rating(row, as) {
      const c = commissionOf(row, as);
      return c === undefined ? undefined : rate(row.backOdds, row.layOdds, c);
    },
    at(row, as) {
      const c = commissionOf(row, as);
      if (c === undefined) return undefined;
      let byCommission = built.get(row);
      if (byCommission === undefined) built.set(row, (byCommission = new Map()));
      let again = byCommission.get(c);
      if (again === undefined) byCommission.set(c, (again = { ...row, rating: rate(row.backOdds, row.layOdds, c) }));
      return again;
    },
  };
}

/**
 * {@link AlertSource.rateKeyAt} of the sources whose candidates are {@link pairCandidates}: a pair
 * laid at `exchange` reads the member's commission there (else the feed's) and whether they
 * switched it on.
 */
export function pairRateKeyAt(exchange: string, as: RateAs): string | null {
  if (!as.exchanges.has(exchange)) return null;
  const own = as.ownCommission.get(exchange);
  return own === undefined ? 'feed' : String(own);
}

const NO_CANDIDATES: Candidates = { rows: [], rating: () => undefined, at: () => undefined };

/** What one evaluation did. */
export interface Evaluation {
  readonly hits: readonly AlertHit[];
  /** Rows the oddsmatcher ranked for the touched markets. */
  readonly rows: number;
  /** (alert, row) checks made: what the index let through. */
  readonly checked: number;
}

/** The key of an (alert, match) pair's match. */
export const matchKeyOf = (row: Pick<OddsmatchRow, 'selectionId' | 'bookmaker' | 'exchange'>) =>
  `${row.selectionId}|${row.bookmaker}|${row.exchange}`;

/** The selection of a match key (the bookmaker and exchange keys hold no `|`). */
const selectionOfKey = (matchKey: string) => matchKey.slice(0, matchKey.lastIndexOf('|', matchKey.lastIndexOf('|') - 1));

/**
 * The new matches an alert records per patch at most: its best (by rating at its settings, ties by
 * match key). A member is pushed once per alert per cool-down however many it finds, and hundreds
 * of one patch would only bury the best (docs/notifications.md); the rest stay unfound, so a later
 * patch touching them may record them.
 */
export const MATCHES_PER_PATCH = 5;

/** Whether hit `a` ranks before `b`: a higher figure (rating, or a money row's profit per penny), else the smaller match key. */
const ranksBefore = (a: AlertHit, b: AlertHit) => {
  const fa = alertFigure(a.row);
  const fb = alertFigure(b.row);
  return fa > fb || (fa === fb && a.matchKey < b.matchKey);
};

/** Keeps `hit` in `kept` (best first, at most MATCHES_PER_PATCH) when it ranks among the best. */
function keepBest(kept: AlertHit[], hit: AlertHit): void {
  if (kept.length === MATCHES_PER_PATCH) {
    if (!ranksBefore(hit, kept[MATCHES_PER_PATCH - 1] as AlertHit)) return;
    kept.pop();
  }
  let i = kept.length;
  while (i > 0 && ranksBefore(hit, kept[i - 1] as AlertHit)) i--;
  kept.splice(i, 0, hit);
}

const NO_GROUPS: readonly Group[] = [];

const ANY = '*';
const bucketKey = (bookmaker: string | undefined, sport: string | undefined) => `${bookmaker ?? ANY}|${sport ?? ANY}`;

/** The saved alerts, indexed, and the evaluation of a patch against them. */
export interface AlertEvaluator {
  /** Adds or replaces an alert (paused alerts are removed instead). */
  set(alert: ActiveAlert): void;
  /** Removes an alert and forgets what it found (no-op when unknown). */
  remove(alertId: string): void;
  /** Forgets every alert of a member (access lost, account closed). */
  removeMember(userId: string): void;
  /** Whether the pair was found before (sent once: found pairs are never reported again). */
  seen(alertId: string, matchKey: string): boolean;
  /**
   * Marks pairs as found (the caller does so once they are recorded); nothing for an alert not held
   * (one removed while its matches were recorded takes no slot that nothing would release).
   */
  markSeen(alertId: string, matchKeys: Iterable<string>): void;
  /** The number of alerts held. */
  readonly size: number;
  /** The ids of the alerts held. */
  ids(): IterableIterator<string>;
  /** The keys of the matches found and remembered (those of selections gone from the feed are dropped). */
  foundKeys(): IterableIterator<string>;
  /**
   * Ranks the feed as of patch `seq` (`market` its snapshot then), so that patch `seq + 1` is
   * applied as a patch (the oddsmatcher's): the server does so at start, not on the first patch.
   * The alerts' groups are built then too, for every bucket and every exchange of `market` (a
   * bucket an alert change alters is grouped again on the next patch that reads it). No-op without
   * alerts.
   */
  load(market: MarketSnapshot, seq: number): void;
  /**
   * Evaluates every alert against every row the engine holds (`market`, `seq`: the feed's snapshot,
   * as {@link AlertEvaluator.load} was given it), event by event as patches touching each event
   * would, at `now`, and keeps nothing: no hit is returned or marked found, so what later patches
   * find is unchanged. The server does so once at start, after load: V8 then runs and compiles the
   * evaluation's code there, a one-time cost of the process, rather than on the first patches
   * (unoptimised, they took five to ten times a warm patch's CPU). Returns what it read.
   */
  prime(market: MarketSnapshot, seq: number, now: number): Omit<Evaluation, 'hits'>;
  /**
   * Evaluates the alerts against `patch`, on `market` (the feed's market after the patch, or a
   * later one: as of `seq`, `patch.seq` when absent), at `now`.
   */
  evaluate(patch: FeedPatch, market: MarketSnapshot, now: number, seq?: number): Evaluation;
  /**
   * Evaluates one held alert (just saved, resumed or changed) against every row its engine holds
   * now (`market`, `seq`: the feed's snapshot), at `now`: its best MATCHES_PER_PATCH new matches,
   * as a patch touching every selection would find them (no hits when the alert is not held).
   */
  evaluateAlert(alertId: string, market: MarketSnapshot, seq: number, now: number): Evaluation;
  /** How many entries the evaluator's indexes hold (each bounded by the alerts held: tests read them). */
  sizes(): EvaluatorSizes;
}

/** The sizes of an evaluator's indexes: none outlives the alerts that made it. */
export interface EvaluatorSizes {
  /** Alert buckets by (bookmaker, sport). */
  readonly buckets: number;
  /** Distinct RateAs held. */
  readonly rateAs: number;
  /** Group keys numbered (a row's rating and built row slots). */
  readonly groupKeys: number;
  /** Buckets' groups cached (per bucket, per exchange). */
  readonly groupLists: number;
  /** A row's memo slots (at most the most group keys held at once, at least 64). */
  readonly memoSlots: number;
}

/** Every key of a rule of kind `R`, undefined (the compiler names a key the sdk adds and this lacks). */
type EveryKey<R> = { readonly [K in keyof Required<R>]: undefined };
const ODDS_RULE_KEYS: EveryKey<OddsAlertRule> = {
  minRating: undefined,
  bookmaker: undefined,
  sport: undefined,
  withinHours: undefined,
  minLiquidity: undefined,
  commissions: undefined,
};
const MONEY_RULE_KEYS: EveryKey<MoneyAlertRule> = {
  minProfit: undefined,
  stake: undefined,
  bookmaker: undefined,
  sport: undefined,
  withinHours: undefined,
  minLiquidity: undefined,
  commissions: undefined,
};

/**
 * `rule` with every key its kind has (those it leaves out undefined, which the sdk reads as
 * absent), in one order: the rules of one kind then share one shape, so the sdk's alertMatches
 * reads them at one place in each, where rules of every combination of filters were read by a
 * lookup each (the worst patches spent a fifth of their time there).
 */
export function uniformRule(rule: AlertRule): AlertRule {
  return isMoneyAlertRule(rule) ? ({ ...MONEY_RULE_KEYS, ...rule } as AlertRule) : ({ ...ODDS_RULE_KEYS, ...rule } as AlertRule);
}

/** An alert held: its slot numbers its bit in each match's found bits. */
interface Held {
  readonly alert: ActiveAlert;
  /** Its rule as {@link uniformRule} gives it: what a row is checked against. */
  readonly rule: AlertRule;
  /** The rule's threshold on the scale of its rows' figures (the sdk's alertThreshold, alertFigure). */
  readonly threshold: number;
  readonly slot: number;
  /** What the alert is rated as (shared by the alerts of one key). */
  readonly as: RateAs;
}

/** A row re-rated at one RateAs as an alert is shown it: the row, its match's key and found bits. */
interface Shown {
  readonly row: WatchedRow;
  readonly matchKey: string;
  readonly bits: Uint32Array | undefined;
}

/**
 * A bucket's alerts that rate a row alike (of one RateAs, or of one rate key at the row's exchange):
 * their thresholds ascending, and the alerts in that order.
 */
interface Group {
  /** Its number among the evaluator's group keys (its slot in a row's ratings and rows built). */
  readonly id: number;
  /** Its group key (numbered while a cached group has it). */
  readonly key: string;
  readonly as: RateAs;
  readonly helds: readonly Held[];
  readonly thresholds: Float64Array;
  /** The alerts' slots, in the same order (their found bits and best kept read without a Held). */
  readonly slots: Uint32Array;
}

/** A new, empty evaluator of the alerts of one tool (`source`: the oddsmatcher's by default). */
export function createAlertEvaluator(source: AlertSource = oddsmatcherSource()): AlertEvaluator {
  const alerts = new Map<string, Held>();
  /** Alerts by bucket, sorted by threshold when grouped (a bucket left empty is dropped). */
  const buckets = new Map<string, Held[]>();
  // What each alert found, as one bit per alert (its slot) per match: a row looks its match up once
  // and then tests a bit per alert, where a set of keys per alert cost a string hash per pair.
  const slots = new Map<string, number>();
  const freeSlots: number[] = [];
  let slotCount = 0;
  // (Swapped for a scratch map while the evaluator is primed: see prime.)
  let found = new Map<string, Uint32Array>();
  /** Sets the bit of `slot` in the found bits of `matchKey` (in `into`), growing them as needed. */
  const mark = (into: Map<string, Uint32Array>, slot: number, matchKey: string) => {
    const word = slot >>> 5;
    let bits = into.get(matchKey);
    if (bits === undefined || word >= bits.length) {
      const grown = new Uint32Array(Math.max(word + 1, (slotCount + 31) >>> 5));
      if (bits !== undefined) grown.set(bits);
      into.set(matchKey, (bits = grown));
    }
    bits[word] = (bits[word] as number) | (1 << (slot & 31));
  };

  const slotOf = (alertId: string): number => {
    let slot = slots.get(alertId);
    if (slot === undefined) {
      slot = freeSlots.pop() ?? slotCount++;
      slots.set(alertId, slot);
    }
    return slot;
  };
  const releaseSlot = (alertId: string) => {
    const slot = slots.get(alertId);
    if (slot === undefined) return;
    slots.delete(alertId);
    const word = slot >>> 5;
    const mask = ~(1 << (slot & 31));
    for (const bits of found.values()) if (word < bits.length) bits[word] = (bits[word] as number) & mask;
    freeSlots.push(slot);
  };
  const isSet = (bits: Uint32Array | undefined, slot: number) =>
    bits !== undefined && slot >>> 5 < bits.length && ((bits[slot >>> 5] as number) & (1 << (slot & 31))) !== 0;

  // What the alerts are rated as, one per key, counted (dropped with its last alert).
  const rateAs = new Map<string, { as: RateAs; alerts: number }>();
  const intern = (alert: ActiveAlert) => {
    const as = rateAsOf(alert);
    let held = rateAs.get(as.key);
    if (held === undefined) rateAs.set(as.key, (held = { as, alerts: 0 }));
    held.alerts++;
    return held;
  };
  const release = (as: RateAs) => {
    const held = rateAs.get(as.key);
    if (held === undefined || --held.alerts > 0) return;
    rateAs.delete(as.key);
  };
  /** The smallest a row's memo is: room for the groups of most evaluators, never regrown. */
  const MEMO_SLOTS = 64;
  // A row's rating per group number, valid where its stamp is the row's (no clearing per row).
  let ratings = new Float64Array(MEMO_SLOTS);
  let stamps = new Uint32Array(MEMO_SLOTS);
  let stamp = 0;
  // The re-rated row per group number (null: none), built once per row for the alerts it passes,
  // with its match's key and found bits, valid where its stamp is the row's.
  let built: (Shown | null)[] = [];
  let builtStamps = new Uint32Array(MEMO_SLOTS);

  /**
   * A bucket's alerts grouped by what a row laid at `exchange` is rated by (the source's rate key
   * there, else the whole RateAs), each group's thresholds ascending in a typed array (its alerts
   * in the same order), the groups by their lowest threshold: a row is rated once per group and
   * reads only the alerts whose threshold that rating reaches (built lazily, dropped when the
   * bucket changes). Alerts that rate no row laid at `exchange` are left out.
   */
  const grouped = new Map<string, Map<string, readonly Group[]>>();
  /**
   * Each group key's number (the slots of a row's ratings and rows built) and how many cached
   * groups have it: a key is freed, and its number reused, once no cached group has it, so the
   * numbers stay below the most group keys held at once.
   */
  const groupIds = new Map<string, { readonly id: number; uses: number }>();
  const freeIds: number[] = [];
  let nextId = 0;
  const takeId = (groupKey: string): number => {
    let entry = groupIds.get(groupKey);
    if (entry === undefined) groupIds.set(groupKey, (entry = { id: freeIds.pop() ?? nextId++, uses: 0 }));
    entry.uses++;
    return entry.id;
  };
  /** Forgets a bucket's cached groups (it changed), freeing the group keys no other cached group has. */
  const dropGroups = (bucket: string) => {
    const byExchange = grouped.get(bucket);
    if (byExchange === undefined) return;
    grouped.delete(bucket);
    for (const groups of byExchange.values())
      for (const g of groups) {
        const entry = groupIds.get(g.key);
        if (entry === undefined || --entry.uses > 0) continue;
        groupIds.delete(g.key);
        freeIds.push(entry.id);
      }
    if (groupIds.size === 0) {
      // No group left: the numbers start again, and the memo is back to its smallest.
      nextId = 0;
      freeIds.length = 0;
      if (ratings.length > MEMO_SLOTS) {
        ratings = new Float64Array(MEMO_SLOTS);
        stamps = new Uint32Array(MEMO_SLOTS);
        built = [];
        builtStamps = new Uint32Array(MEMO_SLOTS);
      }
    }
  };

  const bucketOf = (a: ActiveAlert) => bucketKey(a.rule.bookmaker, a.rule.sport);
  const unhold = (alertId: string) => {
    const old = alerts.get(alertId);
    if (old === undefined) return;
    alerts.delete(alertId);
    release(old.as);
    const key = bucketOf(old.alert);
    const rest = (buckets.get(key) ?? []).filter((h) => h.alert.id !== alertId);
    if (rest.length === 0) buckets.delete(key);
    else buckets.set(key, rest);
    dropGroups(key);
  };
  const rateKeyAt = source.rateKeyAt;
  /** The group key of an alert at `exchange` ('' without rate keys), or null when it rates no row laid there. */
  const groupKeyAt = (at: string, as: RateAs): string | null => {
    if (rateKeyAt === undefined) return `as ${as.key}`;
    const rateKey = rateKeyAt(at, as);
    return rateKey === null ? null : `${at}\u0000${rateKey}`;
  };
  const groupsOf = (key: string, exchange: string): readonly Group[] => {
    // A bucket without alerts has no groups (and nothing is cached for it).
    if (!buckets.has(key)) return NO_GROUPS;
    let byExchange = grouped.get(key);
    if (byExchange === undefined) grouped.set(key, (byExchange = new Map()));
    // Without rate keys, the groups are the same at every exchange.
    const at = rateKeyAt === undefined ? '' : exchange;
    const cached = byExchange.get(at);
    if (cached !== undefined) return cached;
    const byKey = new Map<string, Held[]>();
    for (const h of buckets.get(key) ?? []) {
      const groupKey = groupKeyAt(at, h.as);
      if (groupKey === null) continue;
      const list = byKey.get(groupKey);
      if (list === undefined) byKey.set(groupKey, [h]);
      else list.push(h);
    }
    const groups: Group[] = [];
    for (const [groupKey, helds] of byKey) {
      helds.sort((a, b) => a.threshold - b.threshold);
      const id = takeId(groupKey);
      groups.push({
        id,
        key: groupKey,
        as: (helds[0] as Held).as,
        helds,
        thresholds: Float64Array.from(helds, (h) => h.threshold),
        slots: Uint32Array.from(helds, (h) => h.slot),
      });
    }
    groups.sort((a, b) => (a.thresholds[0] as number) - (b.thresholds[0] as number));
    byExchange.set(at, groups);
    if (nextId > ratings.length) {
      // A row's memo slots grown (those of the row being read are asked again).
      const size = Math.max(nextId, 2 * ratings.length);
      ratings = new Float64Array(size);
      stamps = new Uint32Array(size);
      built = [];
      builtStamps = new Uint32Array(size);
    }
    return groups;
  };
  let lowest = Infinity;
  let lowestStale = true;
  /** The lowest threshold held (recomputed when an alert changes). */
  const threshold = (): number => {
    if (lowestStale) {
      lowest = Infinity;
      for (const h of alerts.values()) lowest = Math.min(lowest, h.threshold);
      lowestStale = false;
    }
    return lowest;
  };

  /** Forgets the matches of selections no longer in `market`. */
  const dropGone = (market: MarketSnapshot) => {
    if (found.size === 0) return;
    const live = new Set<string>();
    for (const m of market.markets) for (const r of m.runners) live.add(r.id);
    for (const key of found.keys()) if (!live.has(selectionOfKey(key))) found.delete(key);
  };

  /**
   * Per alert slot, during a pass: the figure of the worst of its best MATCHES_PER_PATCH new
   * matches once it holds that many, else -Infinity (a row rating no more than it, less a rounding,
   * is passed over by a read of this array). Back to -Infinity at the end of each pass.
   */
  let worstKept = new Float64Array(0);
  /**
   * Per alert slot, during a pass: its best new matches of the pass, best first (undefined: none
   * yet). Kept across passes, every slot's entry (a fresh array written at scattered slots would
   * be held as a dictionary), and emptied at the end of each.
   */
  let bestOf: (AlertHit[] | undefined)[] = [];

  /**
   * Checks `candidates` against the alerts of the groups `groupsAt` gives a row (the lists of the
   * row's buckets, read in the same call): per alert its best MATCHES_PER_PATCH new matches.
   */
  const pass = (
    { rows, rating, at, ownMatch = false }: Candidates,
    now: number,
    groupsAt: (row: WatchedRow) => readonly (readonly Group[])[],
  ): Evaluation => {
    if (rows.length === 0) return { hits: [], rows: 0, checked: 0 };
    // Rows in descending candidate figure (commission 0, every exchange; ties by match key): an
    // alert holding its best MATCHES_PER_PATCH is past when its worst kept rates above a row's
    // candidate figure, the most the row can rate at any member's settings (and, for a money
    // alert, at any stake: profit per penny is linear in the stake).
    // Each row's group lists are looked up here, not in scan: the lookups are each evaluator's own
    // closures, which scan, compiled once for every evaluator, would be compiled again to call.
    const order = rows
      .map((row) => ({ row, figure: alertFigure(row), key: matchKeyOf(row), groups: groupsAt(row).slice() }))
      .sort((a, b) => b.figure - a.figure || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    return scan(order, rating, at, ownMatch, now);
  };

  /**
   * The hot part of {@link pass}: its rows in order, read against their groups. Apart from pass,
   * and given plain values rather than a source's Candidates (whose shapes differ by source, and
   * whose empty row lists are arrays of another kind), so that V8 compiles it once or twice, not
   * once more per source kind met: each compile of it cost 80 to 110 ms of CPU (--trace-opt),
   * the cold bench's worst patches.
   */
  const scan = (
    order: readonly {
      readonly row: WatchedRow;
      readonly figure: number;
      readonly key: string;
      readonly groups: readonly (readonly Group[])[];
    }[],
    rating: Candidates['rating'],
    at: Candidates['at'],
    ownMatch: boolean,
    now: number,
  ): Evaluation => {
    if (worstKept.length < slotCount) worstKept = new Float64Array(slotCount).fill(-Infinity);
    if (bestOf.length < slotCount) bestOf = new Array<AlertHit[] | undefined>(slotCount).fill(undefined);
    const best = bestOf;
    const holding: number[] = [];
    let checked = 0;
    // Per row: its found bits (read once, when a group's row is the row's own match) and the last
    // row shown (the sources share one re-rated row among the groups that rate it alike).
    let rowBits: Uint32Array | undefined;
    let rowBitsStamp = 0;
    let lastShown: Shown | null = null;
    let row: WatchedRow;
    let rowKey: string;
    /** The row re-rated for group `g` (built once per row and group number), or null when it has none. */
    const shownFor = (g: Group): Shown | null => {
      const id = g.id;
      if (builtStamps[id] === stamp) return built[id] as Shown | null;
      const again = at(row, g.as);
      let shown: Shown | null;
      // The exchange laid at must be one the member switched on (the sources choose so; checked once more).
      if (again === undefined || !g.as.exchanges.has(again.exchange)) shown = null;
      else if (lastShown !== null && lastShown.row === again) shown = lastShown;
      else if (again.selectionId === row.selectionId && again.bookmaker === row.bookmaker && again.exchange === row.exchange)
        // The row's own match (a pair re-rated): its key, and its found bits looked up once per row.
        shown = lastShown = { row: again, matchKey: rowKey, bits: ownBits() };
      else if (ownMatch) throw new Error(`a source said its rows are their own matches, and re-rated ${rowKey} as another`);
      else {
        const matchKey = matchKeyOf(again);
        shown = lastShown = { row: again, matchKey, bits: found.get(matchKey) };
      }
      built[id] = shown;
      builtStamps[id] = stamp;
      return shown;
    };
    const ownBits = (): Uint32Array | undefined => {
      if (rowBitsStamp !== stamp) {
        rowBits = found.get(rowKey);
        rowBitsStamp = stamp;
      }
      return rowBits;
    };
    const hits: AlertHit[] = [];
    // The slots' entries are emptied whatever happens (a source that throws leaves none for the next pass).
    try {
      for (const o of order) {
        row = o.row;
        rowKey = o.key;
        const figure = o.figure;
        lastShown = null;
        // A new stamp per row: every group's rating is asked again (all of them once the stamps wrap).
        if (++stamp === 0xffffffff) {
          stamps.fill(0);
          builtStamps.fill(0);
          stamp = 1;
          rowBitsStamp = 0;
        }
        for (const groups of o.groups) {
          // Groups by lowest threshold: those the row's candidate figure reaches come first.
          for (const g of groups) {
            const t = g.thresholds;
            if ((t[0] as number) - SLACK > figure) break;
            const id = g.id;
            let mine: number;
            if (stamps[id] === stamp) mine = ratings[id] as number;
            else {
              // No row at these settings: below every threshold.
              mine = rating(row, g.as) ?? -Infinity;
              ratings[id] = mine;
              stamps[id] = stamp;
            }
            // The alerts whose threshold the re-rated value reaches: t[0 .. reach).
            let lo = 0;
            let hi = t.length;
            while (lo < hi) {
              const mid = (lo + hi) >>> 1;
              if ((t[mid] as number) <= mine) lo = mid + 1;
              else hi = mid;
            }
            const reach = lo;
            checked += reach;
            if (reach === 0) continue;
            // The row's own match's found bits (a source of own matches: known before any row is
            // built), else the bits of the match of the row built for this group.
            let shown: Shown | null | undefined;
            let bits: Uint32Array | undefined;
            if (ownMatch) bits = ownBits();
            else {
              shown = shownFor(g);
              if (shown === null) continue;
              bits = shown.bits;
            }
            const words = bits === undefined ? 0 : bits.length;
            const slots = g.slots;
            const floor = mine + SLACK;
            for (let k = 0; k < reach; k++) {
              const slot = slots[k] as number;
              const word = slot >>> 5;
              // Found before: never again.
              if (word < words && ((bits as Uint32Array)[word] as number) & (1 << (slot & 31))) continue;
              // Full, and its worst beats this row at the alert's settings (by more than a rounding:
              // a source may give a figure scaled from another stake's, equal only to a rounding).
              if ((worstKept[slot] as number) > floor) continue;
              // The row built for the first alert that may take it (none: no alert of the group takes it).
              if (shown === undefined) shown = shownFor(g);
              if (shown === null) break;
              const held = g.helds[k] as Held;
              if (!alertMatches(held.rule, shown.row, now)) continue;
              const hit: AlertHit = { alert: held.alert, matchKey: shown.matchKey, row: shown.row };
              let kept = best[slot];
              if (kept === undefined) {
                best[slot] = kept = [hit];
                holding.push(slot);
              } else keepBest(kept, hit);
              if (kept.length === MATCHES_PER_PATCH) worstKept[slot] = alertFigure((kept[MATCHES_PER_PATCH - 1] as AlertHit).row);
            }
          }
        }
      }
      for (const slot of holding) hits.push(...(best[slot] as AlertHit[]));
    } finally {
      for (const slot of holding) {
        best[slot] = undefined;
        worstKept[slot] = -Infinity;
      }
    }
    return { hits, rows: order.length, checked };
  };

  /** The engine's rows of the whole feed now: its own, else its rows event by event (see AlertSource.current). */
  const currentRows = (market: MarketSnapshot, seq: number, lowest: number): Candidates => {
    if (source.current !== undefined) return source.current(market, seq, lowest);
    const unchanged = nothingChanged(seq);
    const parts: Candidates[] = [];
    for (const selections of selectionsByEvent(market)) {
      const part = source.rows(unchanged, market, selections, lowest);
      if (part.rows.length > 0) parts.push(part);
    }
    return joinCandidates(parts);
  };

  // The buckets a row reads (its bookmaker's and sport's, and the "any" ones), filled per row.
  const rowGroups: (readonly Group[])[] = [[], [], [], []];
  const everyBucket = (row: WatchedRow) => {
    rowGroups[0] = groupsOf(bucketKey(row.bookmaker, row.sport), row.exchange);
    rowGroups[1] = groupsOf(bucketKey(row.bookmaker, undefined), row.exchange);
    rowGroups[2] = groupsOf(bucketKey(undefined, row.sport), row.exchange);
    rowGroups[3] = groupsOf(bucketKey(undefined, undefined), row.exchange);
    return rowGroups;
  };

  return {
    set(alert) {
      unhold(alert.id);
      const rated = intern(alert);
      const held: Held = {
        alert,
        rule: uniformRule(alert.rule),
        threshold: alertThreshold(alert.rule),
        slot: slotOf(alert.id),
        as: rated.as,
      };
      alerts.set(alert.id, held);
      const key = bucketOf(alert);
      const list = buckets.get(key);
      if (list === undefined) buckets.set(key, [held]);
      else list.push(held);
      dropGroups(key);
      lowestStale = true;
    },
    remove(alertId) {
      unhold(alertId);
      releaseSlot(alertId);
      lowestStale = true;
    },
    removeMember(userId) {
      for (const h of [...alerts.values()]) if (h.alert.userId === userId) this.remove(h.alert.id);
    },
    seen: (alertId, matchKey) => {
      const slot = slots.get(alertId);
      return slot !== undefined && isSet(found.get(matchKey), slot);
    },
    markSeen(alertId, matchKeys) {
      if (!alerts.has(alertId)) return;
      const slot = slotOf(alertId);
      for (const k of matchKeys) mark(found, slot, k);
    },
    get size() {
      return alerts.size;
    },
    ids: () => alerts.keys(),
    foundKeys: () => found.keys(),
    load(market, seq) {
      if (alerts.size === 0) return;
      source.load(market, seq, threshold() - SLACK);
      const exchanges = new Set<string>();
      for (const p of market.exchangePrices) exchanges.add(p.exchange);
      for (const key of buckets.keys()) for (const exchange of exchanges) groupsOf(key, exchange);
    },
    prime(market, seq, now) {
      if (alerts.size === 0) return { rows: 0, checked: 0 };
      const lowest = threshold() - SLACK;
      const unchanged = nothingChanged(seq);
      const events = selectionsByEvent(market);
      let rows = 0;
      let checked = 0;
      // What the priming found, in a map of its own: the evaluator's stays as it was.
      const kept = found;
      found = new Map();
      try {
        // Twice over: each event as a patch touching it would be read (the source's rows of its
        // selections, the same kinds of candidates), its hits marked found in the scratch map; then
        // again, reading those marks, as patches after the first read the matches found before
        // (code that never ran is compiled without it, and thrown away when it first runs).
        for (let round = 0; round < 2; round++)
          for (const selections of events) {
            const done = pass(source.rows(unchanged, market, selections, lowest, seq), now, everyBucket);
            for (const h of done.hits) mark(found, slotOf(h.alert.id), h.matchKey);
            rows += done.rows;
            checked += done.checked;
          }
      } finally {
        found = kept;
      }
      return { rows, checked };
    },
    evaluate(patch, market, now, seq = patch.seq) {
      // A market or event gone takes its selections: what they found is forgotten (they never come back).
      if (patch.removes.markets.length > 0 || patch.removes.events.length > 0) dropGone(market);
      if (alerts.size === 0) return { hits: [], rows: 0, checked: 0 };
      const candidates = source.rows(patch, market, touchedSelections(patch, market), threshold() - SLACK, seq);
      return pass(candidates, now, everyBucket);
    },
    evaluateAlert(alertId, market, seq, now) {
      const held = alerts.get(alertId);
      if (held === undefined) return { hits: [], rows: 0, checked: 0 };
      // The engine at the lowest threshold held (as a patch reads it: no re-ranking for one alert),
      // the rows this alert's threshold cannot reach left out before they are sorted.
      const all = currentRows(market, seq, threshold() - SLACK);
      const rows = all.rows.filter((row) => alertFigure(row) >= held.threshold - SLACK);
      // The alert alone, in a group of its own (a row's memo slot 0: one group per row here).
      const group: Group = {
        id: 0,
        key: '',
        as: held.as,
        helds: [held],
        thresholds: Float64Array.of(held.threshold),
        slots: Uint32Array.of(held.slot),
      };
      const { bookmaker, sport } = held.alert.rule;
      const mine: readonly (readonly Group[])[] = [[group]];
      const groupsAt = (row: WatchedRow) =>
        (bookmaker !== undefined && bookmaker !== row.bookmaker) ||
        (sport !== undefined && sport !== row.sport) ||
        groupKeyAt(rateKeyAt === undefined ? '' : row.exchange, held.as) === null
          ? []
          : mine;
      return pass({ ...all, rows }, now, groupsAt);
    },
    sizes: () => ({
      buckets: buckets.size,
      rateAs: rateAs.size,
      groupKeys: groupIds.size,
      groupLists: [...grouped.values()].reduce((n, byExchange) => n + byExchange.size, 0),
      memoSlots: ratings.length,
    }),
  };
}

/** A patch that changes nothing, at `seq` (what a source is asked with for the feed as it is). */
function nothingChanged(seq: number): FeedPatch {
  return {
    seq,
    at: 0,
    upserts: { events: [], markets: [], backPrices: [], exchangePrices: [], betBuilders: [] },
    removes: { events: [], markets: [], backPrices: [], exchangePrices: [], betBuilders: [] },
  };
}

/** The selections of each event's markets: a part of the feed whose finder rows fit its limit. */
function selectionsByEvent(market: MarketSnapshot): Set<string>[] {
  const byEvent = new Map<string, Set<string>>();
  for (const m of market.markets) {
    let selections = byEvent.get(m.eventId);
    if (selections === undefined) byEvent.set(m.eventId, (selections = new Set()));
    for (const r of m.runners) selections.add(r.id);
  }
  return [...byEvent.values()];
}

/** Candidates of several parts as one: each row is rated by the part it came from. */
function joinCandidates(parts: readonly Candidates[]): Candidates {
  if (parts.length === 1) return parts[0] as Candidates;
  const from = new Map<WatchedRow, Candidates>();
  for (const part of parts) for (const row of part.rows) from.set(row, part);
  return {
    rows: parts.flatMap((part) => part.rows),
    rating: (row, as) => from.get(row)?.rating(row, as),
    at: (row, as) => from.get(row)?.at(row, as),
  };
}

/**
 * The oddsmatcher's engine: it holds the whole feed, patch by patch (a full load when a patch is
 * missed), filtered at the lowest alert threshold (a new lowest re-ranks on the next patch or
 * evaluation at once), rated
 * at commission 0 on every exchange it has seen (a new exchange re-ranks); the touched selections'
 * rows are read off it, and rated again at an alert's commissions by the sdk's `oddsmatchRating`.
 */
export function oddsmatcherSource(): AlertSource {
  let matcher: Oddsmatcher | null = null;
  let lastSeq: number | null = null;
  const exchanges = new Set<string>();
  /** Whether `prices` name an exchange not yet rated at 0 (then it is). */
  const meet = (prices: MarketSnapshot['exchangePrices']): boolean => {
    let met = false;
    for (const p of prices)
      if (!exchanges.has(p.exchange)) {
        exchanges.add(p.exchange);
        met = true;
      }
    return met;
  };
  const engine = (lowest: number, newExchange: boolean): Oddsmatcher => {
    if (matcher === null || newExchange || matcher.getOptions().filters?.minRating !== lowest) {
      const commissions = Object.fromEntries([...exchanges].map((e) => [e, 0]));
      matcher ??= createOddsmatcher({ limit: ROW_LIMIT, commissions });
      matcher.setOptions({ filters: { minRating: lowest, exchangeSettings: EVERY_EXCHANGE }, commissions });
      lastSeq = null;
    }
    return matcher;
  };
  return {
    rateKeyAt: pairRateKeyAt,
    load(market, seq, lowest) {
      engine(lowest, meet(market.exchangePrices)).load(market);
      lastSeq = seq;
    },
    rows(patch, market, touched, lowest, seq = patch.seq) {
      const m = engine(lowest, meet(patch.upserts.exchangePrices));
      // A patch at or before the seq held: its changes are in the state loaded (applied on top,
      // a back of one seq would pair with a lay of another). The next patch is applied as a patch;
      // any other gap, or nothing held, loads `market` whole, which is the feed as of `seq`.
      if (lastSeq !== null && patch.seq <= lastSeq) {
        // Nothing to take in: the touched selections' rows are read off the state held.
      } else if (lastSeq !== null && patch.seq === lastSeq + 1) {
        applyPatchToOddsmatcher(m, patch);
        lastSeq = patch.seq;
      } else {
        m.load(market);
        lastSeq = seq;
      }
      if (touched.size === 0) return NO_CANDIDATES;
      return pairCandidates(
        m.getSnapshot().filter((row) => touched.has(row.selectionId)),
        market,
        oddsmatchRating,
      );
    },
    current(market, seq, lowest) {
      // The feed as passed, one seq throughout (a row never pairs odds of one seq with another's):
      // the engine is loaded afresh whenever it holds another seq, behind (patches went by with no
      // alert held, and it took none) or ahead of none (the patches still queued are then skipped
      // up to `seq`, their changes being in it).
      const m = engine(lowest, meet(market.exchangePrices));
      if (lastSeq !== seq) {
        m.load(market);
        lastSeq = seq;
      }
      return pairCandidates(m.getSnapshot(), market, oddsmatchRating);
    },
  };
}

/** A finder's rows kept at most: the finders' largest limit. */
export const FINDER_ROW_LIMIT = 1_000;

/**
 * The markets with a touched selection, their events, and the prices of the selections `priced`
 * keeps (of those markets' runners).
 */
function partOf(market: MarketSnapshot, touched: ReadonlySet<string>, priced: (runners: ReadonlySet<string>) => ReadonlySet<string>) {
  const markets = market.markets.filter((m) => m.runners.some((r) => touched.has(r.id)));
  const events = new Set(markets.map((m) => m.eventId));
  const kept = priced(new Set(markets.flatMap((m) => m.runners.map((r) => r.id))));
  return {
    events: market.events.filter((e) => events.has(e.id)),
    markets,
    backPrices: market.backPrices.filter((p) => kept.has(p.selectionId)),
    exchangePrices: market.exchangePrices.filter((p) => kept.has(p.selectionId)),
  };
}

/**
 * The feed's part that holds the markets of the touched selections: those markets (every runner),
 * their events, and every price of their runners. A finder ranks a selection from its market alone
 * (fair probabilities read the whole market), so its rows of the touched selections over this part
 * are those it gives over the whole feed.
 */
export function touchedPart(market: MarketSnapshot, touched: ReadonlySet<string>): MarketSnapshot {
  return partOf(market, touched, (runners) => runners);
}

/**
 * The feed's part that holds the touched selections' own prices only, with their markets and
 * events: enough for a finder whose row pairs a back and a lay of one selection and reads nothing
 * else of its market (the price boost tracker), and smaller than {@link touchedPart}.
 */
export function touchedSelectionsPart(market: MarketSnapshot, touched: ReadonlySet<string>): MarketSnapshot {
  return partOf(market, touched, () => touched);
}

/**
 * A finder's engine over part of the feed (`part`: {@link touchedPart} unless the finder reads
 * less) around the touched selections that have a price it ranks (`wanted`: a boosted price, a 2UP
 * concession; the finder makes rows of no other selection, and one whose price ended is touched and
 * finds nothing): `rank` is the sdk finder at the lowest threshold, run only when there is one. It
 * keeps nothing between patches.
 */
function touchedFinderSource(
  wanted: (price: MarketSnapshot['backPrices'][number]) => boolean,
  rank: (part: MarketIndex, lowest: number, commissions: Commissions) => readonly WatchedRow[],
  candidates: (rows: readonly WatchedRow[], market: MarketSnapshot, part: MarketIndex) => Candidates,
  part: (market: MarketSnapshot, touched: ReadonlySet<string>) => MarketSnapshot = touchedPart,
  rateKeyAt?: AlertSource['rateKeyAt'],
): AlertSource {
  return {
    ...(rateKeyAt === undefined ? {} : { rateKeyAt }),
    load() {},
    rows(_patch, market, touched, lowest) {
      // Only a selection with a price the finder ranks has rows: the others are left out of its part.
      const ranked = new Set<string>();
      for (const p of market.backPrices) if (touched.has(p.selectionId) && wanted(p)) ranked.add(p.selectionId);
      if (ranked.size === 0) return NO_CANDIDATES;
      const scope = part(market, ranked);
      // Validated and indexed once: the finder and the re-rating read the index as it is.
      const index = indexMarketSnapshot(scope);
      const rows = rank(index, lowest, zeroCommissions(scope)).filter((row) => ranked.has(row.selectionId));
      return candidates(rows, market, index);
    },
  };
}

/**
 * The price boost tracker's engine: findPriceBoosts at the lowest threshold over the touched
 * selections' own prices ({@link touchedSelectionsPart}: a row pairs a back and a lay of one
 * selection, so it is the row the whole feed gives), run only when one has a boosted price.
 */
export function priceBoostSource(): AlertSource {
  return touchedFinderSource(
    (p) => p.boostedFrom !== undefined,
    (part, lowest, commissions) =>
      findPriceBoosts({ market: part, minRating: lowest, limit: FINDER_ROW_LIMIT, commissions, exchangeSettings: EVERY_EXCHANGE }).rows,
    (rows, market) => pairCandidates(rows, market, qualifyingRating),
    touchedSelectionsPart,
    pairRateKeyAt,
  );
}

/**
 * The 2UP matcher's engine: findTwoUpMatches over the markets the patch touched, run only when a
 * touched selection has an early-payout price; its rows' `rating` (the back/lay's matchRating) is
 * what an alert asks for, the figure the 2UP matcher's page ranks by. The exchanges taking part are
 * those of the provider table (the engine without a member), as on the page of a member whose plan
 * adds no provider codes.
 */
export function twoUpSource(): AlertSource {
  return touchedFinderSource(
    (p) => p.earlyPayout !== undefined,
    (part, lowest, commissions) =>
      findTwoUpMatches({ market: part, limit: FINDER_ROW_LIMIT, commissions, exchangeSettings: EVERY_EXCHANGE }).rows.filter(
        (row) => row.rating >= lowest,
      ),
    (rows, _market, part) => twoUpCandidates(rows, part),
  );
}

/**
 * The 2UP matcher's candidates at a member's settings: the lay findTwoUpMatches takes there (the
 * sdk's twoUpLay: it reads, of the selection's win-market lays, which exchanges are switched on
 * and the commission at each), and the candidate's back rated against it with qualifyingRating (its matchRating), as the
 * finder's row is. The lay is asked once per (selection, what of RateAs it reads: on or off and
 * the commission at each exchange the selection has a win lay at), and the rating once per (row,
 * lay), both memoised by identity (no key built per row and RateAs). The row built for a hit is
 * what a member is shown of the finder's row: the candidate's back, that lay and that rating.
 */
function twoUpCandidates(rows: readonly WatchedRow[], part: MarketIndex): Candidates {
  /**
   * Per selection: its lay per RateAs (null: none), per lay key (see layKeyOf), and one lay object
   * per (exchange, commission) (a selection's lay odds at an exchange are one), so that a rating
   * memoised by lay is shared by every RateAs laying there at that commission.
   */
  interface LayMemo {
    readonly byAs: Map<RateAs, TwoUpLay | null>;
    readonly byKey: Map<string, TwoUpLay | null>;
    readonly byPlace: Map<string, Map<number, TwoUpLay>>;
  }
  const bySelection = new Map<string, LayMemo>();
  const asked = (memo: LayMemo, selectionId: string, as: RateAs): TwoUpLay | null => {
    const lay = twoUpLay({ market: part, selectionId, commissions: as.commissions, exchangeSettings: as.exchangeSettings });
    if (lay === undefined) return null;
    let byCommission = memo.byPlace.get(lay.exchange);
    if (byCommission === undefined) memo.byPlace.set(lay.exchange, (byCommission = new Map()));
    const same = byCommission.get(lay.commission);
    if (same !== undefined) return same;
    byCommission.set(lay.commission, lay);
    return lay;
  };
  const layOf = (row: WatchedRow, as: RateAs): TwoUpLay | undefined => {
    let memo = bySelection.get(row.selectionId);
    if (memo === undefined) bySelection.set(row.selectionId, (memo = { byAs: new Map(), byKey: new Map(), byPlace: new Map() }));
    let lay = memo.byAs.get(as);
    if (lay === undefined) {
      const key = layKeyOf(part, row.selectionId, as);
      lay = memo.byKey.get(key);
      if (lay === undefined) memo.byKey.set(key, (lay = asked(memo, row.selectionId, as)));
      memo.byAs.set(as, lay);
    }
    return lay ?? undefined;
  };
  /** Per row: its rating against each lay asked (the lays are shared, so few per row). */
  const rated = new Map<WatchedRow, Map<TwoUpLay, number>>();
  const rateAt = (row: WatchedRow, lay: TwoUpLay): number => {
    let byLay = rated.get(row);
    if (byLay === undefined) rated.set(row, (byLay = new Map()));
    let r = byLay.get(lay);
    if (r === undefined) byLay.set(lay, (r = qualifyingRating(row.backOdds, lay.layOdds, lay.commission)));
    return r;
  };
  return {
    rows,
    rating(row, as) {
      const lay = layOf(row, as);
      return lay === undefined ? undefined : rateAt(row, lay);
    },
    at(row, as) {
      const lay = layOf(row, as);
      if (lay === undefined) return undefined;
      const { eventName, marketName, selectionName, selectionId, bookmaker, backOdds, sport, startsAt } = row;
      return {
        eventName,
        marketName,
        selectionName,
        selectionId,
        bookmaker,
        backOdds,
        sport,
        startsAt,
        exchange: lay.exchange,
        layOdds: lay.layOdds,
        rating: rateAt(row, lay),
      };
    },
  };
}

/**
 * What of `as` the sdk's twoUpLay reads for `selectionId` of `part`: for each exchange the
 * selection has a win-market lay at, whether `as` switches it on and its own commission there
 * (else the feed's). RateAs with the same key are given the same lay.
 */
export function layKeyOf(part: MarketIndex, selectionId: string, as: RateAs): string {
  let key = '';
  for (const p of part.selection(selectionId)?.exchangePrices ?? []) {
    if (p.lay === null || p.places !== undefined) continue;
    const own = as.ownCommission.get(p.exchange);
    key += `${p.exchange}:${!as.exchanges.has(p.exchange) ? 'off' : own === undefined ? 'feed' : own};`;
  }
  return key;
}

/** Each tool an alert may watch and its engine (one per tool, whatever the alerts' commissions). */
export const ALERT_SOURCES: Readonly<Record<AlertTool, () => AlertSource>> = {
  oddsmatcher: oddsmatcherSource,
  priceBoostTracker: priceBoostSource,
  twoUpMatcher: twoUpSource,
  // The money finders' sources (their own files) are lent this module's part of the feed.
  eachWayCatcher: () =>
    eachWaySource({ part: touchedPart, zeros: zeroCommissions, everyExchange: EVERY_EXCHANGE, limit: FINDER_ROW_LIMIT }),
  extraPlaceCatcher: () =>
    extraPlaceSource({ part: touchedPart, zeros: zeroCommissions, everyExchange: EVERY_EXCHANGE, limit: FINDER_ROW_LIMIT }),
};

/**
 * The oddsmatcher's rows kept at most: the sdk's largest top k. Every row at or above the lowest
 * alert threshold must fit (the simulated feed has a few thousand); a feed with more would leave
 * the lowest-rated rows unchecked (docs/notifications.md says so).
 */
export const ROW_LIMIT = 10_000;

/**
 * The selections a patch touched: a price of theirs changed, or their market or event did (every
 * runner of the market, every market of the event).
 */
export function touchedSelections(patch: FeedPatch, market: MarketSnapshot): Set<string> {
  const selections = new Set<string>();
  for (const p of patch.upserts.backPrices) selections.add(p.selectionId);
  for (const p of patch.upserts.exchangePrices) if (p.places === undefined) selections.add(p.selectionId);
  for (const m of patch.upserts.markets) for (const r of m.runners) selections.add(r.id);
  if (patch.upserts.events.length > 0) {
    const events = new Set(patch.upserts.events.map((e) => e.id));
    for (const m of market.markets) if (events.has(m.eventId)) for (const r of m.runners) selections.add(r.id);
  }
  return selections;
}
