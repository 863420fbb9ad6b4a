import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startRedis, type RunningRedis } from '../../../../scripts/services.mjs';
import { eventually, freshTopic, pubSubContract, take } from './contract';
import { createRedisPubSub } from './redis';
import type { PubSub, PubSubLogEntry } from './types';

let redis: RunningRedis;
let admin: Redis;
beforeAll(async () => {
  redis = await startRedis();
  admin = new Redis(redis.url);
});
afterAll(async () => {
  await admin?.quit();
  await redis?.stop();
});

const open: PubSub[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((p) => p.close()));
});

let instance = 0;
const nextName = (): string => `mk-test-${(instance += 1)}`;

/** Client names connected to the Redis server right now. */
async function connectedNames(): Promise<string[]> {
  const list = (await admin.call('CLIENT', 'LIST')) as string;
  return list
    .split('\n')
    .map((line) => /(?:^| )name=(\S*)/.exec(line)?.[1] ?? '')
    .filter((name) => name !== '');
}

describe('createRedisPubSub', () => {
  pubSubContract((options) => createRedisPubSub({ url: redis.url, ...options }));

  it('fans out across two instances (two processes): each receives, in order, what the other publishes', async () => {
    const a = await createRedisPubSub({ url: redis.url, name: nextName() });
    const b = await createRedisPubSub({ url: redis.url, name: nextName() });
    open.push(a, b);
    const topic = freshTopic('odds');
    const onA = a.subscribe(topic);
    const onB = b.subscribe(topic);
    await Promise.all([onA.ready, onB.ready]);
    await Promise.all(Array.from({ length: 50 }, (_, seq) => a.publish(topic, { seq, from: 'a' })));
    expect(await take(onB, 50)).toEqual(Array.from({ length: 50 }, (_, seq) => ({ seq, from: 'a' })));
    expect(await take(onA, 50)).toHaveLength(50);
    await b.publish(topic, { from: 'b' });
    expect(await take(onA, 1)).toEqual([{ from: 'b' }]);
    expect(await take(onB, 1)).toEqual([{ from: 'b' }]);
  });

  it('holds one Redis subscription per topic with local subscribers, and drops it when the last one leaves', async () => {
    const pubSub = await createRedisPubSub({ url: redis.url, prefix: 'mk:' });
    open.push(pubSub);
    const topic = freshTopic();
    const numsub = async (): Promise<number> => {
      const reply = (await admin.call('PUBSUB', 'NUMSUB', `mk:${topic}`)) as [string, number];
      return Number(reply[1]);
    };
    const first = new AbortController();
    const second = new AbortController();
    const subs = [first, second].map((c) => pubSub.subscribe(topic, c.signal));
    await Promise.all(subs.map((s) => s.ready));
    expect(await numsub()).toBe(1);
    first.abort();
    expect(await numsub()).toBe(1);
    second.abort();
    await eventually(async () => expect(await numsub()).toBe(0));
  });

  it('closes both of its connections on close()', async () => {
    const name = nextName();
    const pubSub = await createRedisPubSub({ url: redis.url, name });
    await pubSub.subscribe(freshTopic()).ready;
    expect((await connectedNames()).filter((n) => n.startsWith(name)).sort()).toEqual([`${name}-publish`, `${name}-subscribe`]);
    await pubSub.close();
    await eventually(async () => expect((await connectedNames()).filter((n) => n.startsWith(name))).toEqual([]));
  });

  it('resubscribes after its subscribe connection is killed, says so in the log, and never logs the password or a payload', async () => {
    const logs: PubSubLogEntry[] = [];
    const name = nextName();
    const a = await createRedisPubSub({ url: redis.url, name, log: (e) => logs.push(e) });
    const b = await createRedisPubSub({ url: redis.url, name: nextName() });
    open.push(a, b);
    const topic = freshTopic();
    const s = a.subscribe(topic);
    await s.ready;
    await admin.call('CLIENT', 'KILL', 'TYPE', 'pubsub', 'SKIPME', 'yes');
    await eventually(() => expect(logs.map((l) => l.msg)).toContain('pubsub: Redis subscribe connection restored'));
    // The resubscription follows the reconnection; publish until it is through.
    await eventually(async () => {
      await b.publish(topic, { secret: 'payload-marker' });
      const [got] = await take(s, 1, 200);
      expect(got).toEqual({ secret: 'payload-marker' });
    });
    expect(logs.some((l) => l.level === 'warn' && l.msg.includes('subscribe connection lost'))).toBe(true);
    const text = JSON.stringify(logs);
    expect(text).not.toContain(redis.password);
    expect(text).not.toContain('payload-marker');
  });

  it('fails to start with a message that names no password when Redis refuses the login', async () => {
    const wrong = redis.url.replace(redis.password, 'not-the-password-123');
    const error: unknown = await createRedisPubSub({ url: wrong }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/could not connect to Redis: WRONGPASS/);
    expect((error as Error).message).not.toContain('not-the-password-123');
  });

  it('fails to start at once when nothing listens at the URL', async () => {
    const port = await freePort();
    const started = Date.now();
    await expect(createRedisPubSub({ url: `redis://:pw-abc-123@127.0.0.1:${port}` })).rejects.toThrow(
      /could not connect to Redis: connect ECONNREFUSED/,
    );
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
