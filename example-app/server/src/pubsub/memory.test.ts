import { describe, expect, it } from 'vitest';
import { pubSubContract, settlesWithin, take } from './contract';
import { createMemoryPubSub } from './memory';

describe('createMemoryPubSub', () => {
  pubSubContract((options) => Promise.resolve(createMemoryPubSub(options)));

  it('delivers within the publish call, with no transport in between', async () => {
    const pubSub = createMemoryPubSub();
    expect(pubSub.kind).toBe('memory');
    const s = pubSub.subscribe('now');
    const next = s.next();
    void pubSub.publish('now', 1);
    expect(await settlesWithin(next, 0)).toEqual({ done: false, value: 1 });
    await pubSub.close();
  });

  it('does not deliver what was published before the subscription', async () => {
    const pubSub = createMemoryPubSub();
    await pubSub.publish('t', 'old');
    const s = pubSub.subscribe('t');
    await pubSub.publish('t', 'new');
    expect(await take(s, 1)).toEqual(['new']);
    await pubSub.close();
  });
});
