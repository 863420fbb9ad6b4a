// The live feed: a store outside React that follows the odds feed (subscribe to the patches, fetch
// the snapshot, apply the patches in order with the contract's applyPatch, resync on a gap) and
// tells its subscribers at most once per animation frame.
import { MatchkitValidationError, type ValidationIssue } from '../errors/errors';
import { unknownOptions, type OptionKeys } from '../internal/keys';
import { createStore, type ReadableStore } from '../internal/store';
import { applyPatches, isFeedGapError, joinMarkets, keyLists, type FeedPatch, type FeedSnapshot } from './contract';
import {
  fromWire,
  OddsPatchesSubscription,
  OddsSnapshotPageQuery,
  OddsSnapshotQuery,
  type OddsFeedFilter,
  type OddsFeedVariables,
  type OddsPatchesSubscriptionData,
  type OddsSnapshotQueryData,
  type WireOddsSnapshot,
} from './wire';

/**
 * Receives a feed's patches: `next` for each, in the order they came; `error` when the stream
 * failed for good; `complete` when the server ended it (a live feed then subscribes again and
 * resyncs).
 *
 * @example
 * ```ts
 * import type { PatchSink } from '@matchkit/sdk/feed';
 * const log: PatchSink = { next: (p) => console.warn(p.seq), error: (e) => console.error(e), complete: () => undefined };
 * ```
 */
export interface PatchSink {
  /** One patch. */
  next(patch: FeedPatch): void;
  /** The stream failed and will send nothing more. */
  error(error: unknown): void;
  /** The stream ended. */
  complete(): void;
}

/**
 * Where a live feed gets its data: the snapshot now, and the stream of patches. The GraphQL one is
 * {@link graphqlFeedSource}; a test, a benchmark or another protocol can supply its own.
 *
 * @example
 * ```ts
 * import { emptyPatch, type FeedSnapshot, type LiveFeedSource } from '@matchkit/sdk/feed';
 * const current = (): FeedSnapshot => ({ seq: 7, at: Date.now(), simulated: true, market: { events: [], markets: [], backPrices: [], exchangePrices: [] } }); // your prices now
 * const heartbeat: LiveFeedSource = {
 *   snapshot: async () => current(),
 *   patches(sink) {
 *     let seq = current().seq;
 *     const timer = setInterval(() => sink.next(emptyPatch(++seq, Date.now())), 250);
 *     return () => clearInterval(timer);
 *   },
 * };
 * ```
 */
export interface LiveFeedSource {
  /** Fetches the snapshot now; `signal` aborts a fetch no longer wanted. */
  snapshot(signal: AbortSignal): Promise<FeedSnapshot>;
  /** Starts the stream of patches; returns the function that stops it. */
  patches(sink: PatchSink): () => void;
}

/**
 * The GraphQL-over-HTTP client a {@link graphqlFeedSource} fetches the snapshot with: the sdk's
 * `createGraphQLClient` fits. It gets {@link OddsSnapshotQuery} (the whole snapshot) and, with
 * `pageSize`, {@link OddsSnapshotPageQuery} (a page, `variables.page` set), both answering
 * `oddsSnapshot`; a failure it rejects with keeps the server's `graphQLErrors` (as the sdk's
 * `TransportError` does), so a seq let go or a server without pages can be told apart.
 *
 * @example
 * ```ts
 * import { createGraphQLClient } from '@matchkit/sdk/transport';
 * import type { FeedQueryTransport } from '@matchkit/sdk/feed';
 * const transport: FeedQueryTransport = createGraphQLClient({ url: 'https://api.example.com/graphql' });
 * ```
 */
export interface FeedQueryTransport {
  /** Runs the snapshot query, whole or a page. */
  request(
    request: { readonly query: typeof OddsSnapshotQuery; readonly variables: OddsFeedVariables },
    options: { readonly signal: AbortSignal },
  ): Promise<{ readonly data: OddsSnapshotQueryData }>;
}

/**
 * The graphql-transport-ws client a {@link graphqlFeedSource} subscribes with: the sdk's
 * `createSubscriptionClient` fits.
 *
 * @example
 * ```ts dom
 * import { createSubscriptionClient } from '@matchkit/sdk/transport';
 * import type { FeedSubscriptionTransport } from '@matchkit/sdk/feed';
 * const ws: FeedSubscriptionTransport = createSubscriptionClient({ url: 'wss://api.example.com/graphql' });
 * ```
 */
export interface FeedSubscriptionTransport {
  /** Starts the patches subscription; returns the function that stops it. */
  subscribe(
    request: { readonly query: typeof OddsPatchesSubscription; readonly variables: OddsFeedVariables },
    sink: {
      next(result: { readonly data?: OddsPatchesSubscriptionData | null; readonly errors?: readonly { readonly message: string }[] }): void;
      error(error: unknown): void;
      complete(): void;
    },
  ): () => void;
}

/**
 * Options of {@link graphqlFeedSource}.
 *
 * @example
 * ```ts dom
 * import { createGraphQLClient, createSubscriptionClient } from '@matchkit/sdk/transport';
 * import type { GraphQLFeedSourceOptions } from '@matchkit/sdk/feed';
 * const options: GraphQLFeedSourceOptions = {
 *   transport: createGraphQLClient({ url: 'https://api.example.com/graphql' }),
 *   subscriptions: createSubscriptionClient({ url: 'wss://api.example.com/graphql' }),
 *   filter: { sports: ['football'] },
 * };
 * ```
 */
export interface GraphQLFeedSourceOptions {
  /** Fetches the snapshot ({@link OddsSnapshotQuery}). */
  readonly transport: FeedQueryTransport;
  /** Streams the patches ({@link OddsPatchesSubscription}). */
  readonly subscriptions: FeedSubscriptionTransport;
  /** Which part of the feed; absent: everything the member's tools read. */
  readonly filter?: OddsFeedFilter | null | undefined;
  /**
   * Records a page (1 to 50,000): the snapshot is fetched in pages of this many records at one
   * seq ({@link OddsSnapshotPageQuery}), page 0 first and then three at a time, each parsed and
   * converted as it comes and put in its place, so a large snapshot is never one long task. A
   * page that fails (after the transport's own retries) fails the whole fetch with its error; a
   * seq the server let go (`NOT_FOUND` naming `page.seq`: a reader slower than the server keeps
   * a snapshot), or a page of another snapshot (another seq or instant), reads the whole snapshot
   * in one request at once. A server that does not know pages (an older process during a rolling
   * deploy, a third party's) and refuses page 0 with a GraphQL validation error, or `BAD_INPUT`
   * naming `page` or a field of it, gets the whole snapshot read in one request instead. Absent:
   * in one request ({@link OddsSnapshotQuery}, which servers without pages answer too).
   */
  readonly pageSize?: number | undefined;
}

/** Throws a MatchkitValidationError of `subject` naming each key of `options` that `known` does not list. */
function refuseUnknown(options: unknown, known: Readonly<Record<string, 0>>, subject: string): void {
  const issues: ValidationIssue[] = [];
  unknownOptions(options, known, issues);
  if (issues.length > 0) throw new MatchkitValidationError(subject, issues);
}

const FEED_SOURCE_KEYS: OptionKeys<GraphQLFeedSourceOptions> = { transport: 0, subscriptions: 0, filter: 0, pageSize: 0 };

/**
 * A {@link LiveFeedSource} over the platform's GraphQL API: the snapshot from `oddsSnapshot`, the
 * patches from `oddsPatches`, each converted with `fromWire`. A subscription event without
 * data (errors only) fails the stream.
 *
 * @param options - the two clients, the filter, and `pageSize` (records a page, 1 to 50,000; absent:
 *   the snapshot in one request)
 * @returns the source
 * @throws MatchkitValidationError naming each option it does not know ("is not an option"), and
 *   naming `pageSize` when it is not a whole number from 1 to 50,000
 *
 * @example
 * ```ts dom
 * import { createGraphQLClient, createSubscriptionClient } from '@matchkit/sdk/transport';
 * import { createLiveFeed, graphqlFeedSource } from '@matchkit/sdk/feed';
 * const feed = createLiveFeed({
 *   source: graphqlFeedSource({
 *     transport: createGraphQLClient({ url: 'https://api.example.com/graphql' }),
 *     subscriptions: createSubscriptionClient({ url: 'wss://api.example.com/graphql' }),
 *   }),
 * });
 * feed.start();
 * ```
 *
 * @example
 * The snapshot in pages of 5,000 records, so a large one is never one long task:
 * ```ts dom
 * import { createGraphQLClient, createSubscriptionClient } from '@matchkit/sdk/transport';
 * import { createLiveFeed, graphqlFeedSource } from '@matchkit/sdk/feed';
 * const feed = createLiveFeed({
 *   source: graphqlFeedSource({
 *     transport: createGraphQLClient({ url: 'https://api.example.com/graphql' }),
 *     subscriptions: createSubscriptionClient({ url: 'wss://api.example.com/graphql' }),
 *     pageSize: 5_000,
 *   }),
 * });
 * feed.start();
 * ```
 */
export function graphqlFeedSource(options: GraphQLFeedSourceOptions): LiveFeedSource {
  refuseUnknown(options, FEED_SOURCE_KEYS, 'graphql feed source options');
  const { pageSize } = options;
  if (pageSize !== undefined && !(Number.isInteger(pageSize) && pageSize >= 1 && pageSize <= 50_000))
    throw new MatchkitValidationError('graphql feed source options', [
      { path: 'pageSize', message: `must be a whole number of records from 1 to 50000, not ${String(pageSize)}` },
    ]);
  const variables: OddsFeedVariables = options.filter === undefined ? {} : { filter: options.filter };
  return {
    async snapshot(signal) {
      // A signal already aborted asks for nothing (its abort event has gone).
      signal.throwIfAborted();
      const ask = async (query: typeof OddsSnapshotQuery, page: OddsFeedVariables['page'], on: AbortSignal) =>
        (await options.transport.request({ query, variables: page === undefined ? variables : { ...variables, page } }, { signal: on }))
          .data.oddsSnapshot;
      // A seq the server no longer holds (NOT_FOUND naming page.seq, or a page of another seq or
      // instant): the whole snapshot in one request at once (one whole read costs what reading
      // without pages did, where starting over may meet the same again).
      if (pageSize !== undefined) {
        const pages = await readPages((page, on) => ask(OddsSnapshotPageQuery, page, on), pageSize, signal);
        if (pages !== null) return joinPages(pages);
      }
      return fromWire(await ask(OddsSnapshotQuery, undefined, signal));
    },
    patches(sink) {
      let open = true;
      let stopped = false;
      const stopOnce = () => {
        if (stopped) return;
        stopped = true;
        stop();
      };
      const stop = options.subscriptions.subscribe(
        // The live feed resolves quote moves (applyPatch), so it asks for them as columns.
        { query: OddsPatchesSubscription, variables: { ...variables, quoteColumns: true } },
        {
          next(result) {
            if (!open) return;
            const data = result.data;
            if (data !== null && data !== undefined) {
              sink.next(fromWire(data.oddsPatches));
              return;
            }
            open = false;
            stopOnce();
            sink.error(new Error(`odds patches: ${(result.errors ?? []).map((e) => e.message).join('; ') || 'an event without data'}`));
          },
          error(error) {
            if (!open) return;
            open = false;
            sink.error(error);
          },
          complete() {
            if (!open) return;
            open = false;
            sink.complete();
          },
        },
      );
      return () => {
        open = false;
        stopOnce();
      };
    },
  };
}

/** Pages of a snapshot asked for at once after page 0 (each answer parsed and converted as it comes). */
const PAGES_IN_FLIGHT = 3;

/**
 * Why a page was refused: `gone`, a seq the server no longer holds (NOT_FOUND naming `page.seq`);
 * `paging`, the paged query itself (a server without pages: an older process during a rolling
 * deploy, a third party's; a GraphQL validation error, by its code or a 400 with GraphQL errors as
 * the GraphQL-over-HTTP spec has it, or BAD_INPUT naming `page` or a field of it); else undefined.
 */
function refusalOf(e: unknown): 'gone' | 'paging' | undefined {
  const f = e as { kind?: unknown; status?: unknown; graphQLErrors?: readonly { extensions?: Readonly<Record<string, unknown>> }[] } | null;
  const errors = f?.graphQLErrors ?? [];
  let why: 'paging' | undefined = f?.kind === 'http' && f.status === 400 && errors.length > 0 ? 'paging' : undefined;
  for (const { extensions: x } of errors) {
    const field = String(x?.field);
    if (x?.code === 'NOT_FOUND' && field === 'page.seq') return 'gone';
    if (x?.code === 'GRAPHQL_VALIDATION_FAILED' || (x?.code === 'BAD_INPUT' && /^page(\.|$)/.test(field))) why = 'paging';
  }
  return why;
}

/**
 * The pages of one snapshot in order: page 0 (the seq now, and how many pages), then the others at
 * its seq, {@link PAGES_IN_FLIGHT} at a time, each converted and its keys made as it comes; null
 * when the server let that seq go, or refused page 0 as a server without pages does (read the
 * whole snapshot then). Any other failure of a page (the transport retries a network
 * one) stops the pages still asked for and rejects with it: never a part of the snapshot.
 */
async function readPages(
  ask: (page: NonNullable<OddsFeedVariables['page']>, signal: AbortSignal) => Promise<WireOddsSnapshot>,
  size: number,
  signal: AbortSignal,
): Promise<FeedSnapshot[] | null> {
  const read = (wire: WireOddsSnapshot) => {
    const page = fromWire(wire);
    keyLists(page.market);
    return page;
  };
  let first: WireOddsSnapshot;
  try {
    first = await ask({ size, index: 0 }, signal);
  } catch (e) {
    // A server without pages (or with smaller ones): the whole snapshot in one request.
    if (refusalOf(e) === 'paging') return null;
    throw e;
  }
  const { seq, at } = first;
  const count = first.pages;
  if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 1)
    throw new MatchkitValidationError('odds snapshot page 0', [
      { path: 'pages', message: `must be a whole number from 1, not ${String(count)}` },
    ]);
  const pages = [read(first)];
  const stop = new AbortController();
  const stopAll = () => stop.abort();
  signal.addEventListener('abort', stopAll);
  // A caller that aborted before the listener was added (while page 0 was read) stops the rest too.
  if (signal.aborted) stopAll();
  let next = 1;
  // The pages there are: `count`, or fewer at the first empty page (nothing follows it).
  let end = count;
  let gone = false;
  // Each worker asks for the next page not yet asked for until none are left.
  const worker = async () => {
    while (next < end && !gone && !stop.signal.aborted) {
      const index = next++;
      const wire = await ask({ size, index, seq }, stop.signal);
      // Another snapshot: another seq, or the same seq of another instant (a feed restarted, or
      // processes that disagree): its pages would not join page 0's.
      if (wire.seq !== seq || wire.at !== at) {
        gone = true;
        stopAll();
      } else if (recordsIn(wire) === 0) end = Math.min(end, index);
      else pages[index] = read(wire);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(PAGES_IN_FLIGHT, count - 1) }, worker));
  } catch (e) {
    // Once the seq is gone the pages still asked for were stopped: their aborts say nothing more.
    if (!gone && refusalOf(e) !== 'gone') throw e;
    gone = true;
  } finally {
    stopAll();
    signal.removeEventListener('abort', stopAll);
  }
  // The caller's abort stops the pages: their rejection is thrown above, but a worker between two
  // pages ends without one.
  signal.throwIfAborted();
  return gone ? null : pages.slice(0, end);
}

/** How many records a page holds (every list). */
const recordsIn = (wire: WireOddsSnapshot): number =>
  wire.events.length + wire.markets.length + wire.backPrices.length + wire.exchangePrices.length + wire.betBuilders.length;

/** The snapshot the pages of one seq make, their lists end to end. */
const joinPages = (pages: readonly FeedSnapshot[]): FeedSnapshot => ({
  ...(pages[0] as FeedSnapshot),
  market: joinMarkets(pages.map((p) => p.market)),
});

/**
 * Schedules one call of `callback` (at the next animation frame, by default) and returns the
 * function that cancels it. A live feed asks for at most one frame at a time.
 *
 * @example
 * ```ts
 * import type { FrameScheduler } from '@matchkit/sdk/feed';
 * const everyTick: FrameScheduler = (callback) => {
 *   const t = setTimeout(callback, 0);
 *   return () => clearTimeout(t);
 * };
 * ```
 */
export type FrameScheduler = (callback: () => void) => () => void;

/**
 * The default {@link FrameScheduler}: `requestAnimationFrame` where there is one (a browser),
 * else a 16 ms timer. A hidden tab gets no frames: its patches wait in the buffer (see
 * {@link LiveFeedOptions.maxBuffered}).
 *
 * @param callback - what to run at the next frame
 * @returns the function that cancels it
 * @example
 * ```ts
 * import { animationFrame } from '@matchkit/sdk/feed';
 * const cancel = animationFrame(() => console.warn('a frame'));
 * cancel();
 * ```
 */
export function animationFrame(callback: () => void): () => void {
  const g = globalThis as { requestAnimationFrame?: (cb: () => void) => number; cancelAnimationFrame?: (id: number) => void };
  if (typeof g.requestAnimationFrame === 'function') {
    const id = g.requestAnimationFrame(() => callback());
    return () => g.cancelAnimationFrame?.(id);
  }
  const timer = setTimeout(callback, 16);
  return () => clearTimeout(timer);
}

/**
 * Where a live feed is:
 * - `idle`: not started (or stopped);
 * - `connecting`: subscribed, fetching the first snapshot (patches wait in a buffer);
 * - `live`: the snapshot is held and patches are applied as they come, once per frame;
 * - `resyncing`: a gap (a missed or repeated patch) or an ended stream: fetching a new snapshot,
 *   the last good one still shown;
 * - `error`: the snapshot could not be fetched or the stream failed for good (`error` says why);
 *   `start()` tries again.
 *
 * @example
 * ```ts
 * import type { LiveFeedStatus } from '@matchkit/sdk/feed';
 * const busy = (s: LiveFeedStatus) => s === 'connecting' || s === 'resyncing';
 * ```
 */
export type LiveFeedStatus = 'idle' | 'connecting' | 'live' | 'resyncing' | 'error';

/**
 * A live feed's state: a new object each time the feed notifies (at most once per frame), the same
 * one in between (what `useSyncExternalStore` needs).
 *
 * A consumer that keeps its own incremental state (an oddsmatcher) follows it with `reset` and
 * `applied`: on `reset`, load `snapshot` whole; otherwise apply `applied`, the patches since the
 * previous state, in order. A consumer that may have missed a state checks that `applied[0].seq`
 * is its own seq + 1, and reloads `snapshot` when it is not.
 *
 * @example
 * ```ts
 * import type { LiveFeedState } from '@matchkit/sdk/feed';
 * const eventCount = (s: LiveFeedState) => s.snapshot?.market.events.length ?? 0;
 * ```
 */
export interface LiveFeedState {
  /** Where the feed is. */
  readonly status: LiveFeedStatus;
  /** The feed as last applied, or null before the first snapshot. */
  readonly snapshot: FeedSnapshot | null;
  /** True when `snapshot` was replaced whole (first load, resync) since the previous state. */
  readonly reset: boolean;
  /** The patches applied since the previous state, in order (empty when `reset`), their quote moves resolved into upserts. */
  readonly applied: readonly FeedPatch[];
  /** Why the feed stopped (`status` `error`), else null. */
  readonly error: unknown;
  /** How many times the feed fetched a new snapshot after its first one. */
  readonly resyncs: number;
  /** Clock time (`now`) of the last snapshot or patch applied, or null. */
  readonly receivedAt: number | null;
}

/**
 * Options of {@link createLiveFeed}.
 *
 * @example
 * ```ts
 * import type { LiveFeedOptions, LiveFeedSource } from '@matchkit/sdk/feed';
 * const source: LiveFeedSource = { snapshot: async () => ({ seq: 7, at: Date.now(), simulated: true, market: { events: [], markets: [], backPrices: [], exchangePrices: [] } }), patches: () => () => undefined };
 * const options: LiveFeedOptions = { source, scheduleFrame: (cb) => { queueMicrotask(cb); return () => undefined; } };
 * ```
 */
export interface LiveFeedOptions {
  /** Where the snapshot and the patches come from ({@link graphqlFeedSource}). */
  readonly source: LiveFeedSource;
  /**
   * Schedules the next frame.
   * @defaultValue {@link animationFrame}
   */
  readonly scheduleFrame?: FrameScheduler | undefined;
  /**
   * The clock, epoch milliseconds (`receivedAt`).
   * @defaultValue `Date.now`
   */
  readonly now?: (() => number) | undefined;
  /**
   * Most patches kept while waiting for a snapshot or a frame (a hidden tab gets no frames); past
   * it the oldest is dropped, which the next apply sees as a gap and resyncs.
   * @defaultValue 500
   */
  readonly maxBuffered?: number | undefined;
  /**
   * Milliseconds to wait, after subscribing, for the first patch before fetching the snapshot
   * (on `start` and when the stream re-subscribes). A stream whose subscription reaches the server
   * after the snapshot was built misses the patches in between, sees a gap at its first patch and
   * fetches the snapshot again; waiting for a first patch proves the subscription is live, so the
   * snapshot then follows on from the stream. Past the wait (a quiet feed) the snapshot is fetched
   * anyway. A resync after a gap does not wait (the stream is live then).
   * @defaultValue 0 (fetch the snapshot at once)
   */
  readonly waitForPatchMs?: number | undefined;
}

/**
 * A live feed (a store: `subscribe` / `getSnapshot`), made by {@link createLiveFeed}.
 *
 * @example
 * ```ts
 * import { createLiveFeed, type LiveFeed } from '@matchkit/sdk/feed';
 * const feed: LiveFeed = createLiveFeed({ source: { snapshot: async () => ({ seq: 7, at: Date.now(), simulated: true, market: { events: [], markets: [], backPrices: [], exchangePrices: [] } }), patches: () => () => undefined } });
 * const stop = feed.subscribe(() => console.warn(feed.getSnapshot().snapshot?.seq));
 * ```
 */
export interface LiveFeed extends ReadableStore<LiveFeedState> {
  /** Subscribes and fetches the snapshot (no-op while running; after an error, starts again). */
  start(): void;
  /** Stops the stream, drops what is buffered, and goes `idle` (the last snapshot is kept). */
  stop(): void;
  /** Fetches a new snapshot now (as after a gap). No-op unless started. */
  resync(): void;
}

const IDLE: LiveFeedState = Object.freeze({
  status: 'idle',
  snapshot: null,
  reset: false,
  applied: [],
  error: null,
  resyncs: 0,
  receivedAt: null,
});

const LIVE_FEED_KEYS: OptionKeys<LiveFeedOptions> = { source: 0, scheduleFrame: 0, now: 0, maxBuffered: 0, waitForPatchMs: 0 };

/**
 * Creates a live feed: a store outside React that follows the odds feed. `start()` subscribes to
 * the patches first, then fetches the snapshot; patches that arrive before it are buffered, those
 * it already contains dropped, and the rest applied in order with the contract's `applyPatch`
 * (the function the server uses). A patch that does not follow (a gap or a repeat: FeedGapError)
 * drops the buffer and fetches a new snapshot, the old one shown meanwhile; a stream the server
 * ends is subscribed again with a new snapshot. Patches are applied, and subscribers told, at
 * most once per frame (`scheduleFrame`), however fast they come.
 *
 * @param options - the source, the frame scheduler, the clock and the buffer size
 * @throws MatchkitValidationError naming each option it does not know ("is not an option")
 * @returns the feed (idle until `start()`)
 *
 * @example
 * ```ts
 * import { createLiveFeed, type LiveFeedSource } from '@matchkit/sdk/feed';
 * // graphqlFeedSource(...) in an app; here a source whose prices never move.
 * const source: LiveFeedSource = { snapshot: async () => ({ seq: 7, at: Date.now(), simulated: true, market: { events: [], markets: [], backPrices: [], exchangePrices: [] } }), patches: () => () => undefined };
 * const feed = createLiveFeed({ source });
 * feed.subscribe(() => {
 *   const { status, snapshot } = feed.getSnapshot();
 *   console.warn(status, snapshot?.seq);
 * });
 * feed.start();
 * ```
 */
export function createLiveFeed(options: LiveFeedOptions): LiveFeed {
  refuseUnknown(options, LIVE_FEED_KEYS, 'live feed options');
  const { source } = options;
  const schedule = options.scheduleFrame ?? animationFrame;
  const now = options.now ?? Date.now;
  const maxBuffered = Math.max(1, options.maxBuffered ?? 500);
  const waitForPatch = Math.max(0, options.waitForPatchMs ?? 0);

  const store = createStore<LiveFeedState>(IDLE);
  let running = false;
  let status: LiveFeedStatus = 'idle';
  let view: FeedSnapshot | null = null;
  let error: unknown = null;
  let resyncs = 0;
  let receivedAt: number | null = null;
  let reset = false;
  let applied: FeedPatch[] = [];
  let pending: FeedPatch[] = [];
  let dirty = false;
  let cancelFrame: (() => void) | null = null;
  let unsubscribe: (() => void) | null = null;
  let fetching: AbortController | null = null;
  // Waiting for the first patch before fetching the snapshot (`waitForPatchMs`).
  let awaiting: ReturnType<typeof setTimeout> | null = null;

  function publish(): void {
    dirty = false;
    const next: LiveFeedState = Object.freeze({ status, snapshot: view, reset, applied, error, resyncs, receivedAt });
    applied = [];
    reset = false;
    store.set(next);
  }

  function frame(): void {
    cancelFrame = null;
    if (status === 'live' && view !== null && pending.length > 0) {
      const batch = pending;
      pending = [];
      try {
        // Quote moves become whole records here, so `applied` holds every changed record; the
        // frame's patches copy each list of the snapshot once between them.
        applyPatches(view, batch, (full, next) => {
          view = next;
          applied.push(full);
          receivedAt = now();
          dirty = true;
        });
      } catch (e) {
        if (!isFeedGapError(e)) throw e;
        resyncs += 1;
        fetchSnapshot();
      }
    }
    if (dirty) publish();
  }

  function changed(): void {
    dirty = true;
    cancelFrame ??= schedule(frame);
  }

  function fail(e: unknown): void {
    closeStreams();
    pending = [];
    status = 'error';
    error = e;
    changed();
  }

  function fetchSnapshot(): void {
    if (awaiting !== null) clearTimeout(awaiting);
    awaiting = null;
    fetching?.abort();
    pending = [];
    const mine = new AbortController();
    fetching = mine;
    status = view === null ? 'connecting' : 'resyncing';
    changed();
    source.snapshot(mine.signal).then(
      (snapshot) => {
        if (fetching !== mine) return;
        fetching = null;
        view = snapshot;
        reset = true;
        applied = [];
        pending = pending.filter((p) => p.seq > snapshot.seq);
        status = 'live';
        error = null;
        receivedAt = now();
        changed();
      },
      (e: unknown) => {
        if (fetching !== mine) return;
        fetching = null;
        fail(e);
      },
    );
  }

  /** Fetches the snapshot once the stream delivers its first patch, or after `waitForPatchMs`. */
  function fetchWhenLive(): void {
    if (waitForPatch === 0) {
      fetchSnapshot();
      return;
    }
    fetching?.abort();
    fetching = null;
    if (awaiting !== null) clearTimeout(awaiting);
    status = view === null ? 'connecting' : 'resyncing';
    changed();
    awaiting = setTimeout(() => {
      awaiting = null;
      fetchSnapshot();
    }, waitForPatch);
  }

  function onPatch(patch: FeedPatch): void {
    if (awaiting !== null) {
      clearTimeout(awaiting);
      awaiting = null;
      fetchSnapshot();
    }
    pending.push(patch);
    if (pending.length > maxBuffered) pending.shift();
    if (status === 'live') cancelFrame ??= schedule(frame);
  }

  function subscribePatches(): void {
    let open = true;
    let stop: (() => void) | null = null;
    const close = () => {
      open = false;
      stop?.();
      if (unsubscribe === close) unsubscribe = null;
    };
    unsubscribe = close;
    stop = source.patches({
      next: (patch) => {
        if (open) onPatch(patch);
      },
      error: (e) => {
        if (!open) return;
        close();
        fail(e);
      },
      complete: () => {
        if (!open) return;
        close();
        resyncs += 1;
        subscribePatches();
        fetchWhenLive();
      },
    });
    if (!open) stop();
  }

  function closeStreams(): void {
    if (awaiting !== null) clearTimeout(awaiting);
    awaiting = null;
    unsubscribe?.();
    unsubscribe = null;
    fetching?.abort();
    fetching = null;
  }

  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    start() {
      if (running && status !== 'error') return;
      closeStreams();
      running = true;
      error = null;
      pending = [];
      subscribePatches();
      // A stream that failed at once has already gone to `error`.
      if (unsubscribe !== null) fetchWhenLive();
    },
    stop() {
      if (!running) return;
      running = false;
      closeStreams();
      cancelFrame?.();
      cancelFrame = null;
      pending = [];
      applied = [];
      reset = false;
      status = 'idle';
      error = null;
      publish();
    },
    resync() {
      if (!running || status === 'error') return;
      resyncs += 1;
      fetchSnapshot();
    },
  };
}
