import { createHub } from './hub';
import { checkTopic, decodePayload, encodePayload, resolveCommonOptions } from './payload';
import { PubSubClosedError, type PubSub, type PubSubCommonOptions } from './types';

/**
 * The in-process pubsub, the default: one server process, nothing to run. Payloads go through the same
 * JSON check and copy as the distributed ones, so code that works here works over Redis and PostgreSQL.
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
      const text = encodePayload(payload, maxPayloadBytes);
      if (hub.hasSubscribers(topic)) hub.deliver(topic, decodePayload(text));
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
