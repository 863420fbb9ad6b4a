// The mail queue's delivery promises (docs/notifications.md "Mail delivery"), proved with real
// server processes (main.ts as child processes, each with its own worker) on the test run's
// PostgreSQL (a database of its own per test, test/postgres.ts), sending to one local SMTP server in
// this process:
// - two processes send each of 100 messages exactly once, and both do some of the sending;
// - a process killed with SIGKILL while SMTP holds its message loses nothing: the other messages
//   are sent once by the next process at once, the one in flight once its lease lapses (the next
//   process's clock is moved past it), once, with its stable Message-ID;
// - a process stopped with SIGTERM while SMTP holds its message finishes that one, marks it sent
//   and exits; the next process sends the rest, each once;
// - the one window of a repeat: SMTP accepted the message and the process died before marking the
//   row sent; the next process sends it again with the same Message-ID.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { outbox } from '../db/schema';
import { waitFor } from '../e2e/clients';
import { createTestPostgresDatabase } from '../test/postgres';
import { serverBundle, startServerProcess, type ServerProcess } from '../test/process';
import { startTestSmtp, type TestSmtp } from '../test/smtp';
import { queueMail } from './queue';
import { MAIL_POLICY, messageIdOf } from './worker';

beforeAll(async () => {
  await serverBundle();
}, 120_000);

/** Things a test started, stopped after it whatever happened. */
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.allSettled(cleanups.splice(0).map((stop) => stop()));
});

/** A fresh migrated database of its own on the run's cluster: its URL and a connection from this process. */
async function freshDatabase(): Promise<{ url: string; database: Database }> {
  const made = await createTestPostgresDatabase({ migrated: true });
  const database = await openDatabase({ kind: 'postgres', url: made.url, poolSize: 4 });
  // Dropped with the test's other cleanups (the drop ends whatever connection is still on it).
  cleanups.push(async () => {
    await database.close();
    await made.drop();
  });
  return { url: made.url, database };
}

/** A server process on `databaseUrl`, sending to `smtp`; killed after the test. */
async function serverProcess(databaseUrl: string, smtp: TestSmtp, env: Record<string, string> = {}): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'matchkit-mail-'));
  const child = await startServerProcess({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Brightlay <no-reply@example.com>',
    JWT_SECRET: 'delivery-test-jwt-secret-0123456789abcdefghijklmnop',
    // The smallest simulated feed: these processes are here to send mail.
    FEED_EVENTS: '10',
    // The worker's poll, which picks up a lease lapsed on a moved clock: every half second, not
    // every 5 s (a wait of up to 5 s in two of the tests, nothing else changed by it).
    MAIL_POLL_MS: '500',
    FEED_INTERVAL_MS: '5000',
    ...env,
  });
  cleanups.push(async () => {
    await child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });
  return child;
}

/** Queues `n` receipts in one transaction (as a change that causes several would). */
async function queueReceipts(database: Database, n: number): Promise<void> {
  await database.db.transaction(async (tx) => {
    for (let i = 1; i <= n; i++)
      await queueMail(
        tx,
        {
          to: `member${i}@example.com`,
          subject: 'Your receipt',
          text: `Receipt ${i}: £19.99`,
          html: null,
          kind: 'receipt',
          userId: null,
        },
        Date.now(),
      );
  });
}

/** How many times each Message-ID arrived. */
function arrivals(received: readonly ParsedMail[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of received) counts.set(mail.messageId ?? '(none)', (counts.get(mail.messageId ?? '(none)') ?? 0) + 1);
  return counts;
}

/** The rows' Message-IDs, each expected `times` times. */
const expected = (rows: readonly { id: number }[], times = 1) => new Map(rows.map((r) => [messageIdOf(r.id, 'http://localhost:0'), times]));

const rowsOf = (database: Database) => database.db.select().from(outbox).orderBy(asc(outbox.id));

/**
 * The rows once every one is 'sent' (within 20 s: a lease lapsed on a moved clock is seen at the
 * next poll, MAIL_POLL_MS), and half a second more, for a repeat (it would arrive after the first copy).
 */
async function allSent(database: Database): Promise<(typeof outbox.$inferSelect)[]> {
  const rows = await waitFor(
    'every row sent',
    async () => {
      const all = await rowsOf(database);
      return all.every((r) => r.state === 'sent') ? all : undefined;
    },
    20_000,
  );
  await new Promise((resolve) => setTimeout(resolve, 500));
  return rows;
}

/** The sum of a metric's samples (over its labels) in a process's /metrics; throws when it has no such metric. */
async function metric(child: ServerProcess, name: string): Promise<number> {
  const text = await (await fetch(`${child.origin}/metrics`)).text();
  if (!text.includes(`\n# TYPE ${name} `)) throw new Error(`/metrics has no ${name}`);
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

/** Moves a MOVABLE_CLOCK process's clock forward. */
async function advance(child: ServerProcess, advanceMs: number): Promise<void> {
  const response = await fetch(`${child.origin}/dev/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceMs }),
  });
  expect(response.status).toBe(200);
}

// Each test's limit (a limit for a hung test, not a time budget): it starts one or two server
// processes, each migrating and loading its feed before it listens, and waits on their mail. A test
// takes 5 to 6 s on a quiet machine; at 60 s, one failed once at load 7 to 14.
describe('mail delivery across server processes on one PostgreSQL', { timeout: 120_000 }, () => {
  it('two processes send each of 100 messages exactly once, and both send some', async () => {
    const smtp = await startTestSmtp();
    cleanups.push(() => smtp.close());
    const { url, database } = await freshDatabase();
    const [a, b] = await Promise.all([serverProcess(url, smtp), serverProcess(url, smtp)]);

    await queueReceipts(database, 100);
    await waitFor('100 messages', () => (smtp.received.length >= 100 ? true : undefined), 30_000);
    const rows = await allSent(database);

    expect(rows).toHaveLength(100);
    expect(arrivals(smtp.received)).toEqual(expected(rows));
    expect(rows.every((r) => r.attempts === 1 && r.text === '')).toBe(true);
    const [sentA, sentB] = await Promise.all([metric(a, 'matchkit_mail_sent_total'), metric(b, 'matchkit_mail_sent_total')]);
    expect(sentA + sentB).toBe(100);
    expect(sentA).toBeGreaterThan(0);
    expect(sentB).toBeGreaterThan(0);
    // Each claimed for a first attempt what it sent; nothing was retried or failed; nothing waits.
    expect(await metric(a, 'matchkit_mail_queued_total')).toBe(sentA);
    expect(await metric(b, 'matchkit_mail_queued_total')).toBe(sentB);
    for (const child of [a, b]) {
      expect(await metric(child, 'matchkit_mail_retried_total')).toBe(0);
      expect(await metric(child, 'matchkit_mail_failed_total')).toBe(0);
      expect(await metric(child, 'matchkit_mail_queue_age_seconds')).toBe(0);
    }
  });

  it('kill -9 while SMTP holds a message loses none and sends none twice', async () => {
    let held: (reason: Error) => void = () => undefined;
    let holding: ParsedMail | null = null;
    const smtp = await startTestSmtp({
      // The first message's "250" never comes: the process is killed waiting for it.
      beforeAccept: (mail) =>
        holding === null
          ? new Promise<void>((_resolve, reject) => {
              holding = mail;
              held = reject;
            })
          : Promise.resolve(),
    });
    cleanups.push(() => smtp.close());
    cleanups.push(async () => held(new Error('the test ended')));
    const { url, database } = await freshDatabase();
    await queueReceipts(database, 30);

    const first = await serverProcess(url, smtp);
    const inFlight = await waitFor('a message held by SMTP', () => holding ?? undefined);
    expect(await first.kill('SIGKILL')).toBe('SIGKILL');
    held(new Error('the sender was killed'));
    // Only the message in flight is 'sending', under its lease; the rest is queued; nothing was sent.
    const afterKill = await rowsOf(database);
    const claimed = afterKill.filter((r) => r.state === 'sending');
    const unclaimed = afterKill.filter((r) => r.state === 'queued');
    expect(claimed.map((r) => messageIdOf(r.id, 'http://localhost:0'))).toEqual([inFlight.messageId]);
    expect(unclaimed).toHaveLength(29);
    expect(smtp.received).toHaveLength(0);

    // The next process sends what was not in flight, at once, and leaves the leased row alone.
    const second = await serverProcess(url, smtp, { MOVABLE_CLOCK: 'true' });
    // Sent: the SMTP server has them and their rows say so (marked once the "250" arrives).
    const sentNow = await waitFor('the unclaimed messages sent', async () => {
      const all = await rowsOf(database);
      return all.filter((r) => r.state === 'sent').length === unclaimed.length ? all : undefined;
    });
    expect(arrivals(smtp.received)).toEqual(expected(unclaimed));
    expect(sentNow.filter((r) => r.state === 'sending').map((r) => r.id)).toEqual(claimed.map((r) => r.id));
    expect(await metric(second, 'matchkit_mail_queue_age_seconds')).toBeGreaterThan(0);

    // Once the lease lapses (its clock moved past it; the worker polls every MAIL_POLL_MS), the
    // message that was in flight is sent once, with the Message-ID it had.
    await advance(second, MAIL_POLICY.leaseMs + 1_000);
    const rows = await allSent(database);
    expect(arrivals(smtp.received)).toEqual(expected(rows));
    expect(rows.filter((r) => r.attempts === 2).map((r) => r.id)).toEqual(claimed.map((r) => r.id));
    expect(await metric(second, 'matchkit_mail_sent_total')).toBe(30);
    expect(await metric(second, 'matchkit_mail_queue_age_seconds')).toBe(0);
  });

  it('a stop (SIGTERM) finishes the message in flight and marks it sent; the next process sends the rest', async () => {
    let release: () => void = () => undefined;
    let holding = false;
    const smtp = await startTestSmtp({
      // The first message's "250" waits until the process has been told to stop.
      beforeAccept: () =>
        holding
          ? Promise.resolve()
          : new Promise<void>((resolve) => {
              holding = true;
              release = resolve;
            }),
    });
    cleanups.push(() => smtp.close());
    cleanups.push(async () => release());
    const { url, database } = await freshDatabase();
    await queueReceipts(database, 3);

    const first = await serverProcess(url, smtp);
    await waitFor('a message held by SMTP', () => (holding ? true : undefined));
    const exited = first.kill('SIGTERM');
    await waitFor('the process stopping', () => (first.output().includes('"msg":"stopping"') ? true : undefined));
    release();
    expect(await exited).toBe(0);
    const afterStop = await rowsOf(database);
    expect(afterStop.map((r) => r.state)).toEqual(['sent', 'queued', 'queued']);
    expect(arrivals(smtp.received)).toEqual(expected(afterStop.slice(0, 1)));

    await serverProcess(url, smtp);
    const rows = await allSent(database);
    expect(arrivals(smtp.received)).toEqual(expected(rows));
    expect(rows.map((r) => r.attempts)).toEqual([1, 1, 1]);
  });

  it('the one repeat: SMTP accepted the message as its sender was killed; the next process sends it again, same Message-ID', async () => {
    let sender: ServerProcess | null = null;
    const smtp = await startTestSmtp({
      // The whole message is in: the sender dies before the "250" reaches it, and SMTP keeps the
      // message (as a real server that has queued it does).
      beforeAccept: async () => {
        if (smtp.received.length === 0) await sender?.kill('SIGKILL');
      },
    });
    cleanups.push(() => smtp.close());
    const { url, database } = await freshDatabase();
    await queueReceipts(database, 1);
    sender = await serverProcess(url, smtp);
    await waitFor('the first copy', () => (smtp.received.length === 1 ? true : undefined));
    expect(await sender.exited).toBe('SIGKILL');
    const [killed] = await rowsOf(database);
    expect([killed?.state, killed?.attempts]).toEqual(['sending', 1]);

    const next = await serverProcess(url, smtp, { MOVABLE_CLOCK: 'true' });
    await advance(next, MAIL_POLICY.leaseMs + 1_000);
    const [row] = await allSent(database);
    expect(row?.attempts).toBe(2);
    expect(arrivals(smtp.received)).toEqual(expected([{ id: row?.id ?? 0 }], 2));
    const [one, two] = smtp.received;
    expect([two?.subject, two?.text, two?.to]).toEqual([one?.subject, one?.text, one?.to]);
  });
});
