import { describe, expect, it } from 'vitest';
import { getBrand } from '../brands';
import { isValidationError } from '../errors';
import { createEventQueue, createMemoryStorage, DEFAULT_MAX_QUEUED_EVENTS, type KeyValueStorage } from '../analytics';
import { recordingLogger } from './testing/loopback-server';

const range = (n: number, from = 0) => Array.from({ length: n }, (_, i) => from + i);

describe('createEventQueue', () => {
  it('is capped at 65536 by default, the catalogue value of both brands (spec section 9)', () => {
    expect(DEFAULT_MAX_QUEUED_EVENTS).toBe(65_536);
    expect(getBrand('primary').analytics.maxQueuedEvents).toBe(65_536);
    expect(getBrand('secondary').analytics.maxQueuedEvents).toBe(65_536);
    const logger = recordingLogger();
    const queue = createEventQueue<number>({ logger });
    for (const i of range(65_536 + 10)) queue.push(i);
    expect(queue.size).toBe(65_536);
    expect(queue.dropped).toBe(10);
    expect(queue.peek(1)[0]?.item).toBe(10); // the ten oldest went
    expect(queue.toArray().at(-1)).toBe(65_545);
  });

  it('drops the oldest at the cap and logs once per time it fills up', () => {
    const logger = recordingLogger();
    const queue = createEventQueue<string>({ maxSize: 3, logger });
    for (const s of ['a', 'b', 'c', 'd', 'e']) queue.push(s);
    expect(queue.toArray()).toEqual(['c', 'd', 'e']);
    expect(logger.lines.map((l) => [l.level, l.message])).toEqual([
      ['error', 'analytics queue is full (3 events): dropped the oldest events'],
    ]);
    queue.remove([queue.peek(1)[0]?.seq ?? 0]); // below the cap again
    queue.push('f');
    queue.push('g');
    expect(queue.toArray()).toEqual(['e', 'f', 'g']);
    expect(logger.lines).toHaveLength(2);
    expect(queue.dropped).toBe(3);
  });

  it('refuses the newest at the cap with drop-newest', () => {
    const logger = recordingLogger();
    const queue = createEventQueue<string>({ maxSize: 2, overflow: 'drop-newest', logger });
    expect([queue.push('a'), queue.push('b'), queue.push('c')]).toEqual([true, true, false]);
    expect(queue.toArray()).toEqual(['a', 'b']);
    expect(logger.lines[0]?.message).toBe('analytics queue is full (2 events): refused the newest event');
  });

  it('peeks without removing and removes by sequence number, a prefix or any subset', () => {
    const queue = createEventQueue<string>();
    for (const s of ['a', 'b', 'c', 'd', 'e']) queue.push(s);
    const first = queue.peek(2);
    expect(first.map((e) => e.item)).toEqual(['a', 'b']);
    expect(queue.size).toBe(5);
    expect(queue.remove(first.map((e) => e.seq))).toBe(2);
    const rest = queue.peek(10);
    expect(queue.remove([rest[1]?.seq ?? 0])).toBe(1); // 'd', from the middle
    expect(queue.toArray()).toEqual(['c', 'e']);
    expect(queue.remove([12345])).toBe(0);
    expect(queue.peek(0)).toEqual([]);
  });

  it('writes its entries to storage and reads them back in a new queue (a reload)', async () => {
    const storage = createMemoryStorage();
    const queue = createEventQueue<{ n: number }>({ storage, storageKey: 'k' });
    for (const n of range(5)) queue.push({ n });
    queue.remove([queue.peek(1)[0]?.seq ?? 0]);
    await queue.persisted();
    expect(JSON.parse(String(storage.getItem('k')))).toEqual({ v: 1, items: [1, 2, 3, 4].map((n) => ({ n })) });
    const reloaded = createEventQueue<{ n: number }>({ storage, storageKey: 'k' });
    await reloaded.ready;
    expect(reloaded.toArray()).toEqual([1, 2, 3, 4].map((n) => ({ n })));
  });

  it('puts restored entries ahead of entries pushed while restoring, with smaller sequence numbers', async () => {
    const data = new Map<string, string>([['q', JSON.stringify({ v: 1, items: ['old1', 'old2'] })]]);
    let release = (): void => undefined;
    const slow: KeyValueStorage = {
      getItem: (key) => new Promise((resolve) => (release = () => resolve(data.get(key) ?? null))),
      setItem: async (key, value) => void data.set(key, value),
      removeItem: async (key) => void data.delete(key),
    };
    const queue = createEventQueue<string>({ storage: slow, storageKey: 'q' });
    queue.push('new1');
    await Promise.resolve();
    expect(data.get('q')).toContain('old1'); // nothing written before the restore: old entries are safe
    release();
    await queue.ready;
    queue.push('new2');
    const entries = queue.peek(10);
    expect(entries.map((e) => e.item)).toEqual(['old1', 'old2', 'new1', 'new2']);
    const seqs = entries.map((e) => e.seq);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    await queue.persisted();
    expect(JSON.parse(data.get('q') ?? '')).toEqual({ v: 1, items: ['old1', 'old2', 'new1', 'new2'] });
  });

  it('trims a restored backlog to the cap, oldest first', async () => {
    const storage = createMemoryStorage({ q: JSON.stringify({ v: 1, items: range(5) }) });
    const logger = recordingLogger();
    const queue = createEventQueue<number>({ storage, storageKey: 'q', maxSize: 3, logger });
    queue.push(99);
    await queue.ready;
    expect(queue.toArray()).toEqual([3, 4, 99]);
    expect(queue.dropped).toBe(3);
  });

  it('discards unreadable storage and malformed entries, logging what it did', async () => {
    const logger = recordingLogger();
    const broken = createEventQueue<number>({ storage: createMemoryStorage({ q: '{not json' }), storageKey: 'q', logger });
    await broken.ready;
    expect(broken.size).toBe(0);
    expect(logger.lines[0]?.message).toBe('analytics queue in storage "q" is unreadable: discarded');
    const mixed = createEventQueue<number>({
      storage: createMemoryStorage({ q: JSON.stringify({ v: 1, items: [1, 'x', 2, null] }) }),
      storageKey: 'q',
      isItem: (v): v is number => typeof v === 'number',
      logger,
    });
    await mixed.ready;
    expect(mixed.toArray()).toEqual([1, 2]);
    expect(logger.lines[1]?.message).toBe('analytics queue in storage "q": dropped 2 malformed entries');
  });

  it('keeps working in memory when storage throws, logging once per run of failures', async () => {
    const logger = recordingLogger();
    let fail = true;
    const store = new Map<string, string>();
    const flaky: KeyValueStorage = {
      getItem: () => null,
      setItem: (k, v) => {
        if (fail) throw new Error('QuotaExceededError');
        store.set(k, v);
      },
      removeItem: () => undefined,
    };
    const queue = createEventQueue<number>({ storage: flaky, storageKey: 'q', logger });
    await queue.ready;
    queue.push(1);
    await queue.persisted();
    queue.push(2);
    await queue.persisted();
    expect(queue.toArray()).toEqual([1, 2]);
    expect(logger.lines.filter((l) => l.message.includes('storage write failed'))).toHaveLength(1);
    fail = false;
    queue.push(3);
    await queue.persisted();
    expect(JSON.parse(store.get('q') ?? '')).toEqual({ v: 1, items: [1, 2, 3] });
  });

  it('coalesces many pushes into few writes', async () => {
    let writes = 0;
    const storage = createMemoryStorage();
    const counting: KeyValueStorage = { ...storage, setItem: (k, v) => ((writes += 1), storage.setItem(k, v)) };
    const queue = createEventQueue<number>({ storage: counting, storageKey: 'q' });
    await queue.ready;
    const before = writes;
    for (const i of range(1000)) queue.push(i);
    await queue.persisted();
    expect(writes - before).toBe(1);
  });

  it('validates its options', () => {
    try {
      createEventQueue({ maxSize: 0, overflow: 'drop-all' as never });
      expect.unreachable();
    } catch (e) {
      expect(isValidationError(e)).toBe(true);
      if (isValidationError(e)) expect(e.issues.map((i) => i.path)).toEqual(['maxSize', 'overflow']);
    }
  });
});
