import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMemoryPubSub } from './pubsub/memory';
import { acceptSync } from './sync-delivery';

/** Lets every pending promise reaction run (a few turns of the microtask queue, then a macrotask). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("the PubSub's synchronous delivery (sync-delivery.ts)", () => {
  it('law: what the sink takes and what the consumer reads are every payload once, in publish order', async () => {
    await fc.assert(
      fc.asyncProperty(
        // Bursts of payloads published in one go, with the consumer's turns between them; and for
        // each payload whether the sink takes it when offered.
        fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 12 }),
        fc.array(fc.boolean(), { minLength: 48, maxLength: 48 }),
        async (bursts, takes) => {
          const pubSub = createMemoryPubSub();
          const subscription = pubSub.subscribe('t');
          const seen: number[] = [];
          let offered = 0;
          let waiting = false;
          expect(
            acceptSync<unknown>(subscription, (payload) => {
              // Offered only while the consumer waits, and never what it has seen already.
              expect(waiting).toBe(true);
              const take = takes[offered++ % takes.length] === true;
              if (take) seen.push(payload as number);
              return take;
            }),
          ).toBe(true);
          let ended = false;
          const consumer = (async () => {
            for (;;) {
              waiting = true;
              const step = await subscription.next();
              waiting = false;
              if (step.done === true) break;
              seen.push(step.value as number);
              // The consumer's own work takes a turn or two before it waits again.
              await Promise.resolve();
            }
            ended = true;
          })();
          let n = 0;
          for (const burst of bursts) {
            for (let i = 0; i < burst; i++) await pubSub.publish('t', n++);
            await settle();
          }
          await pubSub.close();
          await consumer;
          expect(ended).toBe(true);
          expect(seen).toEqual(Array.from({ length: n }, (_, i) => i));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('hands the payload to the consumer when the sink throws (with a process warning), and offers nothing once the subscription ended', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    const pubSub = createMemoryPubSub();
    const subscription = pubSub.subscribe('t');
    let offers = 0;
    acceptSync<unknown>(subscription, () => {
      offers += 1;
      throw new Error('a failing sink');
    });
    const next = subscription.next();
    await pubSub.publish('t', 1);
    expect(await next).toEqual({ done: false, value: 1 });
    expect(offers).toBe(1);
    await settle();
    process.off('warning', onWarning);
    const ours = warnings.filter((w) => (w as Error & { code?: string }).code === 'MATCHKIT_SYNC_SINK');
    expect(ours).toHaveLength(1);
    expect(ours[0]?.message).toContain('a failing sink');
    await subscription.return?.();
    await pubSub.publish('t', 2);
    expect(offers).toBe(1);
    await pubSub.close();
  });

  it('is declined by an iterator that does not offer it', () => {
    expect(acceptSync((async function* () {})(), () => true)).toBe(false);
    expect(acceptSync(null, () => true)).toBe(false);
  });
});
