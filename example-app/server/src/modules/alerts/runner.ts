// Runs the odds alerts against the feed: every patch of the feed the oddsmatcher subscription
// reads is evaluated (evaluate.ts), one patch at a time; each (alert, match) pair found is recorded
// once (its primary key: a second process finding it too records nothing and sends nothing); then
// every alert with matches not yet told, whose cool-down has passed, is claimed (a conditional
// update of its notified_at, so two processes never both send) and pushed once with all its
// waiting matches. Access is checked at send: a member whose plan no longer includes the tool
// gets nothing, and their alerts leave the evaluator until they change one.
import { and, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import type { FeedPatch } from '@matchkit/sdk/feed';
import type { AppDeps } from '../../kernel';
import { oddsAlertMatches, oddsAlerts } from '../../db/schema';
import { loadMemberAccess } from '../members/access';
import { COOL_DOWN_MS, alertHref, mayWatch, ruleOf, storedMatch, type AlertRow, type StoredMatch } from './alerts';
import { createAlertEvaluator, type AlertHit } from './evaluate';
import type { AlertChange } from './resolvers';

/** What a push shows (the shape of notifications/settings.ts's PushPayload). */
export interface AlertPush {
  readonly title: string;
  readonly body: string;
  /** A path of the app: the oddsmatcher at the best match. */
  readonly url: string;
  /** One per alert: a newer push of the same alert replaces the older on the device. */
  readonly tag: string;
}

/** Sends one push of kind `odds-alerts` to a member (sendPush, which checks their setting). */
export type AlertPushSender = (userId: string, payload: AlertPush) => Promise<void>;

/** A key as words with capitals (`alder-bet` is `Alder Bet`): what members see for a bookmaker or exchange. */
const label = (key: string) =>
  key
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

/** The push for `matches` (best first) of `alert`. */
export function alertPush(
  deps: Pick<AppDeps, 'brand'>,
  alert: AlertRow,
  matches: readonly { key: string; match: StoredMatch }[],
): AlertPush {
  const best = matches[0];
  if (best === undefined) throw new Error('a push needs a match');
  const m = best.match;
  const more = matches.length - 1;
  return {
    title: more === 0 ? `${alert.name}: a match` : `${alert.name}: ${matches.length} matches`,
    body:
      `${m.eventName}, ${m.selectionName}: back ${m.backOdds} at ${label(m.bookmaker)}, lay ${m.layOdds} at ` +
      `${label(m.exchange)}, rating ${m.rating.toFixed(1)}%` +
      (more === 0 ? '.' : more === 1 ? ', and 1 more.' : `, and ${more} more.`),
    url: alertHref(deps.brand, alert.tool, ruleOf(alert), best.key),
    tag: `odds-alert-${alert.id}`,
  };
}

export interface AlertRunner {
  /** Loads the saved alerts and starts listening to the feed. */
  start(): Promise<void>;
  stop(): void;
  /** A change made through this process's API. */
  apply(change: AlertChange): void;
  /** Resolves once every patch received so far is processed (tests). */
  idle(): Promise<void>;
}

export function createAlertRunner(deps: AppDeps, send: AlertPushSender): AlertRunner {
  const evaluator = createAlertEvaluator();
  /** Alerts with recorded matches not yet pushed. */
  const waiting = new Set<string>();
  let queue: Promise<void> = Promise.resolve();
  let unsubscribe: (() => void) | null = null;

  const hold = (row: AlertRow) => {
    if (row.paused) evaluator.remove(row.id);
    else evaluator.set({ id: row.id, userId: row.userId, rule: ruleOf(row) });
  };

  async function record(hits: readonly AlertHit[], now: number): Promise<void> {
    if (hits.length === 0) return;
    const values = hits.map((h) => ({
      alertId: h.alert.id,
      userId: h.alert.userId,
      matchKey: h.matchKey,
      match: { ...storedMatch(h.row) },
      foundAt: new Date(now),
    }));
    const added = await deps.db
      .insert(oddsAlertMatches)
      .values(values)
      .onConflictDoNothing()
      .returning({ alertId: oddsAlertMatches.alertId, matchKey: oddsAlertMatches.matchKey });
    for (const h of hits) evaluator.markSeen(h.alert.id, [h.matchKey]);
    for (const a of added) waiting.add(a.alertId);
  }

  async function flush(now: number): Promise<void> {
    if (waiting.size === 0) return;
    const due = new Date(now - COOL_DOWN_MS);
    // Claim the alerts whose cool-down has passed (one process wins each claim).
    const claimed = await deps.db
      .update(oddsAlerts)
      .set({ notifiedAt: new Date(now) })
      .where(
        and(
          inArray(oddsAlerts.id, [...waiting]),
          eq(oddsAlerts.paused, false),
          or(isNull(oddsAlerts.notifiedAt), lte(oddsAlerts.notifiedAt, due)),
        ),
      )
      .returning();
    for (const alert of claimed) {
      waiting.delete(alert.id);
      const access = await loadMemberAccess(deps.db, deps.brand, alert.userId, now);
      if (access === null || !mayWatch(deps.brand, access.entitled, alert.tool)) {
        // Nothing is sent, and the matches stay untold; the member's alerts stop being evaluated.
        evaluator.removeMember(alert.userId);
        deps.logger.info({ alertId: alert.id }, 'odds alert not sent: the plan no longer includes the tool');
        continue;
      }
      const pending = await deps.db
        .update(oddsAlertMatches)
        .set({ notifiedAt: new Date(now) })
        .where(and(eq(oddsAlertMatches.alertId, alert.id), isNull(oddsAlertMatches.notifiedAt)))
        .returning({ key: oddsAlertMatches.matchKey, match: oddsAlertMatches.match });
      if (pending.length === 0) continue;
      const matches = pending
        .map((p) => ({ key: p.key, match: p.match as unknown as StoredMatch }))
        .sort((a, b) => b.match.rating - a.match.rating || a.key.localeCompare(b.key));
      try {
        await send(alert.userId, alertPush(deps, alert, matches));
      } catch (error) {
        deps.logger.warn({ err: error, alertId: alert.id }, 'odds alert push failed');
      }
    }
  }

  async function process(patch: FeedPatch): Promise<void> {
    const feed = deps.feed;
    if (feed === null) return;
    const now = deps.clock();
    const { hits } = evaluator.evaluate(patch, feed.snapshot().market, now);
    await record(hits, now);
    await flush(now);
  }

  return {
    async start() {
      const feed = deps.feed;
      if (feed === null) return;
      const rows = await deps.db.select().from(oddsAlerts).where(eq(oddsAlerts.paused, false));
      for (const row of rows) hold(row);
      const found = await deps.db
        .select({ alertId: oddsAlertMatches.alertId, matchKey: oddsAlertMatches.matchKey, notifiedAt: oddsAlertMatches.notifiedAt })
        .from(oddsAlertMatches);
      for (const f of found) {
        evaluator.markSeen(f.alertId, [f.matchKey]);
        if (f.notifiedAt === null) waiting.add(f.alertId);
      }
      unsubscribe = feed.onPatch((patch) => {
        queue = queue
          .then(() => process(patch))
          .catch((error: unknown) => deps.logger.warn({ err: error, seq: patch.seq }, 'odds alerts not evaluated'));
      });
    },
    stop() {
      unsubscribe?.();
      unsubscribe = null;
    },
    apply(change) {
      if ('deleted' in change) {
        evaluator.remove(change.deleted);
        waiting.delete(change.deleted);
      } else hold(change.saved);
    },
    idle: () => queue,
  };
}
