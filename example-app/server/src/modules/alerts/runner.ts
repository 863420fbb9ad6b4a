// Runs the odds alerts against the feed: every patch of the feed the oddsmatcher subscription
// reads is evaluated (evaluate.ts), one patch at a time, by one evaluator per tool and commissions
// (the oddsmatcher's and each finder's, at the feed's commissions and at each set of a member's own
// commissions an alert holds, so each alert is rated as its member's page rates: an evaluator
// without alerts costs nothing, and one whose last alert leaves is dropped); each (alert, match) pair found is recorded
// once (its primary key: a second process finding it too records nothing and sends nothing); then
// every alert with matches not yet told, whose cool-down has passed, is claimed (a conditional
// update of its notified_at, so two processes never both send) and pushed once with all its
// waiting matches: the push is queued (push/queue.ts) in the transaction that marks those matches
// told, so both commit or neither. Access is checked at send: a member whose plan no longer
// includes the tool gets nothing, and their alerts leave the evaluator until they change one.
//
// An alert saved, resumed or edited is evaluated at once against every row its engine holds (the
// feed as it is), in the queue after the patches heard before it: a member is told of a match
// already on the list without waiting for it to move; each runner does so, and record's insert and
// flush's claim keep it to one record and one push, as for a patch's matches.
//
// An alert saved, paused or deleted through any process is applied by every runner at once: the
// resolver hands the change to its own runner (announce), which applies it and publishes the
// alert's id on the app's PubSub (in memory in one process, Redis or PostgreSQL across processes,
// as live-access revocations travel); every runner hearing it reads the alert's row again (gone:
// deleted), so the database, not the order of messages, says what an alert now is.
//
// Each alert is rated as its member's pages rate: at the commissions saved with it and at the
// exchanges the member switched on in their settings (the server's exchange_settings, read when the
// alert is held, never copied into the alert). A member changing a setting is told on the exchanges
// module's topic: every runner reads that member's settings again. A copy gone stale all the same
// (a message lost) is not trusted: before a patch's matches are recorded, their members' settings
// are read again, a match laid at an exchange now off is dropped, and the member's alerts are
// held again with the settings as they are (logged).
//
// An alert may also leave with no change announced: the account closure deletes the member's
// alerts (every runner hears its revocation, reason account-closed, and forgets them), and another
// process may delete one before its message arrives. A patch's matches are recorded only for the
// alerts still saved (one insert, guarded by EXISTS: a gone alert never fails the others' matches),
// and an alert found gone is forgotten.
import { and, eq, exists, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { accountLabel, isAlertTool } from '@matchkit/app-contract';
import type { FeedPatch } from '@matchkit/sdk/feed';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../kernel';
import { REVOCATION_TOPIC, readRevocation } from '../../auth/revocation';
import { listenTo } from '../../pubsub/listen';
import { oddsAlertMatches, oddsAlerts } from '../../db/schema';
import { loadMemberAccess } from '../members/access';
import { fitPushPayload } from '../../notifications/settings';
import { EXCHANGE_SETTINGS_TOPIC, chosenExchangeSettings, readExchangeSettingsChange } from '../exchanges/queries';
import { enabledExchanges } from '@matchkit/sdk/exchanges';
import {
  COOL_DOWN_MS,
  MATCH_KEEP_MS,
  alertHref,
  matchFigure,
  matchFigureText,
  mayWatch,
  ruleOf,
  storedMatch,
  type AlertRow,
  type StoredMatch,
} from './alerts';
import { ALERT_SOURCES, createAlertEvaluator, type ActiveAlert, type AlertEvaluator, type AlertHit } from './evaluate';
import type { AlertChange } from './resolvers';

/** What a push shows (the shape of notifications/settings.ts's PushPayload). */
export interface AlertPush {
  readonly title: string;
  readonly body: string;
  /** A path of the app: the alert's tool at the best match. */
  readonly url: string;
  /** One per alert: a newer push of the same alert replaces the older on the device. */
  readonly tag: string;
}

/**
 * Queues one push of kind `odds-alerts` to a member in `tx`, the transaction that releases its
 * matches to it (sendPush, which checks their setting there): a rolled-back release queues nothing.
 */
export type AlertPushSender = (userId: string, payload: AlertPush, tx: Db) => Promise<void>;

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
  // Names come from the feed: a long one is clipped to what sendPush takes (the body's characters
  // and the whole payload's bytes), never refused there (a throw in the release transaction would
  // roll it back and keep this alert from pushing again).
  return fitPushPayload({
    title: more === 0 ? `${alert.name}: a match` : `${alert.name}: ${matches.length} matches`,
    body:
      `${m.eventName}, ${m.selectionName}: back ${m.backOdds} at ${accountLabel(m.bookmaker)}, lay ` +
      `${m.placeLayOdds === undefined ? m.layOdds : `${m.layOdds} (place ${m.placeLayOdds})`} at ` +
      `${accountLabel(m.exchange)}, ${matchFigureText(alert.tool, m)}` +
      (more === 0 ? '.' : more === 1 ? ', and 1 more.' : `, and ${more} more.`),
    url: alertHref(deps.brand, alert.tool, ruleOf(alert), best.key),
    tag: `odds-alert-${alert.id}`,
  });
}

/** The PubSub topic of alert changes: every runner, in every process, hears every change. */
export const ALERT_CHANGES_TOPIC = 'alerts:changes';

/** The message on {@link ALERT_CHANGES_TOPIC}: the alert that changed (its row says how). */
type AlertChangeMessage = { alertId: string };

/** The alert id a PubSub payload carries, or null when it is not a well-formed change. */
export function readAlertChange(payload: unknown): string | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { alertId } = payload as Record<string, unknown>;
  return typeof alertId === 'string' && alertId !== '' ? alertId : null;
}

export interface AlertRunner {
  /** Loads the saved alerts and starts listening to the feed and to the other processes' changes. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /**
   * A change committed through this process's API: applied here at once, then published to every
   * process's runner. Never throws for a PubSub failure (logged: the others apply it at restart).
   */
  announce(change: AlertChange): Promise<void>;
  /** The alerts evaluated now (paused and deleted ones are not). */
  readonly size: number;
  /** Resolves once every patch received so far is processed (tests). */
  idle(): Promise<void>;
}

export function createAlertRunner(deps: AppDeps, send: AlertPushSender): AlertRunner {
  /**
   * One evaluator per tool, whatever its alerts' commissions: its engine rates at the highest
   * ratings, and each alert's candidates are rated again at the alert's own (evaluate.ts).
   */
  const evaluators = new Map<string, AlertEvaluator>(
    Object.entries(ALERT_SOURCES).map(([tool, source]) => [tool, createAlertEvaluator(source())]),
  );
  /** The tool of each alert evaluated, and the alert as held (its member, their exchange settings). */
  const placed = new Map<string, { readonly key: string; readonly userId: string; readonly alert: ActiveAlert }>();
  /** The exchange settings of the members whose alerts are held, as last read (`{}`: the defaults). */
  const memberSettings = new Map<string, Readonly<Record<string, boolean>>>();
  const all = () => evaluators.values();
  /** Takes the alert out of its evaluator. */
  const unplace = (alertId: string) => {
    const key = placed.get(alertId)?.key;
    if (key === undefined) return;
    placed.delete(alertId);
    evaluators.get(key)?.remove(alertId);
  };
  /** Per alert held, what it was when last evaluated at once (its tool, rule and exchange settings). */
  const evaluatedAs = new Map<string, string>();
  /** Alerts with recorded matches not yet pushed, with their member. */
  const waiting = new Map<string, string>();
  let queue: Promise<void> = Promise.resolve();
  let unsubscribe: (() => void) | null = null;
  const stopping = new AbortController();
  let listening: Promise<void> = Promise.resolve();

  /**
   * Holds the alert as `row` says, rated at its member's exchange settings (`settings`, as read);
   * `changed`: saved, resumed or edited now, so it is evaluated against the feed as it is at once.
   */
  const hold = (row: AlertRow, settings: Readonly<Record<string, boolean>>, changed = false) => {
    if (!isAlertTool(row.tool)) return;
    const rule = ruleOf(row);
    const key = row.tool;
    if (row.paused || placed.get(row.id)?.key !== key) unplace(row.id);
    if (row.paused) {
      // Resumed later, it is evaluated at once again.
      evaluatedAs.delete(row.id);
      return;
    }
    const evaluator = evaluators.get(key);
    if (evaluator === undefined) return;
    memberSettings.set(row.userId, settings);
    const alert: ActiveAlert = { id: row.id, userId: row.userId, rule, exchangeSettings: settings };
    evaluator.set(alert);
    placed.set(row.id, { key, userId: row.userId, alert });
    // Evaluated at once only when it differs from the alert last evaluated so (this process's own
    // change heard back on the PubSub is the same alert: evaluated once, its best five recorded once).
    const as = JSON.stringify([key, rule, settings]);
    if (changed && evaluatedAs.get(row.id) !== as) {
      evaluatedAs.set(row.id, as);
      findSoon(row.id);
    }
  };
  /** The member's held alerts, rated at `settings` from now on. */
  const rehold = (userId: string, settings: Readonly<Record<string, boolean>>) => {
    memberSettings.set(userId, settings);
    for (const [id, at] of [...placed])
      if (at.userId === userId) {
        const alert: ActiveAlert = { ...at.alert, exchangeSettings: settings };
        evaluators.get(at.key)?.set(alert);
        placed.set(id, { ...at, alert });
      }
  };
  /** The exchanges `settings` switch on, as one string (what a stale copy is told by). */
  const switchedOn = (settings: Readonly<Record<string, boolean>>) =>
    enabledExchanges(settings)
      .map((e) => e.name)
      .join(',');
  /** The member's exchange settings, read again. */
  const settingsOf = async (userId: string) => (await chosenExchangeSettings(deps.db, [userId])).get(userId) ?? {};
  const forget = (alertId: string) => {
    unplace(alertId);
    evaluatedAs.delete(alertId);
    waiting.delete(alertId);
  };
  /** The member's alerts, all gone (their account closed, or access lost). */
  const forgetMember = (userId: string) => {
    for (const [id, at] of [...placed]) if (at.userId === userId) unplace(id);
    for (const [alertId, member] of waiting) if (member === userId) waiting.delete(alertId);
  };
  const apply = async (change: AlertChange) => {
    if ('deleted' in change) forget(change.deleted);
    else hold(change.saved, await settingsOf(change.saved.userId), true);
  };

  /** Reads the alert again (another process changed it) and holds it as it now is. */
  async function reload(alertId: string): Promise<void> {
    const [row] = await deps.db.select().from(oddsAlerts).where(eq(oddsAlerts.id, alertId));
    if (row === undefined) forget(alertId);
    else hold(row, await settingsOf(row.userId), true);
  }

  /** Whether patches are heard (set once the saved alerts and what they found are read). */
  let started = false;
  /** Alerts changed before the runner started: evaluated at once when it does. */
  const pendingFinds = new Set<string>();
  /** Alerts whose evaluation against the feed as it is waits in the queue. */
  const finding = new Set<string>();
  /**
   * Queues the alert's evaluation against the feed as it is, after the patches queued before it
   * (a change and a patch never interleave on an evaluator); one at a time per alert (a change
   * applied here and heard back again is evaluated once).
   */
  function findSoon(alertId: string): void {
    // Heard before the runner started: evaluated once it has (start).
    if (!started) {
      pendingFinds.add(alertId);
      return;
    }
    if (finding.has(alertId)) return;
    finding.add(alertId);
    queue = queue
      .then(() => findNow(alertId))
      .catch((error: unknown) => deps.logger.warn({ err: error, alertId }, 'odds alert not evaluated against the feed'));
  }

  /**
   * The alert (as held now) against every row of its engine: its best new matches recorded and
   * pushed as a patch's are (once across processes: record's insert, flush's claim; its cool-down).
   */
  async function findNow(alertId: string): Promise<void> {
    finding.delete(alertId);
    const feed = deps.feed;
    const at = placed.get(alertId);
    const evaluator = at === undefined ? undefined : evaluators.get(at.key);
    if (feed === null || evaluator === undefined) return;
    // What it recorded before (resumed, or changed through another process: its found bits were
    // cleared when it left, or never set here) is read first, in the queue: never told again.
    const recorded = await deps.db
      .select({ matchKey: oddsAlertMatches.matchKey })
      .from(oddsAlertMatches)
      .where(and(eq(oddsAlertMatches.alertId, alertId), gte(oddsAlertMatches.startsAt, new Date(deps.clock() - MATCH_KEEP_MS))));
    // Still held, by the same tool (deleted or paused meanwhile: nothing to find).
    if (placed.get(alertId)?.key !== at?.key) return;
    evaluator.markSeen(
      alertId,
      recorded.map((r) => r.matchKey),
    );
    const now = deps.clock();
    const { market, seq } = feed.snapshot();
    await record(evaluator, evaluator.evaluateAlert(alertId, market, seq, now).hits, now);
    await flush(now);
  }

  /** Every saved alert, read again (at start, and after missing changes): the others are forgotten. */
  async function loadAll(): Promise<void> {
    const rows = await deps.db.select().from(oddsAlerts).where(eq(oddsAlerts.paused, false));
    const live = new Set(rows.map((r) => r.id));
    for (const id of [...placed.keys()]) if (!live.has(id)) forget(id);
    const settings = await chosenExchangeSettings(
      deps.db,
      rows.map((r) => r.userId),
    );
    for (const row of rows) hold(row, settings.get(row.userId) ?? {});
  }

  /** A member's exchange settings changed (any process): their alerts are rated at them from now on. */
  async function hearExchangeSettings(payload: unknown): Promise<void> {
    const userId = readExchangeSettingsChange(payload);
    if (userId === null) deps.logger.warn({ topic: EXCHANGE_SETTINGS_TOPIC }, 'ignored a malformed exchange settings change');
    else if (memberSettings.has(userId))
      await settingsOf(userId)
        .then((settings) => rehold(userId, settings))
        .catch((error: unknown) => deps.logger.error({ err: error }, 'an exchange settings change could not be applied to odds alerts'));
  }

  /** A change heard from any process (this one's too): the alert is read again. */
  async function hear(payload: unknown): Promise<void> {
    const alertId = readAlertChange(payload);
    if (alertId === null) deps.logger.warn({ topic: ALERT_CHANGES_TOPIC }, 'ignored a malformed alert change');
    else
      await reload(alertId).catch((error: unknown) => deps.logger.error({ err: error, alertId }, 'an alert change could not be applied'));
  }

  /** A revocation heard: a closed account's alerts are gone (the erasure deleted them). */
  async function hearRevocation(payload: unknown): Promise<void> {
    const revocation = readRevocation(payload);
    if (revocation?.reason === 'account-closed') forgetMember(revocation.userId);
  }

  async function record(evaluator: AlertEvaluator, hits: readonly AlertHit[], now: number): Promise<void> {
    if (hits.length === 0) return;
    const hitIds = [...new Set(hits.map((h) => h.alert.id))];
    const saved = new Set(
      (await deps.db.select({ id: oddsAlerts.id }).from(oddsAlerts).where(inArray(oddsAlerts.id, hitIds))).map((r) => r.id),
    );
    for (const id of hitIds) if (!saved.has(id)) forget(id);
    // The members' exchange settings as they are now: a copy gone stale is corrected, not trusted.
    const current = await chosenExchangeSettings(deps.db, [...new Set(hits.map((h) => h.alert.userId))]);
    for (const [userId, settings] of current) {
      const held = memberSettings.get(userId);
      if (held !== undefined && switchedOn(held) !== switchedOn(settings)) {
        deps.logger.warn({ userId }, 'odds alerts held stale exchange settings: read again');
        rehold(userId, settings);
      }
    }
    const on = new Map([...current].map(([userId, settings]) => [userId, new Set(enabledExchanges(settings).map((e) => e.name))]));
    const kept = hits.filter((h) => saved.has(h.alert.id) && on.get(h.alert.userId)?.has(h.row.exchange) === true);
    if (kept.length === 0) return;
    const values = kept.map((h) => ({
      alert_id: h.alert.id,
      user_id: h.alert.userId,
      match_key: h.matchKey,
      match: storedMatch(h.row),
      found_at: new Date(now).toISOString(),
      starts_at: h.row.startsAt,
    }));
    // Only the rows whose alert still exists (one deleted since the check above is skipped, not
    // failing the batch); the columns in the table's order. The alert's row is locked as the
    // foreign key check locks it (FOR KEY SHARE): a delete in flight on another connection is
    // waited for, and once it commits the row is gone here too, so the check that follows never
    // meets a deleted alert (without the lock, EXISTS saw the row and the foreign key check, after
    // the delete committed, failed the whole insert on PostgreSQL).
    const rows = sql`select v.alert_id, v.user_id, v.match_key, v.match, v.found_at, null::timestamptz, v.starts_at
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
        as v(alert_id text, user_id text, match_key text, match jsonb, found_at timestamptz, starts_at timestamptz)
      where exists (select 1 from ${oddsAlerts} where ${oddsAlerts.id} = v.alert_id for key share)`;
    const added = await deps.db
      .insert(oddsAlertMatches)
      .select(rows)
      .onConflictDoNothing()
      .returning({ alertId: oddsAlertMatches.alertId, userId: oddsAlertMatches.userId });
    for (const h of kept) evaluator.markSeen(h.alert.id, [h.matchKey]);
    for (const a of added) waiting.set(a.alertId, a.userId);
  }

  async function flush(now: number): Promise<void> {
    if (waiting.size === 0) return;
    const due = new Date(now - COOL_DOWN_MS);
    // Claim the alerts whose cool-down has passed and that still have a match to tell (one process
    // wins each claim; one whose matches another process sent is not claimed: its cool-down stands).
    const unsent = deps.db
      .select({ one: sql`1` })
      .from(oddsAlertMatches)
      .where(and(eq(oddsAlertMatches.alertId, oddsAlerts.id), isNull(oddsAlertMatches.notifiedAt)));
    const claimed = await deps.db
      .update(oddsAlerts)
      .set({ notifiedAt: new Date(now) })
      .where(
        and(
          inArray(oddsAlerts.id, [...waiting.keys()]),
          eq(oddsAlerts.paused, false),
          or(isNull(oddsAlerts.notifiedAt), lte(oddsAlerts.notifiedAt, due)),
          exists(unsent),
        ),
      )
      .returning();
    for (const alert of claimed) {
      waiting.delete(alert.id);
      const access = await loadMemberAccess(deps.db, deps.brand, alert.userId, now);
      if (access === null || !mayWatch(deps.brand, access.entitled, alert.tool)) {
        // Nothing is sent, and the matches stay untold; the member's alerts stop being evaluated.
        forgetMember(alert.userId);
        deps.logger.info({ alertId: alert.id }, 'odds alert not sent: the plan no longer includes the tool');
        continue;
      }
      // The matches released and their push queued together: both commit or neither.
      try {
        await deps.db.transaction(async (tx) => {
          const pending = await tx
            .update(oddsAlertMatches)
            .set({ notifiedAt: new Date(now) })
            .where(and(eq(oddsAlertMatches.alertId, alert.id), isNull(oddsAlertMatches.notifiedAt)))
            .returning({ key: oddsAlertMatches.matchKey, match: oddsAlertMatches.match });
          if (pending.length === 0) return;
          const matches = pending
            .map((p) => ({ key: p.key, match: p.match as unknown as StoredMatch }))
            .sort((a, b) => matchFigure(b.match) - matchFigure(a.match) || a.key.localeCompare(b.key));
          await send(alert.userId, alertPush(deps, alert, matches), tx);
        });
      } catch (error) {
        deps.logger.warn({ err: error, alertId: alert.id }, 'odds alert push failed');
      }
    }
  }

  async function process(patch: FeedPatch): Promise<void> {
    const feed = deps.feed;
    if (feed === null) return;
    const now = deps.clock();
    // The feed as it is now (patches queued after this one may be in it): its seq goes with it, so
    // an engine that loads it whole skips the patches it holds.
    const { market, seq } = feed.snapshot();
    for (const evaluator of [...all()]) await record(evaluator, evaluator.evaluate(patch, market, now, seq).hits, now);
    await flush(now);
  }

  return {
    async start() {
      const feed = deps.feed;
      if (feed === null) return;
      // Listening before reading: a change committed meanwhile is heard, and read again, after.
      const listener = listenTo(deps.pubSub, ALERT_CHANGES_TOPIC, stopping.signal, {
        hear,
        // A thousand changes behind: every alert is read again.
        missed: async (error) => {
          deps.logger.error({ err: error }, 'the alert change listener fell behind: reading every alert again');
          await loadAll();
        },
      });
      // A closed account's alerts, deleted by the erasure without an alert change.
      const revocations = listenTo(deps.pubSub, REVOCATION_TOPIC, stopping.signal, {
        hear: hearRevocation,
        missed: async (error) => {
          deps.logger.error({ err: error }, 'the revocation listener fell behind: reading every alert again');
          await loadAll();
        },
      });
      // A member's exchange settings changed: their alerts read them again.
      const exchangeChanges = listenTo(deps.pubSub, EXCHANGE_SETTINGS_TOPIC, stopping.signal, {
        hear: hearExchangeSettings,
        missed: async (error) => {
          deps.logger.error({ err: error }, 'the exchange settings listener fell behind: reading every alert again');
          await loadAll();
        },
      });
      listening = Promise.all([listener.done, revocations.done, exchangeChanges.done]).then(() => undefined);
      await Promise.all([listener.ready, revocations.ready, exchangeChanges.ready]);
      await loadAll();
      const found = await deps.db
        .select({
          alertId: oddsAlertMatches.alertId,
          userId: oddsAlertMatches.userId,
          matchKey: oddsAlertMatches.matchKey,
          notifiedAt: oddsAlertMatches.notifiedAt,
        })
        .from(oddsAlertMatches)
        .innerJoin(oddsAlerts, eq(oddsAlerts.id, oddsAlertMatches.alertId))
        // Older ones are pruned (their events are long gone from the feed).
        .where(gte(oddsAlertMatches.startsAt, new Date(deps.clock() - MATCH_KEEP_MS)));
      for (const f of found) {
        const key = placed.get(f.alertId)?.key;
        if (key !== undefined) evaluators.get(key)?.markSeen(f.alertId, [f.matchKey]);
        if (f.notifiedAt === null) waiting.set(f.alertId, f.userId);
      }
      // The engine ranks the feed now, so the first patch is applied as a patch (no await between
      // the snapshot and the subscription: no patch is missed).
      const { market, seq } = feed.snapshot();
      const now = deps.clock();
      for (const evaluator of all()) {
        evaluator.load(market, seq);
        // Every alert read against the feed once, nothing kept: the evaluation's code is run and
        // compiled here, once per process, not on the first patches (evaluate.ts's prime). Only
        // that: a priming that fails is logged and the runner starts all the same (a patch that
        // fails the same way is logged as not evaluated, as before).
        try {
          evaluator.prime(market, seq, now);
        } catch (error) {
          deps.logger.warn({ err: error }, 'odds alerts not primed');
        }
      }
      started = true;
      unsubscribe = feed.onPatch((patch) => {
        queue = queue
          .then(() => process(patch))
          .catch((error: unknown) => deps.logger.warn({ err: error, seq: patch.seq }, 'odds alerts not evaluated'));
      });
      const pending = [...pendingFinds];
      pendingFinds.clear();
      for (const id of pending) if (placed.has(id)) findSoon(id);
    },
    async stop() {
      started = false;
      unsubscribe?.();
      unsubscribe = null;
      stopping.abort();
      await listening;
      // What was queued finishes (nothing is left writing after stop).
      await queue;
    },
    async announce(change) {
      await apply(change).catch((error: unknown) => deps.logger.error({ err: error }, 'an alert change could not be applied here'));
      const alertId = 'deleted' in change ? change.deleted : change.saved.id;
      const message: AlertChangeMessage = { alertId };
      try {
        await deps.pubSub.publish(ALERT_CHANGES_TOPIC, message);
      } catch (error) {
        deps.logger.error({ err: error, alertId }, 'an alert change was not published: other processes apply it at restart');
      }
    },
    get size() {
      let size = 0;
      for (const evaluator of all()) size += evaluator.size;
      return size;
    },
    idle: () => queue,
  };
}
