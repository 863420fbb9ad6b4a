// Synchronous delivery through a chain of async iterators (the odds feed's fan-out).
//
// A member's subscription to the odds feed is three iterators, each awaiting the one before: the
// PubSub's subscription (pubsub/hub.ts), the feed module's stream (its access re-check, its
// member's view of the patch) and the fan-out's (fanout.ts: the shared execution, written straight
// to the socket). Handing one patch down that chain costs a promise and a turn of the microtask
// queue at each link, for each of 1,000 sockets; and since every socket's first link runs before
// any socket's second, no socket is written to until every subscription has taken its first step.
//
// An iterator that offers synchronous delivery lets the consumer awaiting it register a sink: when
// a value arrives while that consumer is waiting for it (nothing queued before it, a `next()`
// pending), the iterator first hands it to the sink. The sink either takes it whole (true: it did
// all the consumer would have done with it, and the consumer goes on waiting for the next value) or
// declines it having changed nothing the consumer depends on (false: the iterator then settles the
// pending `next()` with the value, as without a sink). A consumer that cannot finish a value at once
// (a check to await, a socket with writes pending, an execution still running) declines it, and
// the value takes the asynchronous path: order is kept, because a value is offered only while the
// consumer waits, and a consumer waits again only once it has finished the value before.

/** The method of an iterator that offers synchronous delivery: sets (or, with null, clears) its sink. */
export const offerSync = Symbol('matchkit.offerSync');

/** Takes a value whole (true), or declines it unchanged (false). Never called re-entrantly for one iterator. */
export type SyncSink<T> = (value: T) => boolean;

/** An iterator that may offer its values synchronously. */
export interface SyncOffering<T> {
  [offerSync]?: (sink: SyncSink<T> | null) => void;
}

/** Registers `sink` with `iterator` when it offers synchronous delivery; false when it does not. */
export function acceptSync<T>(iterator: unknown, sink: SyncSink<T> | null): boolean {
  const offer = (iterator as SyncOffering<T> | null)?.[offerSync];
  if (typeof offer !== 'function') return false;
  offer.call(iterator, sink);
  return true;
}
