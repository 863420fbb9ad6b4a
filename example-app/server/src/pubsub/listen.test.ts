import { describe, expect, it } from 'vitest';
import { listenTo } from './listen';
import { createMemoryPubSub } from './memory';

describe('listenTo', () => {
  it('hears each payload in order, and after falling behind subscribes again and says so', async () => {
    const pubSub = createMemoryPubSub({ maxBuffered: 2 });
    const stop = new AbortController();
    const heard: unknown[] = [];
    const missed: unknown[] = [];
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const listener = listenTo(pubSub, 'notices', stop.signal, {
      hear: async (payload) => {
        heard.push(payload);
        if (payload === 1) await held;
      },
      missed: (error) => {
        missed.push(error);
      },
    });
    await listener.ready;
    // The first is being heard (held); the next ones overflow the buffer of two.
    for (let i = 1; i <= 5; i++) await pubSub.publish('notices', i);
    release();
    await expect.poll(() => missed.length).toBe(1);
    await pubSub.publish('notices', 6);
    await expect.poll(() => heard.at(-1)).toBe(6);
    expect(heard[0]).toBe(1);
    stop.abort();
    await listener.done;
    await pubSub.close();
  });
});
