// The behaviour every PubSub implementation owes, written once and run per implementation by
// memory.test.ts, redis.test.ts and postgres.test.ts. (Not a test file itself: vitest only collects
// *.test.ts.)
import { afterEach, expect, it } from 'vitest';
import { PubSubClosedError, PubSubInputError, PubSubOverflowError } from './types';
import type { PubSub, PubSubCommonOptions, PubSubPayload, PubSubSubscription } from './types';

let topicCounter = 0;
/** A topic no other test uses, so that tests sharing a server cannot see each other's messages. */
export const freshTopic = (label = 't'): string => `${label}:${process.pid}:${Date.now()}:${(topicCounter += 1)}`;

/** The next `count` payloads, or a failure naming how many arrived before `ms` ran out. */
export async function take(subscription: PubSubSubscription, count: number, ms = 5000): Promise<PubSubPayload[]> {
  const got: PubSubPayload[] = [];
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms with ${got.length} of ${count} payloads`)), ms);
  });
  try {
    while (got.length < count) {
      const next = await Promise.race([subscription.next(), timeout]);
      if (next.done === true) throw new Error(`subscription ended after ${got.length} of ${count} payloads`);
      got.push(next.value);
    }
    return got;
  } finally {
    clearTimeout(timer);
  }
}

/** Resolves with what next() settles to, or 'pending' if it has not settled within `ms`. */
export async function settlesWithin<T>(promise: Promise<T>, ms: number): Promise<T | 'pending'> {
  let timer: NodeJS.Timeout | undefined;
  const pending = new Promise<'pending'>((resolve) => (timer = setTimeout(() => resolve('pending'), ms)));
  try {
    return await Promise.race([promise, pending]);
  } finally {
    clearTimeout(timer);
  }
}

/** Network sockets and timers this process holds (what "open handles" means for a test runner). */
export function openHandles(): { sockets: number; timers: number } {
  const info = process.getActiveResourcesInfo();
  return {
    sockets: info.filter((r) => r === 'TCPSocketWrap' || r === 'TLSWrap').length,
    timers: info.filter((r) => r === 'Timeout').length,
  };
}

/** The handle counts once sockets closed by earlier tests are gone (two readings 100 ms apart agree). */
export async function settledHandles(): Promise<{ sockets: number; timers: number }> {
  let last = openHandles();
  for (let i = 0; i < 20; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = openHandles();
    if (now.sockets === last.sockets && now.timers === last.timers) return now;
    last = now;
  }
  return last;
}

/** Polls `check` until it passes or `ms` runs out (then throws its last failure). */
export async function eventually(check: () => void | Promise<void>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

/**
 * Declares the contract's tests in the current describe block. `make` builds a new instance (on the
 * same backing server each time); instances made here are closed after each test.
 */
export function pubSubContract(make: (options?: PubSubCommonOptions) => Promise<PubSub>): void {
  const made: PubSub[] = [];
  const build = async (options?: PubSubCommonOptions): Promise<PubSub> => {
    const pubSub = await make(options);
    made.push(pubSub);
    return pubSub;
  };
  afterEach(async () => {
    await Promise.all(made.splice(0).map((p) => p.close()));
  });

  it('delivers to a subscriber, in publish order, what is published after it subscribed', async () => {
    const pubSub = await build();
    const topic = freshTopic();
    const early = pubSub.subscribe(topic);
    await early.ready;
    await pubSub.publish(topic, { n: -1 });
    expect(await take(early, 1)).toEqual([{ n: -1 }]);

    const late = pubSub.subscribe(topic);
    await late.ready;
    // Not awaited one by one: calls made together still arrive in call order.
    await Promise.all(Array.from({ length: 100 }, (_, n) => pubSub.publish(topic, { n })));
    const expected = Array.from({ length: 100 }, (_, n) => ({ n }));
    expect(await take(late, 100)).toEqual(expected);
    expect(await take(early, 100)).toEqual(expected);
  });

  it('keeps topics apart, even when one name starts with another', async () => {
    const pubSub = await build();
    const a = freshTopic('odds');
    const b = `${a}:1`;
    const onA = pubSub.subscribe(a);
    const onB = pubSub.subscribe(b);
    await Promise.all([onA.ready, onB.ready]);
    for (let i = 0; i < 5; i += 1) {
      await pubSub.publish(a, { topic: 'a', i });
      await pubSub.publish(b, { topic: 'b', i });
    }
    expect(await take(onA, 5)).toEqual([0, 1, 2, 3, 4].map((i) => ({ topic: 'a', i })));
    expect(await take(onB, 5)).toEqual([0, 1, 2, 3, 4].map((i) => ({ topic: 'b', i })));
    expect(await settlesWithin(onA.next(), 200)).toBe('pending');
  });

  it('delivers each payload to both of two subscribers, as a frozen copy of what was published', async () => {
    const pubSub = await build();
    const topic = freshTopic();
    const first = pubSub.subscribe(topic);
    const second = pubSub.subscribe(topic);
    await Promise.all([first.ready, second.ready]);
    const sent = { seq: 7, upserts: [{ id: 'm1', odds: 2.5, stakePence: 1000 }], removes: [], note: null };
    await pubSub.publish(topic, sent);
    sent.seq = 8; // changing the original afterwards changes nothing delivered
    const [[one], [two]] = await Promise.all([take(first, 1), take(second, 1)]);
    expect(one).toEqual({ seq: 7, upserts: [{ id: 'm1', odds: 2.5, stakePence: 1000 }], removes: [], note: null });
    expect(two).toEqual(one);
    expect(Object.isFrozen(one)).toBe(true);
    expect(() => {
      (one as { seq: number }).seq = 9;
    }).toThrow(TypeError);
  });

  it('ends the iterator when its signal aborts, and frees the subscription', async () => {
    const pubSub = await build();
    const topic = freshTopic();
    const controller = new AbortController();
    const aborted = pubSub.subscribe(topic, controller.signal);
    const kept = pubSub.subscribe(topic);
    await Promise.all([aborted.ready, kept.ready]);
    expect(pubSub.stats()).toEqual({ topics: 1, subscriptions: 2 });

    const waiting = aborted.next();
    controller.abort();
    expect(await settlesWithin(waiting, 1000)).toEqual({ done: true, value: undefined });
    expect(await aborted.next()).toEqual({ done: true, value: undefined });
    expect(pubSub.stats()).toEqual({ topics: 1, subscriptions: 1 });

    await pubSub.publish(topic, 'after abort');
    expect(await take(kept, 1)).toEqual(['after abort']);

    // Leaving a for-await loop frees it too; an already aborted signal never subscribes.
    await pubSub.publish(topic, 'x');
    for await (const value of kept) {
      expect(value).toBe('x');
      break;
    }
    expect(pubSub.stats()).toEqual({ topics: 0, subscriptions: 0 });
    expect(await kept.next()).toEqual({ done: true, value: undefined });
    const never = pubSub.subscribe(topic, AbortSignal.abort());
    expect(await never.next()).toEqual({ done: true, value: undefined });
    expect(pubSub.stats()).toEqual({ topics: 0, subscriptions: 0 });
  }, 15_000);

  it('ends every subscription at close(), refuses use afterwards, and leaves no open handles', async () => {
    const before = await settledHandles();
    const pubSub = await make();
    const topic = freshTopic();
    const first = pubSub.subscribe(topic);
    const second = pubSub.subscribe(topic);
    const subscriptions = [first, second, pubSub.subscribe(freshTopic())];
    await Promise.all(subscriptions.map((s) => s.ready));
    await pubSub.publish(topic, 1);
    expect(await take(first, 1)).toEqual([1]);
    expect(await take(second, 1)).toEqual([1]);
    const waiting = subscriptions.map((s) => s.next());
    await pubSub.close();
    for (const result of await Promise.all(waiting)) expect(result).toEqual({ done: true, value: undefined });
    expect(pubSub.stats()).toEqual({ topics: 0, subscriptions: 0 });
    await expect(pubSub.publish(topic, 2)).rejects.toBeInstanceOf(PubSubClosedError);
    expect(() => pubSub.subscribe(topic)).toThrow(PubSubClosedError);
    await pubSub.close(); // twice is fine
    await eventually(() => expect(openHandles()).toEqual(before), 3000);
  });

  it('refuses what is not JSON, naming where, and bad topics', async () => {
    const pubSub = await build();
    const topic = freshTopic();
    const refusal = async (payload: unknown): Promise<PubSubInputError> => {
      const error: unknown = await pubSub.publish(topic, payload as PubSubPayload).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(PubSubInputError);
      return error as PubSubInputError;
    };
    expect((await refusal({ rows: [{ odds: Number.NaN }] })).message).toContain('payload.rows[0].odds is NaN');
    expect((await refusal({ at: new Date(0) })).message).toContain('payload.at is Date');
    expect((await refusal({ pence: 10n })).message).toContain('payload.pence is bigint');
    expect((await refusal({ missing: undefined })).message).toContain('payload.missing is undefined');
    const loop: Record<string, unknown> = {};
    loop['self'] = loop;
    expect((await refusal(loop)).message).toContain('payload.self refers back to itself');
    await expect(pubSub.publish('', 1)).rejects.toMatchObject({ field: 'topic' });
    expect(() => pubSub.subscribe('x'.repeat(201))).toThrow(PubSubInputError);
    // Refusals do not end the instance.
    const s = pubSub.subscribe(topic);
    await s.ready;
    await pubSub.publish(topic, [1, 'two', true, null, { three: 3 }]);
    expect(await take(s, 1)).toEqual([[1, 'two', true, null, { three: 3 }]]);
  });

  it('refuses a payload larger than maxPayloadBytes', async () => {
    const pubSub = await build({ maxPayloadBytes: 100 });
    await expect(pubSub.publish(freshTopic(), 'x'.repeat(200))).rejects.toMatchObject({ field: 'payload' });
  });

  it('ends a subscription whose consumer falls more than maxBuffered behind, with an overflow error', async () => {
    const pubSub = await build({ maxBuffered: 3 });
    const topic = freshTopic();
    const slow = pubSub.subscribe(topic);
    const fast = pubSub.subscribe(topic);
    await Promise.all([slow.ready, fast.ready]);
    for (let i = 0; i < 4; i += 1) {
      await pubSub.publish(topic, i);
      expect(await take(fast, 1)).toEqual([i]);
    }
    await expect(slow.next()).rejects.toBeInstanceOf(PubSubOverflowError);
    expect(await slow.next()).toEqual({ done: true, value: undefined });
    expect(pubSub.stats()).toEqual({ topics: 1, subscriptions: 1 });
  });
}
