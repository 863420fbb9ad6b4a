// Two server processes forwarding from one queue on real PostgreSQL (a database of its own on the
// test run's cluster, test/postgres.ts), each with its own connection pool, to one local provider
// on loopback that reads Amplitude's batch format (as forward.test.ts's does).
// Guards: forwardOnce's lease (FOR UPDATE SKIP LOCKED, then the lease time) gives each event to one
// pass: none sent by both processes, none lost, none waiting on the other's lease.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { openTwoPools, type TwoPools } from '../../test/postgres-locks';
import { keepEvents } from './events';
import { forwardOnce, forwardQueueDepth, type ForwardOutcome, type ForwardTarget } from './forward';
import { storeEvents } from './store';

interface Batch {
  /** Which process sent it (the path of its target). */
  readonly from: string;
  readonly insertIds: readonly string[];
}

/** A provider that records each batch (by the path it came to) and answers 200 after `delayMs`. */
function provider(delayMs: number) {
  const batches: Batch[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const parsed = JSON.parse(body) as { events: { insert_id: string }[] };
      batches.push({ from: req.url ?? '', insertIds: parsed.events.map((e) => e.insert_id) });
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 200, events_ingested: parsed.events.length }));
      }, delayMs);
    });
  });
  return { server, batches };
}

const KEY = 'provider-project-key-pg';
const NOW = Date.parse('2026-03-02T10:00:00Z');

describe('two processes forwarding from one queue on PostgreSQL', () => {
  let pools: TwoPools | undefined;
  let a: Database;
  let b: Database;
  let fake: ReturnType<typeof provider>;
  let base: string;
  let serial = 0;

  beforeAll(async () => {
    pools = await openTwoPools();
    ({ a, b } = pools);
    // Each pool's connections opened before the race, so neither process starts late.
    await Promise.all([a, b].flatMap((p) => Array.from({ length: 4 }, () => p.db.execute(sql`select pg_sleep(0.05)`))));
    fake = provider(15);
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(async () => {
    await pools?.close();
    await new Promise((resolve) => fake?.server.close(resolve));
  });

  /** Queues `n` new events (stored as an upload with forwarding on); returns their insert ids. */
  async function queue(n: number): Promise<string[]> {
    const ids = Array.from({ length: n }, () => `pgfwd-${String(++serial).padStart(5, '0')}`);
    const kept = keepEvents(
      ids.map((id, i) => ({
        event_type: 'page_view',
        device_id: `pgfwd-device-${i % 7}`,
        session_id: 1 + (i % 7),
        time: NOW,
        insert_id: id,
      })),
      { secret: 'forward-pg-secret', viewerId: null, receivedAt: NOW },
    );
    expect((await storeEvents(a.db, kept, 'visitor', true)).events).toBe(n);
    return ids;
  }

  const target = (name: string): ForwardTarget => ({ url: `${base}/${name}`, key: KEY });

  // Guards: the lease's FOR UPDATE (re-checked as due) gives each event to one pass: none sent twice.
  it('sends every event exactly once when both processes pass at the same time, each batch by one of them', async () => {
    const ids = await queue(420);
    const sentBefore = fake.batches.length;
    const batchSize = 10;
    // Three passes a process at once (a pool of four each), each pass looping until it finds nothing due.
    const worker = async (db: Database, name: string) => {
      const outcomes: ForwardOutcome[] = [];
      for (;;) {
        const outcome = await forwardOnce(db.db, target(name), NOW, { batchSize });
        if (outcome.kind === 'idle') return outcomes;
        outcomes.push(outcome);
      }
    };
    const outcomes = (
      await Promise.all([worker(a, 'a1'), worker(b, 'b1'), worker(a, 'a2'), worker(b, 'b2'), worker(a, 'a3'), worker(b, 'b3')])
    ).flat();
    expect(outcomes.every((o) => o.kind === 'sent')).toBe(true);
    expect(outcomes.reduce((n, o) => n + (o.kind === 'sent' ? o.events : 0), 0)).toBe(ids.length);

    const batches = fake.batches.slice(sentBefore);
    const delivered = batches.flatMap((x) => x.insertIds);
    // Exactly once: every id, no repeat (a batch sent by both processes would repeat all of its ids).
    expect(delivered.length).toBe(ids.length);
    expect([...delivered].sort()).toEqual(ids);
    expect(batches.every((x) => x.insertIds.length <= batchSize)).toBe(true);
    // Both processes took part.
    const by = (p: string) => batches.filter((x) => x.from.startsWith(`/${p}`)).length;
    expect(by('a')).toBeGreaterThan(0);
    expect(by('b')).toBeGreaterThan(0);
    expect(await forwardQueueDepth(a.db)).toMatchObject({ waiting: 0, refused: 0 });
  });

  // Guards: SKIP LOCKED: a pass takes the next due rows instead of waiting on another's lease.
  it('skips the rows another process is leasing instead of waiting for them, and leaves them to it', async () => {
    const ids = await queue(30);
    const sentBefore = fake.batches.length;
    // Process A's lease statement in flight: the first ten due rows locked, not yet committed.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked: () => void = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const leasing = a.db.transaction(async (tx) => {
      await tx.execute(sql`select event_id from analytics_forward_queue order by event_id limit 10 for update`);
      locked();
      await held;
    });
    await isLocked;
    // Process B neither waits for them (bounded: a pass that waited would not answer before this
    // one's timeout) nor sends them.
    const outcome = await Promise.race([
      forwardOnce(b.db, target('b'), NOW, { batchSize: 100 }),
      new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 5_000)),
    ]);
    release();
    await leasing;
    expect(outcome).toEqual({ kind: 'sent', events: 20 });
    expect(fake.batches.slice(sentBefore).flatMap((x) => x.insertIds)).toEqual(ids.slice(10));
    // Once the lock is gone the ten are due (that transaction leased nothing): the next pass sends them.
    expect(await forwardOnce(a.db, target('a'), NOW, { batchSize: 100 })).toEqual({ kind: 'sent', events: 10 });
    expect(fake.batches.slice(sentBefore).flatMap((x) => x.insertIds)).toEqual([...ids.slice(10), ...ids.slice(0, 10)]);
  });
});
