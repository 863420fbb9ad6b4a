import { createHub } from './hub';
import { checkTopic, copyPayload, resolveCommonOptions } from './payload';
import { PubSubClosedError, type PubSub, type PubSubCommonOptions } from './types';

/**
 * The in-process pubsub, the default: one server process, nothing to run. Payloads go through the same
 * JSON check and size limit as the distributed ones and arrive as the same deep-frozen JSON round trip
 * (copied in one pass, not through text), so code that works here works over Redis and PostgreSQL.
 *
 * @example
 * ```ts
 * const pubSub = createMemoryPubSub();
 * const updates = pubSub.subscribe('odds');
 * await pubSub.publish('odds', { seq: 1 });
 * (await updates.next()).value; // { seq: 1 }
 * ```
 */
export function createMemoryPubSub(options: PubSubCommonOptions = {}): PubSub {
  const { maxBuffered, maxPayloadBytes } = resolveCommonOptions(options);
  const hub = createHub({ open: () => Promise.resolve(), shut: () => undefined }, maxBuffered);
  let closed = false;

  return {
    kind: 'memory',
    async publish(topic, payload) {
      if (closed) throw new PubSubClosedError('memory');
      checkTopic(topic);
      // Checked and copied whether or not anyone listens: code that works here works on the others.
      const copy = copyPayload(payload, maxPayloadBytes);
      if (hub.hasSubscribers(topic)) hub.deliver(topic, copy);
    },
    subscribe(topic, signal) {
      if (closed) throw new PubSubClosedError('memory');
      return hub.subscribe(topic, signal);
    },
    close() {
      closed = true;
      hub.endAll();
      return Promise.resolve();
    },
    stats: () => hub.stats(),
  };
}
