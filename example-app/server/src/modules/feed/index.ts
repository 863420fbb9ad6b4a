// The odds feed over GraphQL: oddsSnapshot (a snapshot with its sequence number), oddsPatches
// (the patches, fanned out to every process through the PubSub; one process, the leader,
// publishes them), the 1.0 per-market oddsUpdated stream derived from the patches, and feedStatus
// (how the real providers behind the feed are doing, in member-safe words: status.ts). Reading the
// feed needs a tool that reads it. The example's feed is simulated and says so (simulated: true).
import type { FeedPatch, FeedSnapshot } from '@matchkit/sdk/feed';
import type { FeedSource } from '@matchkit/app-contract/feed';
import type {
  OddsFilter,
  QueryOddsSnapshotArgs,
  SubscriptionOddsPatchesArgs,
  SubscriptionOddsUpdatedArgs,
} from '../../generated/resolvers';
import type { PubSubPayload } from '../../pubsub/index';
import type { RequestContext } from '../../kernel';
import { shareEvent } from '../../fanout';
import { acceptSync, offerSync, type SyncOffering, type SyncSink } from '../../sync-delivery';
import type { ModuleFactory, Resolvers } from '../module';
import type { FeedPart } from '@matchkit/sdk/matching';
import { feedSliceOf, requireFeedAccess, sliceHolds } from './access';
import { accessRecheck } from '../members/access';
import { requireAdmin } from '../admin/require-admin';
import { refusal, requireViewer } from '../module';
import { admits, advisoryLeader, feedElection, redisLeader, soleLeader, type Leadership } from './leader';
import { isLeaderFeed } from '../../feed/leader-feed';
import {
  feedIndexer,
  pageCount,
  isOpenFilter,
  patchView,
  sliceKey,
  snapshotPage,
  snapshotRecords,
  snapshotView,
  type FeedIndex,
  type SnapshotRecords,
} from './view';
import { providerStates } from './status';
import { quoteMoves } from './moves';
import typeDefs from './schema.graphql?raw';

/** The subscriptions whose events this module shares between subscribers (see fanout.ts). */
export const FEED_SHARED_SUBSCRIPTIONS = ['oddsPatches', 'oddsUpdated'] as const;

/** A patch seen through one filter: the view, its oddsPatches event and (once asked for) its oddsUpdated events. */
interface SharedPatch {
  readonly view: ReturnType<typeof patchView>;
  readonly event: { readonly oddsPatches: ReturnType<typeof patchView> };
  updates: { readonly oddsUpdated: ReturnType<typeof marketUpdates>[number] }[] | null;
}

/** The most records a page of oddsSnapshot(page:) holds. */
const PAGE_MOST = 50_000;
/** How long a snapshot being read in pages is kept after its last page was read, milliseconds. */
const PAGED_KEEP_MS = 30_000;
/** The most snapshots kept for reading in pages in this process (each a few lists of references). */
const PAGED_MOST = 32;
/** The most snapshots kept for reading in pages for one member: their next evicts their own oldest. */
const PAGED_MEMBER_MOST = 2;

/**
 * How long this process keeps a snapshot it held, for pages of it whose page 0 another process
 * answered (a balancer without sticky sessions), milliseconds of the app's clock.
 */
const RECENT_KEEP_MS = 10_000;
/** The most such snapshots kept (at 600 events and 10 patches a second, about 0.7 MB each). */
const RECENT_MOST = 64;
/** How long a page of a seq this process has not reached yet waits for it, real milliseconds. */
const AHEAD_WAIT_MS = 2_000;
/** How far ahead of this process's feed a page's seq may be and still be waited for. */
const AHEAD_MOST = 20;
/** How often a waiting page looks again (a follower's resync reaches a seq without a patch), ms. */
const AHEAD_POLL_MS = 100;

/** How many seqs back (from the newest one viewed) views are kept by seq, besides by patch object. */
const SHARED_SEQS = 2;

/** The PubSub topic of the feed's patches. */
export const ODDS_TOPIC = 'odds:patches';
/** The advisory-lock key of the feed's publisher ("mkfeed"). */
const LEADER_LOCK = 0x6d6b66656564;
/** The Redis key of the feed publisher's lease (REDIS_URL without DATABASE_URL). */
export const LEADER_LEASE = 'matchkit:feed-leader';

export const feedModule: ModuleFactory = (deps) => {
  const feed: FeedSource | null = deps.feed;
  let leadership: Leadership | null = null;
  let unsubscribe: (() => void) | null = null;
  // Hears the terms of every patch published (a leader hearing a newer term steps down): see start().
  const listening = new AbortController();
  /** Whether this process admits a patch heard on the PubSub: not of a term older than one it heard (leader.ts). */
  const admitted = (patch: unknown) =>
    leadership === null || admits(leadership, patch as { term?: unknown }, (problem) => deps.logger.warn(problem));
  // Since when each real provider holds its state: observed on every patch and every feedStatus.
  const providers = providerStates(feed, deps.clock, deps.config.feedProviderNames);
  // One index and one sliced, filtered view per patch, slice and filter, shared by every subscriber
  // of this process with that slice and filter; their subscription events are marked shareable
  // (the types below OddsPatch and OddsUpdate resolve from the event alone), so each is executed
  // and serialised once (fanout.ts). The slice is part of the key: fanout.ts shares one execution
  // per event object, so members of different slices must never be handed the same event object.
  const indexes = new Map<number, FeedIndex>();
  // By seq, then by `${at}|${view}`: for another object of a patch already seen (the same patch
  // heard twice). Only the last few seqs: a view lives as long as its patch object does
  // (viewsOf), and one kept longer would be promoted to the old generation, then collected
  // there, for every patch (at 600 events, hundreds of kilobytes a patch).
  const shared = new Map<number, Map<string, SharedPatch>>();
  const viewsOf = new WeakMap<FeedPatch, Map<string, SharedPatch>>();
  const indexer = feedIndexer();
  const indexFor = (patch: FeedPatch) => {
    let index = indexes.get(patch.seq);
    if (index === undefined || feed === null) {
      index = indexer(feed?.snapshot().market ?? { events: [], markets: [], backPrices: [], exchangePrices: [] }, patch.upserts);
      indexes.set(patch.seq, index);
      for (const seq of indexes.keys()) if (seq < patch.seq - 8) indexes.delete(seq);
    }
    return index;
  };
  // Which prices of each patch moved their quotes alone (oddsPatches(quoteColumns: true)): told
  // every patch of this process's feed before it is published (start(), below).
  const moves = feed === null ? null : quoteMoves(feed.snapshot().seq, feed.snapshot().market);
  /** The key of a subscription's slice, filter and form (worked out once per subscription). */
  const viewKey = (parts: readonly FeedPart[], filter: OddsFilter | null | undefined, columns: boolean) =>
    `${sliceKey(parts)}|${columns ? 'q' : ''}|${isOpenFilter(filter) ? '' : JSON.stringify(filter)}`;
  const sharedFor = (
    patch: FeedPatch,
    filter: OddsFilter | null | undefined,
    parts: readonly FeedPart[],
    byView: string,
    columns = false,
  ): SharedPatch => {
    // Every subscriber of this process is handed the same patch object: its views are found by the
    // object first (no key string built a subscriber), by seq when another object of it comes.
    let views = viewsOf.get(patch);
    if (views === undefined) {
      views = new Map();
      viewsOf.set(patch, views);
    }
    let entry = views.get(byView);
    if (entry !== undefined) return entry;
    const key = `${patch.at}|${byView}`;
    let ofSeq = shared.get(patch.seq);
    if (ofSeq === undefined) {
      ofSeq = new Map();
      shared.set(patch.seq, ofSeq);
      for (const seq of shared.keys()) if (seq < patch.seq - SHARED_SEQS) shared.delete(seq);
      // A feed restarted at lower seqs: the first seen goes first.
      if (shared.size > 4 * SHARED_SEQS) shared.delete(shared.keys().next().value as number);
    }
    entry = ofSeq.get(key);
    if (entry === undefined) {
      const view = patchView(patch, filter, indexFor(patch), parts, columns ? (moves?.movedKeys(patch) ?? null) : null);
      entry = { view, event: shareEvent({ oddsPatches: view }), updates: null };
      // Views of one seq are as many as the slices, filters and forms subscribed (each its key).
      if (ofSeq.size < 512) ofSeq.set(key, entry);
    }
    views.set(byView, entry);
    return entry;
  };

  // Snapshots being read in pages (oddsSnapshot(page:)), by member, seq and view: the member's
  // slice of the snapshot within the filter (references to the feed's records), each kept
  // PAGED_KEEP_MS after its last page was read; a member keeps at most PAGED_MEMBER_MOST (their
  // next evicts their own oldest), so one member's many filters never evict another's, and the
  // process at most PAGED_MOST, the read last. Views are per member, not shared between members
  // of the same slice and filter: simpler, and a member's reads never move another's. A page at a
  // seq no longer held (nor the feed's now) is NOT_FOUND naming page.seq: the client reads the
  // whole snapshot. A page past the last is BAD_INPUT naming page.index, and keeps nothing.
  const paged = new Map<string, { member: string; records: SnapshotRecords; until: number }>();
  // The snapshots this process held lately, by seq, each RECENT_KEEP_MS after it stopped being current: a
  // page of one may come here though page 0 was read from another process (every process holds
  // the same snapshot at a seq: the simulated feed is the same everywhere, a follower mirrors its
  // leader, and a new leader's seqs start past the old one's). A seq not reached yet is waited
  // for, AHEAD_WAIT_MS at most (this process a patch behind the one that answered page 0).
  const recent = new Map<number, { snapshot: FeedSnapshot; until: number }>();
  const reached = new Set<() => void>();
  let closed = false;
  /** The seq of the snapshot kept last (the feed's now). */
  let current: number | null = null;
  const keepRecent = (snapshot: FeedSnapshot) => {
    const now = deps.clock();
    // The one current until now stops being so: kept from now on (the feed's interval may be long).
    const previous = current === null ? undefined : recent.get(current);
    if (previous !== undefined) previous.until = now + RECENT_KEEP_MS;
    for (const [seq, kept] of recent) if (kept.until < now) recent.delete(seq);
    current = snapshot.seq;
    recent.delete(snapshot.seq);
    recent.set(snapshot.seq, { snapshot, until: now + RECENT_KEEP_MS });
    while (recent.size > RECENT_MOST) recent.delete(recent.keys().next().value as number);
    for (const wake of [...reached]) wake();
  };
  /** The snapshot of `seq`: the feed's now, one held lately, or (a little ahead) the one it reaches soon; null when none. */
  const snapshotOf = async (source: FeedSource, seq: number): Promise<FeedSnapshot | null> => {
    const deadline = Date.now() + AHEAD_WAIT_MS;
    for (;;) {
      const now = source.snapshot();
      if (now.seq === seq) return now;
      const kept = recent.get(seq);
      if (kept !== undefined && kept.until >= deps.clock()) return kept.snapshot;
      const wait = Math.min(deadline - Date.now(), AHEAD_POLL_MS);
      if (seq < now.seq || seq > now.seq + AHEAD_MOST || wait <= 0 || closed) return null;
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          reached.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, wait);
        reached.add(wake);
      });
    }
  };
  const pagedRecords = async (
    source: FeedSource,
    member: string,
    parts: readonly FeedPart[],
    filter: OddsFilter | null | undefined,
    page: { readonly size: number; readonly index: number; readonly seq?: number | null | undefined },
  ) => {
    const now = deps.clock();
    for (const [key, entry] of paged) if (entry.until < now) paged.delete(key);
    const seq = page.seq ?? null;
    const snapshot = source.snapshot();
    const key = `${member}|${seq ?? snapshot.seq}|${viewKey(parts, filter, false)}`;
    let entry = paged.get(key);
    if (entry === undefined) {
      const held = seq === null ? snapshot : await snapshotOf(source, seq);
      if (held === null)
        throw refusal('NOT_FOUND', `page.seq: the snapshot of seq ${seq} is no longer held; read the whole snapshot`, 'page.seq');
      entry = paged.get(key) ?? { member, records: snapshotRecords(held, filter, parts), until: 0 };
    }
    const pages = pageCount(entry.records, page.size);
    if (page.index >= pages && page.index !== 0)
      throw refusal('BAD_INPUT', `page.index: the snapshot has ${pages} pages of ${page.size}, from 0; not ${page.index}`, 'page.index');
    // Last read, last let go: the entry moves to the end.
    if (paged.has(key)) paged.delete(key);
    else {
      const mine = [...paged].filter(([, e]) => e.member === member);
      if (mine.length >= PAGED_MEMBER_MOST) paged.delete((mine[0] as [string, unknown])[0]);
      if (paged.size >= PAGED_MOST) paged.delete(paged.keys().next().value as string);
    }
    paged.set(key, entry);
    entry.until = now + PAGED_KEEP_MS;
    return entry.records;
  };

  function unavailable(): never {
    throw new Error('the odds feed is not configured');
  }

  /**
   * The events a feed subscription sends: `toEvents` of each patch published after it started.
   * An iterator, not an async generator: its return() stops the pubsub subscription at once (an
   * async generator's return() would wait for the next patch), so a completed operation or a
   * closed socket lets go of everything before the next patch, and graphql-ws never sees an
   * operation outlive its complete.
   *
   * A refund or a lapse ends the stream with FORBIDDEN (checked at most every 30 s of the app's
   * clock), and so does a slice that shrank (the dearer plan refunded or lapsed): the stream keeps
   * the slice it started with, so the client subscribes again, with a fresh snapshot, to get its new
   * slice (never a stream that silently stops updating part of what it holds).
   */
  async function feedStream<T>(
    ctx: RequestContext,
    parts: readonly FeedPart[],
    toEvents: (patch: FeedPatch) => readonly T[],
    synchronous = false,
  ): Promise<AsyncIterableIterator<T>> {
    const stop = new AbortController();
    const source = deps.pubSub.subscribe(ODDS_TOPIC, stop.signal);
    await source.ready;
    const recheck = accessRecheck(ctx, (access) => sliceHolds(feedSliceOf(ctx.brand, access), parts));
    const queued: T[] = [];
    // stop.signal.aborted, kept as a plain flag: read twice a patch by every subscriber.
    let stopped = false;
    // What the synchronous path (below) did with the payload it declined last, so that the
    // asynchronous path neither admits it twice nor starts the access check a second time.
    let admittedLast: unknown = undefined;
    let dueLast: Promise<void> | undefined;
    const finish = async (): Promise<IteratorResult<T>> => {
      if (!stopped) {
        stopped = true;
        stop.abort();
        queued.length = 0;
        await source.return?.();
        ctx.logger.debug('odds subscription ended');
      }
      return { value: undefined, done: true };
    };
    // Synchronous delivery (sync-delivery.ts), when `synchronous`: while the consumer waits for
    // this stream and this stream waits for the PubSub, a patch whose one event the consumer takes
    // at once (written to its socket) goes down without a promise. Anything else (a patch of
    // several events, the access re-check due, a consumer that declines) takes the asynchronous
    // path. Only for events made from the patch alone: the PubSub offers a patch before any other
    // subscriber of the topic has run, and on a follower the feed's snapshot is one of them (its
    // mirror applies each patch it hears), so an event that reads the snapshot must wait for it.
    let downstream: SyncSink<T> | null = null;
    const fromPubSub: SyncSink<unknown> = (payload) => {
      if (stopped || downstream === null) return false;
      // The view's index is made from the feed's snapshot and the patch's upserts (indexFor), and
      // kept for its seq: only when the snapshot is the patch's own or the one it applies to. A
      // follower's mirror applies what it hears in a subscriber of its own, after this one: two
      // patches delivered in one go (Redis, PostgreSQL) would find it a patch further behind.
      const held = feed?.snapshot().seq;
      const seq = (payload as { seq?: unknown }).seq;
      if (held === undefined || typeof seq !== 'number' || (held !== seq && held !== seq - 1)) return false;
      // A patch of an older leader's term: dropped here as below.
      if (!admitted(payload)) return true;
      admittedLast = payload;
      const due = recheck();
      if (due !== undefined) {
        // Awaited by the asynchronous path, which the payload now takes.
        dueLast = due;
        due.catch(() => undefined);
        return false;
      }
      const events = toEvents(payload as FeedPatch);
      if (events.length !== 1 || !downstream(events[0] as T)) return false;
      admittedLast = undefined;
      return true;
    };
    const it: AsyncIterableIterator<T> & SyncOffering<T> = {
      [Symbol.asyncIterator]: () => it,
      [offerSync](sink: SyncSink<T> | null) {
        if (!synchronous) return;
        downstream = sink;
        acceptSync(source, sink === null ? null : fromPubSub);
      },
      async next() {
        for (;;) {
          if (stopped) return { value: undefined, done: true };
          const event = queued.shift();
          if (event !== undefined) return { value: event, done: false };
          const step = await source.next();
          if (step.done === true || stopped) return finish();
          const seen = admittedLast === step.value;
          admittedLast = undefined;
          const started = dueLast;
          dueLast = undefined;
          // A patch of an older leader's term (it published after a newer one was heard): dropped.
          if (!seen && !admitted(step.value)) continue;
          try {
            const due = seen ? started : recheck();
            if (due !== undefined) await due;
          } catch (error) {
            await finish();
            throw error;
          }
          queued.push(...toEvents(step.value as unknown as FeedPatch));
        }
      },
      return: finish,
      async throw(error: unknown) {
        await finish();
        throw error;
      },
    };
    return it;
  }

  return {
    name: 'feed',
    typeDefs,
    resolvers: {
      Query: {
        async oddsSnapshot(_: unknown, args: QueryOddsSnapshotArgs, ctx: RequestContext) {
          const parts = await requireFeedAccess(ctx);
          if (feed === null) unavailable();
          const page = args.page;
          if (page === null || page === undefined) return snapshotView(feed.snapshot(), args.filter, parts);
          if (page.size < 1 || page.size > PAGE_MOST)
            throw refusal('BAD_INPUT', `page.size: must be from 1 to ${PAGE_MOST} records, not ${page.size}`, 'page.size');
          if (page.index < 0) throw refusal('BAD_INPUT', `page.index: must be 0 or more, not ${page.index}`, 'page.index');
          const member = requireViewer(ctx);
          return snapshotPage(await pagedRecords(feed, member, parts, args.filter, page), page.index, page.size);
        },
        async feedStatus(_: unknown, _args: unknown, ctx: RequestContext) {
          await requireFeedAccess(ctx);
          if (feed === null) unavailable();
          return { simulated: feed.simulated, providers: providers.observe() };
        },
        // The same answer for the admin console's Operations tab: an administrator holds no plan,
        // so no tool that reads the feed, and must still see how its sources are doing.
        async adminFeedStatus(_: unknown, _args: unknown, ctx: RequestContext) {
          await requireAdmin(ctx);
          if (feed === null) unavailable();
          return { simulated: feed.simulated, providers: providers.observe() };
        },
      },
      Subscription: {
        oddsPatches: {
          async subscribe(_: unknown, args: SubscriptionOddsPatchesArgs, ctx: RequestContext) {
            const parts = await requireFeedAccess(ctx);
            if (feed === null) unavailable();
            const columns = args.quoteColumns === true;
            const byView = viewKey(parts, args.filter, columns);
            // A patch's view is made from the patch, the quote moves (which read the patch) and
            // the index, which reads the snapshot: synchronously only while that snapshot is the
            // patch's own or the one before it (feedStream's sink checks).
            return feedStream(ctx, parts, (patch) => [sharedFor(patch, args.filter, parts, byView, columns).event], true);
          },
        },
        oddsUpdated: {
          async subscribe(_: unknown, args: SubscriptionOddsUpdatedArgs, ctx: RequestContext) {
            const parts = await requireFeedAccess(ctx);
            if (feed === null) unavailable();
            const byView = viewKey(parts, args.filter, false);
            return feedStream(ctx, parts, (patch) => {
              const entry = sharedFor(patch, args.filter, parts, byView);
              entry.updates ??= marketUpdates(feed, entry.view.upserts, patch.at, args.filter).map((update) =>
                shareEvent({ oddsUpdated: update }),
              );
              return entry.updates;
            });
          },
        },
      },
    } satisfies Resolvers,
    start() {
      if (feed === null) return;
      feed.start();
      // A feed of real prices runs its providers on the leader only (feed/leader-feed.ts).
      const told = isLeaderFeed(feed) ? feed : null;
      const onChange = (leader: boolean) => {
        deps.logger.info({ leader }, 'odds feed publisher');
        told?.setLeader(leader);
      };
      const { databaseUrl, redisUrl } = deps.config;
      const election = feedElection(deps.config, deps.pubSub);
      leadership =
        election === 'advisory' && databaseUrl !== null
          ? advisoryLeader(databaseUrl, LEADER_LOCK, { onChange })
          : election === 'redis' && redisUrl !== null
            ? // Each process on its own embedded database: the lease in Redis elects the leader.
              redisLeader(redisUrl, LEADER_LEASE, { onChange, onProblem: (problem) => deps.logger.warn(problem) })
            : soleLeader();
      if (leadership.isLeader()) told?.setLeader(true);
      told?.fenceWith(leadership);
      const lead = leadership;
      if (election !== 'sole') {
        // Every process hears every patch's term, subscribers or not: a leader that hears a newer
        // term than its own steps down at once (leader.ts, "Fencing").
        const heard = deps.pubSub.subscribe(ODDS_TOPIC, listening.signal);
        void (async () => {
          try {
            for await (const patch of heard) admitted(patch);
          } catch (error) {
            if (!listening.signal.aborted) deps.logger.warn({ err: error }, 'odds patch terms no longer heard');
          }
        })();
      }
      keepRecent(feed.snapshot());
      unsubscribe = feed.onPatch((patch) => {
        providers.observe();
        moves?.observe(patch, feed.snapshot().market);
        const held = feed.snapshot();
        if (held.seq === patch.seq) keepRecent(held);
        const term = lead.term();
        if (term === null) return;
        // Its term fences it: a process that heard a newer leader drops it.
        deps.pubSub
          .publish(ODDS_TOPIC, { ...patch, term } as unknown as PubSubPayload)
          .catch((error: unknown) => deps.logger.warn({ err: error, seq: patch.seq }, 'odds patch not published'));
      });
    },
    async stop() {
      listening.abort();
      unsubscribe?.();
      closed = true;
      recent.clear();
      for (const wake of [...reached]) wake();
      feed?.stop();
      await leadership?.stop();
    },
  };
};

/**
 * The 1.0 OddsUpdate of every market whose prices a patch changed (within the filter), from the
 * feed's current state, with only the filter's bookmakers and exchanges.
 */
function marketUpdates(
  feed: FeedSource,
  upserts: ReturnType<typeof patchView>['upserts'],
  at: number,
  filter: OddsFilter | null | undefined,
) {
  const bookmakers = filter?.bookmakers === null || filter?.bookmakers === undefined ? null : new Set(filter.bookmakers);
  const exchanges = filter?.exchanges === null || filter?.exchanges === undefined ? null : new Set(filter.exchanges);
  const touched = new Set<string>();
  const market = feed.snapshot().market;
  const marketOfRunner = new Map<string, string>();
  for (const m of market.markets) for (const r of m.runners) marketOfRunner.set(r.id, m.id);
  for (const p of upserts.backPrices) touched.add(marketOfRunner.get(p.selectionId) ?? '');
  for (const p of upserts.exchangePrices) if (p.places === undefined) touched.add(marketOfRunner.get(p.selectionId) ?? '');
  for (const m of upserts.markets) touched.add(m.id);
  touched.delete('');
  const events = new Map(market.events.map((e) => [e.id, e]));
  const out = [];
  for (const m of market.markets) {
    if (!touched.has(m.id)) continue;
    const e = events.get(m.eventId);
    if (e === undefined) continue;
    const runners = new Set(m.runners.map((r) => r.id));
    out.push({
      eventId: e.id,
      eventName: e.name,
      sport: e.sport,
      competition: e.competition ?? null,
      startsAt: e.startsAt,
      marketId: m.id,
      marketName: m.name,
      updatedAt: at,
      selections: m.runners.map((r) => ({
        selectionId: r.id,
        name: r.name,
        back: market.backPrices
          .filter((p) => p.selectionId === r.id && (bookmakers === null || bookmakers.has(p.bookmaker)))
          .map((p) => ({ bookmaker: p.bookmaker, odds: p.odds, source: p.source, updatedAt: p.updatedAt })),
        lay: market.exchangePrices
          .filter(
            (p) =>
              p.selectionId === r.id &&
              p.places === undefined &&
              p.lay !== null &&
              runners.has(p.selectionId) &&
              (exchanges === null || exchanges.has(p.exchange)),
          )
          .map((p) => ({
            exchange: p.exchange,
            odds: p.lay?.odds ?? 0,
            liquidity: p.lay?.liquidity ?? 0,
            commission: p.commission,
            source: p.source,
            updatedAt: p.updatedAt,
          })),
      })),
    });
  }
  return out;
}
