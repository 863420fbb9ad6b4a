// Writing an upload's kept events (events.ts), in one transaction with everything they change, so
// that the upload is answered 200 only once all of it is committed and a re-sent batch changes
// nothing: the events (append-only, each insert_id once), the devices' first and latest campaign,
// the visits (an analytics session of a device, counted once), and the daily rollups the
// dashboards read (visits by campaign; events by type, page and plan tier), plus the campaign a
// member first came from. Every table's rows are written in a fixed order (events by insert id,
// devices, visits and rollups by key), tables one after the other, so two uploads in parallel
// never wait on each other in a circle.
import { and, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  analyticsDailyEvents,
  analyticsDailyVisits,
  analyticsDevices,
  analyticsEvents,
  analyticsForwardQueue,
  analyticsVisits,
} from '../../db/schema';
import { countedType, DIRECT, type CampaignLabel, type KeptEvent } from './events';

/** What storeEvents did. */
export interface StoredCounts {
  /** Events new to the store (a re-sent event is not). */
  readonly events: number;
  /** Visits new to the store. */
  readonly visits: number;
}

interface DeviceState {
  firstSeenAt: number;
  first: CampaignLabel;
  current: CampaignLabel;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Stores `events` (one upload) with `tier` the plan tier of the member they came with (`visitor`
 * without one). With `forward`, the new events that name a device or a member are queued for the
 * external analytics provider in the same transaction (forward.ts). Returns how many events and
 * visits were new.
 */
export async function storeEvents(db: Db, events: readonly KeptEvent[], tier: string, forward = false): Promise<StoredCounts> {
  // One row per insert id (a batch may repeat an event).
  const unique = [...new Map(events.map((e) => [e.insertId, e])).values()];
  if (unique.length === 0) return { events: 0, visits: 0 };
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(analyticsEvents)
      .values(
        // In insert-id order: two uploads holding some of the same events (a batch sent again, in
        // any order, while its first sending is in flight) then wait on each other's rows in one
        // order, never in a circle (a deadlock, which failed one of them).
        [...unique]
          .sort((a, b) => compare(a.insertId, b.insertId))
          .map((e) => ({
            insertId: e.insertId,
            eventType: e.eventType,
            at: new Date(e.at),
            day: e.day,
            receivedAt: sql`now()`,
            device: e.device,
            userId: e.userId,
            sessionId: e.sessionId,
            page: e.page,
            properties: e.properties,
          })),
      )
      .onConflictDoNothing({ target: analyticsEvents.insertId })
      .returning({
        id: analyticsEvents.id,
        insertId: analyticsEvents.insertId,
        device: analyticsEvents.device,
        userId: analyticsEvents.userId,
      });
    const fresh = new Set(inserted.map((r) => r.insertId));
    // The provider needs a device or a member to file an event under.
    const forwarded = forward ? inserted.filter((r) => r.device !== null || r.userId !== null) : [];
    if (forwarded.length > 0) await tx.insert(analyticsForwardQueue).values(forwarded.map((r) => ({ eventId: r.id })));
    const kept = unique.filter((e) => fresh.has(e.insertId)).sort((a, b) => a.at - b.at);
    if (kept.length === 0) return { events: 0, visits: 0 };

    // The devices' campaigns, walked in time order: a campaign in the user properties is the
    // device's from that event on (the sdk sends it when it changes); a visit takes the device's
    // campaign at its first event.
    const deviceIds = [...new Set(kept.flatMap((e) => (e.device === null ? [] : [e.device])))].sort(compare);
    const devices = new Map<string, DeviceState>();
    if (deviceIds.length > 0) {
      for (const row of await tx.select().from(analyticsDevices).where(inArray(analyticsDevices.device, deviceIds))) {
        devices.set(row.device, {
          firstSeenAt: row.firstSeenAt.getTime(),
          first: { source: row.firstSource, medium: row.firstMedium, campaign: row.firstCampaign },
          current: { source: row.source, medium: row.medium, campaign: row.campaign },
        });
      }
    }
    const visits = new Map<string, { device: string; sessionId: number; day: string; startedAt: number; campaign: CampaignLabel }>();
    for (const e of kept) {
      if (e.device === null) continue;
      let state = devices.get(e.device);
      if (state === undefined) {
        const label = e.campaign ?? DIRECT;
        state = { firstSeenAt: e.at, first: label, current: label };
        devices.set(e.device, state);
      } else if (e.campaign !== null) state.current = e.campaign;
      if (e.sessionId === null) continue;
      const key = `${e.device} ${e.sessionId}`;
      if (!visits.has(key))
        visits.set(key, { device: e.device, sessionId: e.sessionId, day: e.day, startedAt: e.at, campaign: state.current });
    }
    if (devices.size > 0) {
      await tx
        .insert(analyticsDevices)
        .values(
          [...devices.entries()]
            .sort(([a], [b]) => compare(a, b))
            .map(([device, s]) => ({
              device,
              firstSeenAt: new Date(s.firstSeenAt),
              firstSource: s.first.source,
              firstMedium: s.first.medium,
              firstCampaign: s.first.campaign,
              source: s.current.source,
              medium: s.current.medium,
              campaign: s.current.campaign,
            })),
        )
        .onConflictDoUpdate({
          target: analyticsDevices.device,
          set: {
            source: sql`excluded.source`,
            medium: sql`excluded.medium`,
            campaign: sql`excluded.campaign`,
          },
        });
    }

    let newVisits = 0;
    if (visits.size > 0) {
      const candidates = [...visits.values()].sort((a, b) => compare(a.device, b.device) || a.sessionId - b.sessionId);
      const created = await tx
        .insert(analyticsVisits)
        .values(candidates.map((v) => ({ device: v.device, sessionId: v.sessionId, day: v.day, startedAt: new Date(v.startedAt) })))
        .onConflictDoNothing()
        .returning({ device: analyticsVisits.device, sessionId: analyticsVisits.sessionId });
      newVisits = created.length;
      const perDay = new Map<string, { day: string; label: CampaignLabel; visits: number }>();
      for (const { device, sessionId } of created) {
        const v = visits.get(`${device} ${sessionId}`);
        if (v === undefined) continue;
        const key = [v.day, v.campaign.source, v.campaign.medium, v.campaign.campaign].join('\u0000');
        const row = perDay.get(key);
        if (row === undefined) perDay.set(key, { day: v.day, label: v.campaign, visits: 1 });
        else row.visits += 1;
      }
      if (perDay.size > 0) {
        await tx
          .insert(analyticsDailyVisits)
          .values(
            [...perDay.entries()]
              .sort(([a], [b]) => compare(a, b))
              .map(([, r]) => ({
                day: r.day,
                source: r.label.source,
                medium: r.label.medium,
                campaign: r.label.campaign,
                visits: r.visits,
              })),
          )
          .onConflictDoUpdate({
            target: [analyticsDailyVisits.day, analyticsDailyVisits.source, analyticsDailyVisits.medium, analyticsDailyVisits.campaign],
            set: { visits: sql`${analyticsDailyVisits.visits} + excluded.visits` },
          });
      }
    }

    const perType = new Map<string, { day: string; eventType: string; page: string; events: number }>();
    for (const e of kept) {
      const page = e.page ?? '(none)';
      const eventType = countedType(e.eventType);
      const key = [e.day, eventType, page].join('\u0000');
      const row = perType.get(key);
      if (row === undefined) perType.set(key, { day: e.day, eventType, page, events: 1 });
      else row.events += 1;
    }
    await tx
      .insert(analyticsDailyEvents)
      .values([...perType.entries()].sort(([a], [b]) => compare(a, b)).map(([, r]) => ({ ...r, tier })))
      .onConflictDoUpdate({
        target: [analyticsDailyEvents.day, analyticsDailyEvents.eventType, analyticsDailyEvents.page, analyticsDailyEvents.tier],
        set: { events: sql`${analyticsDailyEvents.events} + excluded.events` },
      });

    // The member's first campaign: their first device's first one, set once.
    const withMember = kept.find((e) => e.userId !== null && e.device !== null);
    if (withMember !== undefined) {
      await tx.execute(sql`
        INSERT INTO member_attribution (user_id, source, medium, campaign, at)
        SELECT ${withMember.userId}, first_source, first_medium, first_campaign, first_seen_at
        FROM analytics_devices WHERE device = ${withMember.device}
        ON CONFLICT (user_id) DO NOTHING`);
    }
    return { events: kept.length, visits: newVisits };
  });
}

/** Rows deleted a statement: short locks, whatever the backlog. */
const PRUNE_BATCH = 10_000;

/**
 * Deletes raw events and visits older than `retentionDays` before `now` (the rollups and the
 * milestones stay); returns how many events went.
 */
export async function pruneAnalytics(db: Db, now: number, retentionDays: number): Promise<number> {
  const cutoff = new Date(now - retentionDays * 86_400_000);
  let deleted = 0;
  for (;;) {
    const batch = await db
      .delete(analyticsEvents)
      .where(
        inArray(
          analyticsEvents.id,
          db.select({ id: analyticsEvents.id }).from(analyticsEvents).where(lt(analyticsEvents.at, cutoff)).limit(PRUNE_BATCH),
        ),
      )
      .returning({ id: analyticsEvents.id });
    deleted += batch.length;
    if (batch.length < PRUNE_BATCH) break;
  }
  await db.delete(analyticsVisits).where(and(lt(analyticsVisits.startedAt, cutoff)));
  return deleted;
}
