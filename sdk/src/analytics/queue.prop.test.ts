import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEventQueue, createMemoryStorage, type EventQueue } from '../analytics';
import { recordingLogger } from './testing/loopback-server';

const CAP = 65_536;

/** An operation on the queue: push a run of new items, or acknowledge (remove) the first few. */
type Op = { push: number } | { ack: number };
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 5000 }).map((push) => ({ push })) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 3000 }).map((ack) => ({ ack })) },
  { weight: 1, arbitrary: fc.integer({ min: CAP - 100, max: CAP + 100 }).map((push) => ({ push })) },
);

/** Applies ops to a queue of increasing integers; returns how many were pushed. */
function apply(queue: EventQueue<number>, ops: Op[], onStep: (pushedSoFar: number) => void): number {
  let next = 0;
  for (const o of ops) {
    if ('push' in o) {
      for (let i = 0; i < o.push; i += 1) queue.push(next++);
    } else {
      queue.remove(queue.peek(o.ack).map((e) => e.seq));
    }
    onStep(next);
  }
  return next;
}

describe('event queue laws', () => {
  it('the queue never holds more than 65536 entries', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 8 }), (ops) => {
        const queue = createEventQueue<number>({ logger: recordingLogger() });
        apply(queue, ops, () => expect(queue.size).toBeLessThanOrEqual(CAP));
      }),
      { numRuns: 25 },
    );
  });

  it('nothing is dropped below the cap: every push is kept until acknowledged', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 8 }), (ops) => {
        const queue = createEventQueue<number>({ logger: recordingLogger() });
        let acked = 0;
        let highWater = 0;
        let next = 0;
        for (const o of ops) {
          if ('push' in o) {
            for (let i = 0; i < o.push; i += 1) queue.push(next++);
          } else {
            acked += queue.remove(queue.peek(o.ack).map((e) => e.seq));
          }
          highWater = Math.max(highWater, queue.size);
          if (queue.dropped === 0) expect(queue.size).toBe(next - acked); // the count is exact
        }
        if (highWater < CAP) expect(queue.dropped).toBe(0);
        expect(queue.size + acked + queue.dropped).toBe(next); // conservation: kept + sent + dropped = pushed
      }),
      { numRuns: 25 },
    );
  });

  it('order is kept: after pushes, acknowledgements, drops and removals from the middle, items stay in push order', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 8 }), fc.array(fc.nat(400), { maxLength: 20 }), (ops, middle) => {
        const queue = createEventQueue<number>({ logger: recordingLogger() });
        apply(queue, ops, () => undefined);
        const head = queue.peek(400);
        queue.remove(middle.map((i) => head[i]?.seq ?? Number.NaN)); // as a partly rejected batch does
        const items = queue.toArray();
        const firstOutOfOrder = items.findIndex((v, i) => i > 0 && v <= (items[i - 1] ?? -1));
        expect(firstOutOfOrder).toBe(-1);
      }),
      { numRuns: 25 },
    );
  });

  it('without removals from the middle, the queue is a contiguous tail of what was pushed', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 8 }), (ops) => {
        const queue = createEventQueue<number>({ logger: recordingLogger() });
        const pushed = apply(queue, ops, () => undefined);
        const items = queue.toArray();
        const firstOutOfPlace = items.findIndex((v, i) => v !== pushed - items.length + i);
        expect(firstOutOfPlace).toBe(-1);
      }),
      { numRuns: 25 },
    );
  });

  it('a reload restores exactly what was queued, in order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.integer({ min: 1, max: 300 }).map((push) => ({ push })),
            fc.nat(200).map((ack) => ({ ack })),
          ),
          { maxLength: 10 },
        ),
        fc.integer({ min: 1, max: 500 }),
        async (ops, maxSize) => {
          const storage = createMemoryStorage();
          const queue = createEventQueue<number>({ storage, maxSize, logger: recordingLogger() });
          await queue.ready;
          apply(queue, ops, () => undefined);
          await queue.persisted();
          const reloaded = createEventQueue<number>({ storage, maxSize, logger: recordingLogger() });
          await reloaded.ready;
          expect(reloaded.toArray()).toEqual(queue.toArray());
        },
      ),
      { numRuns: 200 },
    );
  });
});
