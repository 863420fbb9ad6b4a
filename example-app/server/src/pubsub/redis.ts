import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
import { Redis } from 'ioredis';
import { createHub } from './hub';
import { checkTopic, encodePayload, freeze, redact, resolveCommonOptions, urlPassword } from './payload';
import { PubSubClosedError, PubSubInputError, type PubSub, type PubSubCommonOptions, type PubSubLog, type PubSubPayload } from './types';

export interface RedisPubSubOptions extends PubSubCommonOptions {
  /** `redis://[:password@]host:port[/db]` (or `rediss://`). Never logged. */
  readonly url: string;
  /**
   * Put before every topic to make the Redis channel, so that several apps can share one Redis.
   * @defaultValue 'matchkit:'
   */
  readonly prefix?: string;
  /**
   * Names the two connections in Redis's CLIENT LIST: `<name>-publish` and `<name>-subscribe`.
   * @defaultValue 'matchkit-pubsub'
   */
  readonly name?: string;
}

const NOT_JSON = Symbol('not JSON');

/** Closes a client and waits until its socket is gone. */
function shutClient(client: Redis): Promise<void> {
  if (client.status === 'end') return Promise.resolve();
  if (client.status === 'wait' || client.status === 'reconnecting') {
    // No socket open: disconnect() cancels the pending reconnection and emits nothing more.
    client.disconnect();
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    client.once('end', () => resolve());
    const force = setTimeout(() => client.disconnect(), 2000);
    force.unref();
    client.once('end', () => clearTimeout(force));
    if (client.status === 'ready') client.quit().catch(() => client.disconnect());
    else client.disconnect();
  });
}

/**
 * A pubsub over Redis PUBLISH/SUBSCRIBE, for several server processes: two connections (one publishes,
 * one subscribes, once per topic with local subscribers) through `@graphql-yoga/redis-event-target`.
 * Resolves once both connections are ready; rejects (with no credentials in the message) if they cannot
 * connect. Messages published while a process is disconnected from Redis do not reach it.
 *
 * @example
 * ```ts
 * const pubSub = await createRedisPubSub({ url: process.env.REDIS_URL!, log: ({ level, msg }) => logger[level](msg) });
 * ```
 */
export async function createRedisPubSub(options: RedisPubSubOptions): Promise<PubSub> {
  const { maxBuffered, maxPayloadBytes } = resolveCommonOptions(options);
  if (typeof options.url !== 'string' || !/^rediss?:\/\//.test(options.url)) {
    throw new PubSubInputError('url', 'must be a redis:// or rediss:// URL');
  }
  const prefix = options.prefix ?? 'matchkit:';
  const name = options.name ?? 'matchkit-pubsub';
  if (!/^[A-Za-z0-9_.:-]{1,40}$/.test(name)) {
    throw new PubSubInputError('name', 'must be 1 to 40 letters, digits, "_", ".", ":" or "-"');
  }
  const secrets = urlPassword(options.url);
  const log: PubSubLog = options.log ?? (() => undefined);
  const say = (level: 'info' | 'warn' | 'error', msg: string): void => log({ level, msg: redact(msg, secrets) });
  let closed = false;
  let started = false;

  let firstError: string | undefined;
  const connect = (role: 'publish' | 'subscribe'): Redis => {
    const client = new Redis(options.url, {
      lazyConnect: true,
      connectionName: `${name}-${role}`,
      // A SUBSCRIBE waits for the connection however long it takes; a PUBLISH fails after 20 retries.
      ...(role === 'subscribe' && { maxRetriesPerRequest: null }),
    });
    client.once('error', (error: Error) => (firstError ??= error.message));
    let down = false;
    const lost = (why: string): void => {
      if (closed || !started || down) return;
      down = true;
      say('warn', `pubsub: Redis ${role} connection lost (${why}); reconnecting`);
    };
    client.on('error', (error: Error) => lost(error.message));
    client.on('reconnecting', () => lost('closed'));
    client.on('ready', () => {
      if (!down || closed) return;
      down = false;
      say('info', `pubsub: Redis ${role} connection restored`);
    });
    return client;
  };
  const publisher = connect('publish');
  const subscriber = connect('subscribe');
  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
  } catch (error) {
    closed = true;
    await Promise.all([shutClient(publisher), shutClient(subscriber)]);
    // eslint-disable-next-line preserve-caught-error -- the driver's error stays out: only its message, redacted, is kept
    throw new Error(`pubsub: could not connect to Redis: ${redact(firstError ?? (error as Error).message, secrets)}`);
  }

  started = true;

  // The event target drops the promises of SUBSCRIBE and UNSUBSCRIBE. This view of the subscribe
  // connection keeps them: a failure is logged (not an unhandled rejection) and a SUBSCRIBE's reply
  // tells the subscription it is live.
  const confirmations = new Map<string, Promise<void>>();
  const guarded = new Proxy(subscriber, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown;
      if (property === 'subscribe' || property === 'unsubscribe') {
        return (channel: string) => {
          const reply = target[property](channel).then(
            () => undefined,
            (error: Error) => {
              if (!closed) say('warn', `pubsub: Redis ${property} failed for one topic: ${error.message}`);
            },
          );
          if (property === 'subscribe') confirmations.set(channel, reply);
          return reply;
        };
      }
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  const serializer = {
    stringify: (message: unknown) => JSON.stringify(message),
    parse: (message: string): unknown => {
      try {
        return freeze(JSON.parse(message) as unknown);
      } catch {
        return NOT_JSON;
      }
    },
  };
  const target = createRedisEventTarget<CustomEvent<unknown>>({
    publishClient: publisher,
    subscribeClient: guarded,
    serializer,
  });

  const listeners = new Map<string, (event: CustomEvent<unknown>) => void>();
  const hub = createHub(
    {
      open(topic) {
        const channel = prefix + topic;
        const listener = (event: CustomEvent<unknown>): void => {
          if (event.detail === NOT_JSON) {
            say('warn', 'pubsub: dropped a Redis message that is not JSON');
            return;
          }
          hub.deliver(topic, event.detail as PubSubPayload);
        };
        listeners.set(topic, listener);
        target.addEventListener(channel, listener);
        const confirmed = confirmations.get(channel) ?? Promise.resolve();
        confirmations.delete(channel);
        return confirmed;
      },
      shut(topic) {
        const listener = listeners.get(topic);
        if (listener === undefined) return;
        listeners.delete(topic);
        target.removeEventListener(prefix + topic, listener);
      },
    },
    maxBuffered,
  );

  return {
    kind: 'redis',
    async publish(topic, payload) {
      if (closed) throw new PubSubClosedError('redis');
      checkTopic(topic);
      const text = encodePayload(payload, maxPayloadBytes);
      try {
        await publisher.publish(prefix + topic, text);
      } catch (error) {
        // eslint-disable-next-line preserve-caught-error -- the driver's error stays out: only its message, redacted, is kept
        throw new Error(`pubsub: Redis publish failed: ${redact((error as Error).message, secrets)}`);
      }
    },
    subscribe(topic, signal) {
      if (closed) throw new PubSubClosedError('redis');
      return hub.subscribe(topic, signal);
    },
    async close() {
      if (closed) return;
      hub.endAll();
      closed = true;
      await Promise.all([shutClient(publisher), shutClient(subscriber)]);
    },
    stats: () => hub.stats(),
  };
}
