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
//
// Leadership changes. Each time a process becomes the leader it draws a new epoch (a random id) and
// builds fresh providers and a fresh feed of real prices (providers cannot be restarted), whose
// sequence starts past anything it heard from the previous leader; when it stops leading it stops
// them. Its patches, snapshot parts and health messages carry the epoch: a follower compares seqs
// only within one epoch, and resyncs from a snapshot as soon as it hears another epoch (a seq from
// another leader says nothing about its mirror). A follower that hears nothing of its leader's epoch
// for `silentAfterMs` (a leader hung while holding the lock) reports every provider down.
//
// Fencing (modules/feed/leader.ts): once the feed module hands it its leadership (fenceWith), the
// leader's snapshot parts and health messages carry its term, as its patches do (the feed module
// stamps those), and this process drops every patch, part and health message of a term older than
// the highest it heard: a stalled leader that resumes after a newer one took over cannot take the
// mirror back, and hearing the newer term makes it step down.
import { randomUUID } from 'node:crypto';
import { applyPatch, type FeedPatch, type FeedSnapshot } from '@matchkit/sdk/feed';
import type { FeedProviderHealth, FeedSource } from '@matchkit/app-contract/feed';
import type { Clock } from '../clock';
import type { Logger } from '../logger';
import type { PubSub, PubSubPayload } from '../pubsub/index';
import type { ProviderFeed } from './provider-feed';
import { patchListeners } from './listeners';
import { admits, type Fencing } from '../modules/feed/leader';

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
  /**
   * Fences the feed's messages by this process's leadership (the feed module calls it once, when it
   * elects): its own carry its term, others' of an older term than one heard are dropped. Until
   * then its messages carry no term and none is dropped.
   */
  fenceWith(fencing: Fencing): void;
}

/** Whether a feed wants to know who leads (a {@link LeaderFeed}). */
export function isLeaderFeed(feed: FeedSource): feed is LeaderFeed {
  return typeof (feed as Partial<LeaderFeed>).setLeader === 'function';
}

/** Options of {@link createLeaderFeed}. */
export interface LeaderFeedOptions {
  /**
   * Builds a fresh feed of real prices with fresh providers, not started, whose sequence starts at
   * `seqFloor` or later (createProviderFeed's option): once at the start (for the providers' names)
   * and again each time this process becomes the leader.
   */
  readonly createReal: (seqFloor: number) => ProviderFeed;
  readonly pubSub: PubSub;
  /** The topic the leader's patches are published on (the feed module's ODDS_TOPIC). */
  readonly patchTopic: string;
  readonly logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** The clock: epoch milliseconds (a follower's judge of its leader's silence). */
  readonly clock: Clock;
  /** Largest part of a snapshot answer, bytes of JSON text. @defaultValue 512_000 */
  readonly partBytes?: number;
  /** How often the leader publishes its providers' health, ms. @defaultValue 5000 */
  readonly healthEveryMs?: number;
  /**
   * A follower that hears nothing of its leader (no patch applied, no health) for this many ms
   * reports every provider down. @defaultValue three times `healthEveryMs`
   */
  readonly silentAfterMs?: number;
  /** A follower asks again when no snapshot came within this many ms. @defaultValue 3000 */
  readonly retryMs?: number;
  /** Patches a follower keeps while it waits for a snapshot. @defaultValue 256 */
  readonly maxBuffered?: number;
}

/**
 * How far past the highest seq it heard a new leader starts its sequence: room for patches the old
 * leader published that never reached this process, so that a client holding one of those sees a
 * gap (and resyncs) rather than a patch from another leader that seems to follow.
 */
export const SEQ_LEAP = 1000;

/** A patch as the leader publishes it: with its epoch (and its term, modules/feed/leader.ts). */
type LeaderPatch = FeedPatch & { readonly epoch?: string; readonly term?: unknown };
type Part = {
  readonly id: string;
  readonly epoch?: string;
  readonly term?: unknown;
  readonly seq: number;
  readonly part: number;
  readonly parts: number;
  readonly text: string;
};

const EMPTY: FeedSnapshot = {
  seq: 0,
  at: 0,
  simulated: false,
  market: { events: [], markets: [], backPrices: [], exchangePrices: [], betBuilders: [] },
};

/** A {@link LeaderFeed} over the feeds of real prices `createReal` builds (see the file's header). */
export function createLeaderFeed(options: LeaderFeedOptions): LeaderFeed {
  const { createReal, pubSub, patchTopic, logger, clock } = options;
  const partBytes = options.partBytes ?? 512_000;
  const healthEveryMs = options.healthEveryMs ?? 5000;
  const silentAfterMs = options.silentAfterMs ?? 3 * healthEveryMs;
  const retryMs = options.retryMs ?? 3000;
  const maxBuffered = options.maxBuffered ?? 256;
  const listeners = patchListeners(logger);
  const stop = new AbortController();
  let leader = false;
  let started = false;
  // The feed of real prices: built now for its providers' names, started only while this process leads.
  let real = createReal(0);
  let realStarted = false;
  // This process's epoch while it leads; while it follows, the epoch its mirror belongs to.
  let epoch: string | null = null;
  let mirror: FeedSnapshot = EMPTY;
  let mirrorHealth: readonly FeedProviderHealth[] = real.health().map((h) => ({ ...h, state: 'starting', detail: null, reason: null }));
  let buffered: LeaderPatch[] = [];
  let askedAt: number | null = null;
  // When this follower last heard its leader's epoch (a patch applied, its health, its snapshot).
  let heardAt = clock();
  // The highest seq heard from any leader: a new leader's sequence starts past it.
  let highestSeq = 0;
  const parts = new Map<string, string[]>();
  let healthTimer: ReturnType<typeof setInterval> | undefined;
  let fencing: Fencing | null = null;
  /** Whether a message heard is not of a term older than one this process heard (always, unfenced). */
  const admitted = (message: { readonly term?: unknown }) =>
    fencing === null || admits(fencing, message, (problem) => logger.warn({ problem }, 'odds feed message refused'));
  /** This leader's term, for its messages (none while unfenced). */
  const stamp = () => {
    const term = fencing?.term() ?? null;
    return term === null ? {} : { term };
  };

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

  const heard = (seq: number) => {
    highestSeq = Math.max(highestSeq, seq);
  };

  /** Applies what was buffered after the mirror's seq in the mirror's epoch, in order; asks again at a gap. */
  const drain = () => {
    buffered = buffered.filter((p) => p.epoch === epoch && p.seq > mirror.seq).sort((a, b) => a.seq - b.seq);
    for (const patch of buffered) {
      if (patch.seq <= mirror.seq) continue;
      if (patch.seq !== mirror.seq + 1) {
        buffered = buffered.filter((p) => p.seq > mirror.seq);
        ask();
        return;
      }
      mirror = applyPatch(mirror, patch);
      heardAt = clock();
      emit(patch);
    }
    buffered = [];
  };

  const onPatch = (patch: LeaderPatch) => {
    if (!admitted(patch) || leader) return;
    heard(patch.seq);
    if (patch.epoch !== epoch) {
      // Another leader: its seqs say nothing about the mirror. Keep its patches, fetch its snapshot.
      buffered = buffered.filter((p) => p.epoch === patch.epoch);
    } else if (mirror !== EMPTY && patch.seq === mirror.seq + 1 && buffered.length === 0) {
      mirror = applyPatch(mirror, patch);
      heardAt = clock();
      emit(patch);
      return;
    } else if (patch.seq <= mirror.seq) return; // a repeat within the epoch
    buffered.push(patch);
    if (buffered.length > maxBuffered) buffered.shift();
    ask();
  };

  const onPart = (p: Part) => {
    if (!admitted(p) || leader) return;
    const got = parts.get(p.id) ?? new Array<string>(p.parts);
    got[p.part] = p.text;
    parts.set(p.id, got);
    if (got.filter((x) => x !== undefined).length < p.parts) return;
    parts.delete(p.id);
    const snapshot = JSON.parse(got.join('')) as FeedSnapshot & { health?: FeedProviderHealth[]; epoch?: string };
    const { health, epoch: from, ...taken } = snapshot;
    heard(taken.seq);
    askedAt = null;
    if (from === epoch && taken.seq <= mirror.seq && mirror !== EMPTY) return;
    epoch = from ?? null;
    mirror = taken;
    if (health !== undefined) mirrorHealth = health;
    heardAt = clock();
    drain();
  };

  const onHealth = (message: { health: FeedProviderHealth[]; epoch?: string; term?: unknown }) => {
    if (!admitted(message) || leader) return;
    if (message.epoch !== epoch) {
      ask(); // a leader this follower does not mirror yet: its health would be told over old prices
      return;
    }
    mirrorHealth = message.health;
    heardAt = clock();
  };

  /** The mirror's health, or every provider down when the leader has been silent too long. */
  const followerHealth = (): readonly FeedProviderHealth[] => {
    const silentMs = clock() - heardAt;
    if (silentMs <= silentAfterMs) return mirrorHealth;
    const seconds = Math.floor(silentMs / 1000);
    return mirrorHealth.map((h) => ({
      ...h,
      state: 'down',
      detail: `the process that reads the prices has not been heard from for ${seconds} seconds`,
      reason: { kind: 'unavailable' },
    }));
  };

  const answer = () => {
    if (!leader) return;
    const snapshot = real.snapshot();
    const text = JSON.stringify({ ...snapshot, health: real.health(), epoch });
    const id = `${snapshot.seq}-${Math.random().toString(36).slice(2)}`;
    const count = Math.max(1, Math.ceil(text.length / partBytes));
    // In call order per topic: the parts arrive in order, and each carries its place anyway.
    for (let i = 0; i < count; i += 1)
      void publish(SNAPSHOT_TOPIC, {
        id,
        epoch,
        ...stamp(),
        seq: snapshot.seq,
        part: i,
        parts: count,
        text: text.slice(i * partBytes, (i + 1) * partBytes),
      });
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

  /** Builds and starts fresh providers under a new epoch, their sequence past anything heard. */
  const promote = () => {
    if (realStarted) real.stop();
    real = createReal(highestSeq === 0 ? 0 : Math.max(highestSeq, mirror.seq) + SEQ_LEAP);
    realStarted = true;
    const mine = real;
    const current = randomUUID();
    epoch = current;
    mine.onPatch((patch) => {
      if (leader && real === mine) emit({ ...patch, epoch: current } as LeaderPatch);
    });
    mine.start();
  };

  /** Stops the providers; mirrors from the last snapshot of its own reign until the new leader's comes. */
  const demote = () => {
    mirror = real.snapshot();
    mirrorHealth = real.health();
    heard(mirror.seq);
    if (realStarted) real.stop();
    buffered = [];
    askedAt = null;
    heardAt = clock();
    ask();
  };

  return {
    simulated: false,
    snapshot: () => (leader ? real.snapshot() : mirror),
    health: () => (leader ? real.health() : followerHealth()),
    onPatch: listeners.add,
    start() {
      if (started) return;
      started = true;
      heardAt = clock();
      void Promise.all([
        follow(patchTopic, (p) => onPatch(p as unknown as LeaderPatch)),
        follow(SNAPSHOT_TOPIC, (p) => onPart(p as unknown as Part)),
        follow(SNAPSHOT_REQUEST_TOPIC, () => answer()),
        follow(HEALTH_TOPIC, (p) => onHealth(p as unknown as { health: FeedProviderHealth[]; epoch?: string })),
      ]).then(() => ask());
      healthTimer = setInterval(() => {
        if (leader) void publish(HEALTH_TOPIC, { health: real.health(), epoch, ...stamp() });
      }, healthEveryMs);
      healthTimer.unref();
    },
    stop() {
      stop.abort();
      if (healthTimer !== undefined) clearInterval(healthTimer);
      real.stop();
    },
    fenceWith(next) {
      fencing = next;
    },
    setLeader(next) {
      if (next === leader) return;
      leader = next;
      logger.info({ leader }, leader ? 'this process runs the odds providers' : 'this process mirrors the odds feed leader');
      if (leader) promote();
      else demote();
    },
  };
}
