// A long-lived listener on one topic: what a process keeps for the notices every process must
// hear (live-access revocations, odds alert changes). Each payload is handed over in order; a
// listener that falls more than the subscription's buffer behind (PubSubOverflowError) subscribes
// again and is told it missed messages, so it can read the state afresh.
import type { PubSub } from './types';

/** A listener started by {@link listenTo}. */
export interface Listener {
  /** Resolves once the first subscription is live (anything published afterwards is heard). */
  readonly ready: Promise<void>;
  /** Resolves once the listener has stopped (its signal aborted, or the PubSub closed). */
  readonly done: Promise<void>;
}

/** What to do with what a listener hears. */
export interface ListenerHandlers {
  /** Each payload, in order; the next waits for it. Must not reject (catch and log its own errors). */
  hear(payload: unknown): Promise<void>;
  /** Called once subscribed again after falling behind (`error` says how): messages were missed. */
  missed(error: unknown): Promise<void> | void;
}

/** Listens to `topic` on `pubSub` until `signal` aborts. */
export function listenTo(pubSub: PubSub, topic: string, signal: AbortSignal, handlers: ListenerHandlers): Listener {
  let subscription = pubSub.subscribe(topic, signal);
  const ready = subscription.ready;
  const done = (async () => {
    for (;;) {
      try {
        for await (const payload of subscription) await handlers.hear(payload);
        return;
      } catch (error) {
        if (signal.aborted) return;
        try {
          subscription = pubSub.subscribe(topic, signal);
          await subscription.ready;
          await handlers.missed(error);
        } catch {
          return;
        }
      }
    }
  })();
  return { ready, done };
}
