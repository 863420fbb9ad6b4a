// Evaluates the saved odds alerts against one feed patch. One sdk oddsmatcher holds the whole feed,
// patch by patch, as the oddsmatcher page's does (never a second ranking); the rows of the
// selections the patch touched (a price, their market or their event changed) are read off it,
// and each row is then checked only against the alerts
// that can want it: alerts are kept in buckets by bookmaker and sport (either may be "any"), each
// bucket sorted by threshold, so a row reads the alerts whose threshold it reaches and no others.
import { parseBackPriceKey, parseExchangePriceKey, type FeedPatch } from '@matchkit/sdk/feed';
import {
  createOddsmatcher,
  oddsAlertMatches,
  type MarketSnapshot,
  type Oddsmatcher,
  type OddsAlertRule,
  type OddsmatchRow,
} from '@matchkit/sdk/matching';

/** An alert as the evaluator holds it. */
export interface ActiveAlert {
  readonly id: string;
  readonly userId: string;
  readonly rule: OddsAlertRule;
}

/** One (alert, match) pair found by a patch. */
export interface AlertHit {
  readonly alert: ActiveAlert;
  /** The selection, bookmaker and exchange: what "the same match" means for sending once. */
  readonly matchKey: string;
  readonly row: OddsmatchRow;
}

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

const ANY = '*';
const bucketKey = (bookmaker: string | undefined, sport: string | undefined) => `${bookmaker ?? ANY}|${sport ?? ANY}`;

/** The saved alerts, indexed, and the evaluation of a patch against them. */
export interface AlertEvaluator {
  /** Adds or replaces an alert (paused alerts are removed instead). */
  set(alert: ActiveAlert): void;
  /** Removes an alert (no-op when unknown). */
  remove(alertId: string): void;
  /** Forgets every alert of a member (access lost, account closed). */
  removeMember(userId: string): void;
  /** Whether the pair was found before (sent once: found pairs are never reported again). */
  seen(alertId: string, matchKey: string): boolean;
  /** Marks pairs as found (the caller does so once they are recorded). */
  markSeen(alertId: string, matchKeys: Iterable<string>): void;
  /** The number of alerts held. */
  readonly size: number;
  /** The ids of the alerts held. */
  ids(): IterableIterator<string>;
  /** Evaluates the alerts against `patch`, on `market` (the feed's market after the patch), at `now`. */
  evaluate(patch: FeedPatch, market: MarketSnapshot, now: number): Evaluation;
}

/** A new, empty evaluator. */
export function createAlertEvaluator(): AlertEvaluator {
  const alerts = new Map<string, ActiveAlert>();
  /** Alerts by bucket, sorted by threshold (rebuilt lazily when one changes). */
  const buckets = new Map<string, ActiveAlert[]>();
  const dirty = new Set<string>();
  const found = new Map<string, Set<string>>();

  const bucketOf = (a: ActiveAlert) => bucketKey(a.rule.bookmaker, a.rule.sport);
  const remove = (alertId: string) => {
    const old = alerts.get(alertId);
    if (old === undefined) return;
    alerts.delete(alertId);
    const key = bucketOf(old);
    buckets.set(
      key,
      (buckets.get(key) ?? []).filter((a) => a.id !== alertId),
    );
  };
  const sorted = (key: string): readonly ActiveAlert[] => {
    const list = buckets.get(key);
    if (list === undefined) return [];
    if (dirty.delete(key)) list.sort((a, b) => a.rule.minRating - b.rule.minRating);
    return list;
  };
  let lowest = Infinity;
  let lowestStale = true;
  let matcher: Oddsmatcher | null = null;
  let lastSeq: number | null = null;

  return {
    set(alert) {
      remove(alert.id);
      alerts.set(alert.id, alert);
      const key = bucketOf(alert);
      const list = buckets.get(key);
      if (list === undefined) buckets.set(key, [alert]);
      else list.push(alert);
      dirty.add(key);
      lowestStale = true;
    },
    remove(alertId) {
      remove(alertId);
      found.delete(alertId);
      lowestStale = true;
    },
    removeMember(userId) {
      for (const a of [...alerts.values()]) if (a.userId === userId) this.remove(a.id);
    },
    seen: (alertId, matchKey) => found.get(alertId)?.has(matchKey) === true,
    markSeen(alertId, matchKeys) {
      let set = found.get(alertId);
      if (set === undefined) found.set(alertId, (set = new Set()));
      for (const k of matchKeys) set.add(k);
    },
    get size() {
      return alerts.size;
    },
    ids: () => alerts.keys(),
    evaluate(patch, market, now) {
      if (alerts.size === 0) return { hits: [], rows: 0, checked: 0 };
      if (lowestStale) {
        lowest = Math.min(...[...alerts.values()].map((a) => a.rule.minRating));
        lowestStale = false;
      }
      // The sdk's engine holds the whole feed, patch by patch (a full load when a patch is missed),
      // keeping the rows some alert's threshold reaches; the touched selections' rows are read off it.
      if (matcher === null || matcher.getOptions().filters?.minRating !== lowest) {
        matcher ??= createOddsmatcher({ limit: ROW_LIMIT });
        matcher.setOptions({ filters: { minRating: lowest } });
        lastSeq = null;
      }
      if (lastSeq !== null && patch.seq === lastSeq + 1) applyPatchTo(matcher, patch);
      else matcher.load(market);
      lastSeq = patch.seq;
      const touched = touchedSelections(patch, market);
      if (touched.size === 0) return { hits: [], rows: 0, checked: 0 };
      const rows = matcher.getSnapshot().filter((row) => touched.has(row.selectionId));
      const hits: AlertHit[] = [];
      let checked = 0;
      for (const row of rows) {
        for (const key of [
          bucketKey(row.bookmaker, row.sport),
          bucketKey(row.bookmaker, undefined),
          bucketKey(undefined, row.sport),
          bucketKey(undefined, undefined),
        ]) {
          for (const alert of sorted(key)) {
            if (alert.rule.minRating > row.rating) break;
            checked++;
            if (!oddsAlertMatches(alert.rule, row, now)) continue;
            const matchKey = matchKeyOf(row);
            if (!found.get(alert.id)?.has(matchKey)) hits.push({ alert, matchKey, row });
          }
        }
      }
      return { hits, rows: rows.length, checked };
    },
  };
}

/**
 * The oddsmatcher's rows kept at most: the sdk's largest top k. Every row at or above the lowest
 * alert threshold must fit (the simulated feed has a few thousand); a feed with more would leave
 * the lowest-rated rows unchecked (docs/notifications.md says so).
 */
export const ROW_LIMIT = 10_000;

/** Applies a feed patch to the engine, as the oddsmatcher page does (prices in one batch). */
export function applyPatchTo(matcher: Oddsmatcher, p: FeedPatch): void {
  const u = p.upserts;
  for (const e of u.events) matcher.upsertEvent(e);
  for (const m of u.markets) matcher.upsertMarket(m);
  for (const k of p.removes.backPrices) {
    const { bookmaker, selectionId } = parseBackPriceKey(k);
    matcher.removeBackPrice(bookmaker, selectionId);
  }
  for (const k of p.removes.exchangePrices) {
    const { exchange, places, selectionId } = parseExchangePriceKey(k);
    if (places === undefined) matcher.removeExchangePrice(exchange, selectionId);
  }
  matcher.applyPrices({ backPrices: u.backPrices, exchangePrices: u.exchangePrices.filter((x) => x.places === undefined) });
  for (const id of p.removes.markets) matcher.removeMarket(id);
  for (const id of p.removes.events) matcher.removeEvent(id);
}

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
