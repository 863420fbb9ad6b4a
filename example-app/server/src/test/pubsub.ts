// TEMPORARY: an in-process PubSub for tests until the pubsub/ module lands.
import type { PubSub, PubSubPayload } from '../pubsub-types';

export function createTestPubSub(): PubSub {
  const subs = new Map<string, Set<(p: PubSubPayload) => void>>();
  return {
    kind: 'memory',
    async publish(topic, payload) {
      for (const s of subs.get(topic) ?? []) s(payload);
    },
    subscribe(topic, signal) {
      const queue: PubSubPayload[] = [];
      let wake: (() => void) | null = null;
      let done = false;
      const push = (p: PubSubPayload) => {
        queue.push(p);
        wake?.();
      };
      const set = subs.get(topic) ?? new Set();
      set.add(push);
      subs.set(topic, set);
      const end = () => {
        done = true;
        set.delete(push);
        wake?.();
      };
      signal?.addEventListener('abort', end, { once: true });
      const it: AsyncIterableIterator<PubSubPayload> = {
        [Symbol.asyncIterator]: () => it,
        async next() {
          while (queue.length === 0 && !done) await new Promise<void>((r) => (wake = r));
          wake = null;
          if (queue.length > 0) return { value: queue.shift() as PubSubPayload, done: false };
          return { value: undefined, done: true };
        },
        async return() {
          end();
          return { value: undefined, done: true };
        },
      };
      return it;
    },
    async close() {
      subs.clear();
    },
  };
}
