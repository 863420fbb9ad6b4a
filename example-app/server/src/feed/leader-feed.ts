// Real prices with several server processes: only the feed's leader (modules/feed/leader.ts) runs
// the providers, since N processes polling would spend N times the quota. Every other process
// mirrors the leader: it applies the patches the leader publishes (the sdk's applyPatch) and fetches
// the leader's snapshot when it starts, on a gap, and when leadership changes.
//
// The snapshot travels over the PubSub, on request: a follower publishes a request on
// SNAPSHOT_REQUEST_TOPIC, the leader answers on SNAPSHOT_TOPIC with its snapshot's JSON in parts of
// at most `partBytes` (the PubSub's payloads are limited to 1 MB, a snapshot of a few hundred events
// is larger) and its providers' health; every follower hears the answer, and takes it when it is
// newer than what it holds. Nothing is written while no follower asks (a table holding the latest
// snapshot would be rewritten at every patch for the rare moment a process starts). The leader also
// publishes its providers' health every `healthEveryMs`, so that every process's /readyz and the
// app's banner tell the same story.
import { applyPatch, type FeedPatch, type FeedSnapshot } from '@matchkit/sdk/feed';
import type { FeedProviderHealth, FeedSource } from '@matchkit/app-contract/feed';
import type { Logger } from '../logger';
import type { PubSub, PubSubPayload } from '../pubsub/index';
import type { ProviderFeed } from './provider-feed';
import { patchListeners } from './listeners';

/** Where followers ask the leader for its snapshot. */
export const SNAPSHOT_REQUEST_TOPIC = 'odds:snapshot-request';
/** Where the leader answers, in parts. */
export const SNAPSHOT_TOPIC = 'odds:snapshot';
/** Where the leader publishes its providers' health. */
export const HEALTH_TOPIC = 'odds:health';

/** A feed that runs the real providers while its process leads, and mirrors the leader otherwise. */
export interface LeaderFeed extends FeedSource {
  readonly simulated: false;
  /** Tells the feed whether this process leads now (the feed module calls it as leadership changes). */
  setLeader(leader: boolean): void;
}

/** Whether a feed wants to know who leads (a {@link LeaderFeed}). */
export function isLeaderFeed(feed: FeedSource): feed is LeaderFeed {
  return typeof (feed as Partial<LeaderFeed>).setLeader === 'function';
}

/** Options of {@link createLeaderFeed}. */
export interface LeaderFeedOptions {
  /** The feed of real prices, not started: started once this process leads. */
  readonly real: ProviderFeed;
  readonly pubSub: PubSub;
  /** The topic the leader's patches are published on (the feed module's ODDS_TOPIC). */
  readonly patchTopic: string;
  readonly logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** Largest part of a snapshot answer, bytes of JSON text. @defaultValue 512_000 */
  readonly partBytes?: number;
  /** How often the leader publishes its providers' health, ms. @defaultValue 5000 */
  readonly healthEveryMs?: number;
  /** A follower asks again when no snapshot came within this many ms. @defaultValue 3000 */
  readonly retryMs?: number;
  /** Patches a follower keeps while it waits for a snapshot. @defaultValue 256 */
  readonly maxBuffered?: number;
}

type Part = { readonly id: string; readonly seq: number; readonly part: number; readonly parts: number; readonly text: string };

const EMPTY: FeedSnapshot = {
  seq: 0,
  at: 0,
  simulated: false,
  market: { events: [], markets: [], backPrices: [], exchangePrices: [], betBuilders: [] },
};

/** A {@link LeaderFeed} over `real` (see the file's header). */
export function createLeaderFeed(options: LeaderFeedOptions): LeaderFeed {
  const { real, pubSub, patchTopic, logger } = options;
  const partBytes = options.partBytes ?? 512_000;
  const healthEveryMs = options.healthEveryMs ?? 5000;
  const retryMs = options.retryMs ?? 3000;
  const maxBuffered = options.maxBuffered ?? 256;
  const listeners = patchListeners(logger);
  const stop = new AbortController();
  let leader = false;
  let realStarted = false;
  let started = false;
  let mirror: FeedSnapshot = EMPTY;
  let mirrorHealth: readonly FeedProviderHealth[] = real.health().map((h) => ({ ...h, state: 'starting', detail: null }));
  let buffered: FeedPatch[] = [];
  let askedAt: number | null = null;
  const parts = new Map<string, string[]>();
  let healthTimer: ReturnType<typeof setInterval> | undefined;

  const emit = listeners.emit;
  const publish = (topic: string, payload: unknown) =>
    pubSub
      .publish(topic, payload as PubSubPayload)
      .catch((error: unknown) => logger.warn({ err: error, topic }, 'odds feed message not published'));

  const ask = () => {
    if (leader || stop.signal.aborted) return;
    if (askedAt !== null && Date.now() - askedAt < retryMs) return;
    askedAt = Date.now();
    void publish(SNAPSHOT_REQUEST_TOPIC, { at: askedAt });
  };

  /** Applies what was buffered after the mirror's seq, in order; asks again at a gap. */
  const drain = () => {
    buffered.sort((a, b) => a.seq - b.seq);
    for (const patch of buffered) {
      if (patch.seq <= mirror.seq) continue;
      if (patch.seq !== mirror.seq + 1) {
        buffered = buffered.filter((p) => p.seq > mirror.seq);
        ask();
        return;
      }
      mirror = applyPatch(mirror, patch);
      emit(patch);
    }
    buffered = [];
  };

  const onPatch = (patch: FeedPatch) => {
    if (leader) return;
    if (mirror !== EMPTY && patch.seq === mirror.seq + 1 && buffered.length === 0) {
      mirror = applyPatch(mirror, patch);
      emit(patch);
      return;
    }
    if (patch.seq <= mirror.seq) return;
    buffered.push(patch);
    if (buffered.length > maxBuffered) buffered.shift();
    ask();
  };

  const onPart = (p: Part) => {
    if (leader) return;
    const got = parts.get(p.id) ?? new Array<string>(p.parts);
    got[p.part] = p.text;
    parts.set(p.id, got);
    if (got.filter((x) => x !== undefined).length < p.parts) return;
    parts.delete(p.id);
    const snapshot = JSON.parse(got.join('')) as FeedSnapshot & { health?: FeedProviderHealth[] };
    const { health, ...taken } = snapshot;
    if (health !== undefined) mirrorHealth = health;
    askedAt = null;
    if (taken.seq <= mirror.seq && mirror !== EMPTY) return;
    mirror = taken;
    drain();
  };

  const answer = () => {
    if (!leader) return;
    const snapshot = real.snapshot();
    const text = JSON.stringify({ ...snapshot, health: real.health() });
    const id = `${snapshot.seq}-${Math.random().toString(36).slice(2)}`;
    const count = Math.max(1, Math.ceil(text.length / partBytes));
    // In call order per topic: the parts arrive in order, and each carries its place anyway.
    for (let i = 0; i < count; i += 1)
      void publish(SNAPSHOT_TOPIC, { id, seq: snapshot.seq, part: i, parts: count, text: text.slice(i * partBytes, (i + 1) * partBytes) });
  };

  /** Reads `topic` until the feed stops, handing each payload to `handle`; resolves once subscribed. */
  const follow = async (topic: string, handle: (payload: PubSubPayload) => void) => {
    const sub = pubSub.subscribe(topic, stop.signal);
    void (async () => {
      try {
        for await (const payload of sub) handle(payload);
      } catch (error) {
        if (!stop.signal.aborted) logger.warn({ err: error, topic }, 'odds feed subscription ended');
      }
    })();
    await sub.ready;
  };

  real.onPatch((patch) => {
    if (leader) emit(patch);
  });

  return {
    simulated: false,
    snapshot: () => (leader ? real.snapshot() : mirror),
    health: () => (leader ? real.health() : mirrorHealth),
    onPatch: listeners.add,
    start() {
      if (started) return;
      started = true;
      void Promise.all([
        follow(patchTopic, (p) => onPatch(p as unknown as FeedPatch)),
        follow(SNAPSHOT_TOPIC, (p) => onPart(p as unknown as Part)),
        follow(SNAPSHOT_REQUEST_TOPIC, () => answer()),
        follow(HEALTH_TOPIC, (p) => {
          if (!leader) mirrorHealth = (p as unknown as { health: FeedProviderHealth[] }).health;
        }),
      ]).then(() => ask());
      healthTimer = setInterval(() => {
        if (leader) void publish(HEALTH_TOPIC, { health: real.health() });
      }, healthEveryMs);
      healthTimer.unref();
    },
    stop() {
      stop.abort();
      if (healthTimer !== undefined) clearInterval(healthTimer);
      real.stop();
    },
    setLeader(next) {
      if (next === leader) return;
      leader = next;
      logger.info({ leader }, leader ? 'this process runs the odds providers' : 'this process mirrors the odds feed leader');
      if (leader && !realStarted) {
        realStarted = true;
        real.start();
      }
      if (!leader) {
        // The real feed keeps its providers (they cannot be restarted) but this process no longer
        // publishes; it takes the new leader's snapshot.
        mirror = EMPTY;
        askedAt = null;
        ask();
      }
    },
  };
}
