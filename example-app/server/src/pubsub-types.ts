// TEMPORARY: the PubSub contract until the pubsub/ module lands (then import it from ./pubsub/index).
/** A JSON value. */
export type PubSubPayload = null | boolean | number | string | readonly PubSubPayload[] | { readonly [key: string]: PubSubPayload };

/** Publish/subscribe across every server process. */
export interface PubSub {
  publish(topic: string, payload: PubSubPayload): Promise<void>;
  subscribe(topic: string, signal?: AbortSignal): AsyncIterableIterator<PubSubPayload>;
  close(): Promise<void>;
  readonly kind: 'memory' | 'redis' | 'postgres';
}
