import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestPostgresDatabase, type TestPostgresDatabase } from '../test/postgres';
import { eventually, freshTopic, pubSubContract, settlesWithin, take } from './contract';
import { createPostgresPubSub, PUBSUB_MESSAGES_DDL, type PostgresPubSubOptions } from './postgres';
import type { PubSub, PubSubLogEntry } from './types';

// An empty database of its own on the test run's PostgreSQL (test/postgres.ts): its LISTEN/NOTIFY
// channels are this file's alone, and the backends it looks up and ends are its own database's.
let server: TestPostgresDatabase;
let admin: pg.Client;
beforeAll(async () => {
  server = await createTestPostgresDatabase({ migrated: false });
  admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
});
afterAll(async () => {
  await admin?.end();
  await server?.drop();
});

const open: PubSub[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((p) => p.close()));
});

let instance = 0;
const nextName = (): string => `mk-test-${(instance += 1)}`;

async function make(options: Partial<PostgresPubSubOptions> = {}): Promise<PubSub> {
  const pubSub = await createPostgresPubSub({ connectionString: server.url, ...options });
  open.push(pubSub);
  return pubSub;
}

async function backends(applicationName: string): Promise<number[]> {
  const { rows } = await admin.query<{ pid: number }>(
    'select pid from pg_stat_activity where application_name = $1 and datname = current_database()',
    [applicationName],
  );
  return rows.map((r) => r.pid);
}

describe('createPostgresPubSub', () => {
  pubSubContract((options) => createPostgresPubSub({ connectionString: server.url, ...options }));

  it('fans out across two instances (two processes) started together: each receives, in order, what the other publishes', async () => {
    // Started at once: the table's creation must not race.
    const [a, b] = await Promise.all([make({ name: nextName() }), make({ name: nextName() })]);
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

  it('notifies only the message id (digits), never the payload, and carries payloads above NOTIFY’s 8000 bytes', async () => {
    const raw = new pg.Client({ connectionString: server.url });
    await raw.connect();
    const notified: { channel: string; payload: string | undefined }[] = [];
    raw.on('notification', (n) => notified.push({ channel: n.channel, payload: n.payload }));
    await raw.query('LISTEN matchkit_pubsub');
    try {
      const publisher = await make({ name: nextName() });
      const receiver = await make({ name: nextName() });
      const topic = freshTopic();
      const s = receiver.subscribe(topic);
      await s.ready;
      const big = { seq: 1, text: 'payload-marker '.repeat(2000) }; // ~30 KB
      expect(Buffer.byteLength(JSON.stringify(big))).toBeGreaterThan(8000);
      await publisher.publish(topic, { seq: 0, text: 'payload-marker' });
      await publisher.publish(topic, big);
      expect(await take(s, 2)).toEqual([{ seq: 0, text: 'payload-marker' }, big]);
      await eventually(() => expect(notified).toHaveLength(2));
      for (const n of notified) {
        expect(n.channel).toBe('matchkit_pubsub');
        expect(n.payload).toMatch(/^\d+$/);
      }
      const ids = notified.map((n) => n.payload);
      const { rows } = await admin.query<{ id: string; topic: string }>(
        'select id::text as id, topic from pubsub_messages where id = any($1::bigint[]) order by id',
        [ids],
      );
      expect(rows).toEqual(ids.map((id) => ({ id, topic })));
    } finally {
      await raw.end();
    }
  });

  it('keeps per-topic order for one publisher when several topics are interleaved', async () => {
    const publisher = await make({ name: nextName() });
    const receiver = await make({ name: nextName() });
    const topics = [freshTopic(), freshTopic(), freshTopic()] as const;
    const subs = topics.map((t) => receiver.subscribe(t));
    await Promise.all(subs.map((s) => s.ready));
    await Promise.all(Array.from({ length: 90 }, (_, i) => publisher.publish(topics[i % 3] ?? topics[0], i)));
    for (const [k, s] of subs.entries()) {
      expect(await take(s, 30)).toEqual(Array.from({ length: 30 }, (_, j) => j * 3 + k));
    }
  });

  it('reconnects its listener after pg_terminate_backend, says so in the log, and delivers what is published after', async () => {
    const logs: PubSubLogEntry[] = [];
    const name = nextName();
    const receiver = await make({ name, log: (e) => logs.push(e) });
    const publisher = await make({ name: nextName() });
    const topic = freshTopic();
    const s = receiver.subscribe(topic);
    await s.ready;
    await publisher.publish(topic, 'before');
    expect(await take(s, 1)).toEqual(['before']);

    const [pid] = await backends(`${name}-listen`);
    expect(pid).toBeTypeOf('number');
    await admin.query('select pg_terminate_backend($1)', [pid]);
    await eventually(() => expect(logs.map((l) => l.level)).toContain('info'));
    expect(logs[0]).toMatchObject({ level: 'warn', msg: expect.stringContaining('listener connection lost') as unknown });
    expect(logs.at(-1)).toMatchObject({ level: 'info', msg: expect.stringContaining('reconnected') as unknown });
    const [newPid] = await backends(`${name}-listen`);
    expect(newPid).toBeTypeOf('number');
    expect(newPid).not.toBe(pid);

    await publisher.publish(topic, 'after');
    expect(await take(s, 1)).toEqual(['after']);
    const text = JSON.stringify(logs);
    expect(text).not.toContain(server.password);
    expect(text).not.toContain(server.url);
  });

  it('recovers, from the table, what was published while its listener was down, in order', async () => {
    const logs: PubSubLogEntry[] = [];
    const name = nextName();
    // A slow first retry leaves time to publish into the gap.
    const receiver = await make({ name, log: (e) => logs.push(e), minReconnectDelayMs: 1000 });
    const publisher = await make({ name: nextName() });
    const topic = freshTopic();
    const s = receiver.subscribe(topic);
    await s.ready;
    const [pid] = await backends(`${name}-listen`);
    await admin.query('select pg_terminate_backend($1)', [pid]);
    await publisher.publish(topic, 1);
    await publisher.publish(topic, 2);
    await publisher.publish(topic, 3);
    expect(await take(s, 3)).toEqual([1, 2, 3]);
    expect(await settlesWithin(s.next(), 300)).toBe('pending');
    expect(logs.map((l) => l.msg)).toContain(
      'pubsub: PostgreSQL listener reconnected and listening again (3 messages published meanwhile)',
    );
  });

  it('prunes rows older than the retention, on publish', async () => {
    const pubSub = await make({ name: nextName(), retentionSeconds: 0.2, pruneEverySeconds: 0.1 });
    const topic = freshTopic('prune');
    await pubSub.publish(topic, 'old');
    const count = async (): Promise<number> => {
      const { rows } = await admin.query<{ n: string }>('select count(*) as n from pubsub_messages where topic = $1', [topic]);
      return Number(rows[0]?.n);
    };
    expect(await count()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 400));
    await pubSub.publish(topic, 'new');
    await eventually(async () => expect(await count()).toBe(1));
  });

  it('closes both of its connections on close()', async () => {
    const name = nextName();
    const pubSub = await createPostgresPubSub({ connectionString: server.url, name });
    await pubSub.publish(freshTopic(), 1);
    expect(await backends(`${name}-listen`)).toHaveLength(1);
    expect(await backends(`${name}-publish`)).toHaveLength(1);
    await pubSub.close();
    await eventually(async () => {
      expect(await backends(`${name}-listen`)).toEqual([]);
      expect(await backends(`${name}-publish`)).toEqual([]);
    });
  });

  it('fails to start with a message that names no password when the login is refused', async () => {
    const wrong = server.url.replace(server.password, 'not-the-password-123');
    const error: unknown = await createPostgresPubSub({ connectionString: wrong }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect((error as Error).message).toMatch(/could not set up PostgreSQL LISTEN\/NOTIFY: password authentication failed/);
    expect((error as Error).message).not.toContain('not-the-password-123');
  });

  it('creates pubsub_messages from the one exported DDL, idempotently', async () => {
    await admin.query(PUBSUB_MESSAGES_DDL);
    const { rows } = await admin.query<{ column_name: string; data_type: string; is_nullable: string }>(
      `select column_name, data_type, is_nullable from information_schema.columns
       where table_name = 'pubsub_messages' order by ordinal_position`,
    );
    expect(rows).toEqual([
      { column_name: 'id', data_type: 'bigint', is_nullable: 'NO' },
      { column_name: 'topic', data_type: 'text', is_nullable: 'NO' },
      { column_name: 'payload', data_type: 'jsonb', is_nullable: 'NO' },
      { column_name: 'created_at', data_type: 'timestamp with time zone', is_nullable: 'NO' },
    ]);
  });
});
