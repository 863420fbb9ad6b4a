// The mail worker against a local SMTP server (smtp-server, parsed with mailparser): a queued
// message arrives with its text and HTML parts, its stable Message-ID and, for a kind a member can
// turn off, the RFC 8058 headers; its body is then cleared. A failing SMTP (4xx, then 5xx, then
// connection refused) is retried with backoff and finally marked failed, and a send never answered
// is given up at its deadline. Two workers on one row: a failure recorded after the lease lapsed
// leaves the row to the worker that claimed it since. (Real processes: delivery.pg.test.ts.)
import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { outbox } from '../db/schema';
import { createTestApp, migratedTemplate, type TestApp } from '../test/app';
import { startTestSmtp, type TestSmtp } from '../test/smtp';
import { createSmtpMailer, type MailMessage, type Mailer } from './mailer';
import { queueMail } from './queue';
import { createLogger } from '../logger';
import { createMetrics } from '../ops/metrics';
import { createMailWorker, retryDelay, type MailPolicy } from './worker';

const POLICY: MailPolicy = { maxAttempts: 3, baseDelayMs: 60_000, maxDelayMs: 600_000, leaseMs: 600_000, pollMs: 60_000 };

// The migrated database every test app clones, made once before the tests (the hooks' 60 s): on
// a busy machine it took most of the first test's 30 s.
beforeAll(() => migratedTemplate());

const message = (over: Partial<MailMessage> = {}): MailMessage => ({
  to: 'ann@example.com',
  subject: 'Your week',
  text: 'Profit this week: £12.00 http://localhost:3000/tracker',
  html: '<p>Profit this week: <b>£12.00</b></p>',
  kind: 'weekly-summary',
  userId: 'u_ann',
  ...over,
});

describe('the mail worker over SMTP', () => {
  let t: TestApp | null = null;
  let smtp: TestSmtp | null = null;
  afterEach(async () => {
    await t?.stop();
    await smtp?.close();
    t = null;
    smtp = null;
  });

  async function appSendingTo(port: number, deadlineMs?: number): Promise<TestApp> {
    return createTestApp({
      mail: createSmtpMailer(`smtp://127.0.0.1:${port}`, 'Brightlay <no-reply@example.com>', deadlineMs),
      mailPolicy: POLICY,
    });
  }

  it('sends the text and HTML parts with a stable Message-ID and one-click unsubscribe, then clears the body', async () => {
    smtp = await startTestSmtp();
    t = await appSendingTo(smtp.port);
    await queueMail(t.database.db, message(), t.clock());
    await queueMail(t.database.db, message({ kind: 'password-reset', subject: 'Reset your password', html: null }), t.clock());
    expect(await t.app.mailWorker.runOnce()).toBe(2);
    const [summary, reset] = smtp.received;
    const rows = await t.database.db.select().from(outbox).orderBy(outbox.id);
    expect(summary?.text?.trim()).toBe('Profit this week: £12.00 http://localhost:3000/tracker');
    expect(summary?.html).toContain('<b>£12.00</b>');
    expect(summary?.from?.value).toEqual([{ name: 'Brightlay', address: 'no-reply@example.com' }]);
    expect(summary?.messageId).toBe(`<mail-${rows[0]?.id}@localhost>`);
    // Unfolded (a long header is folded onto a second line).
    const line = (mail: ParsedMail | undefined, key: string) => mail?.headerLines.find((h) => h.key === key)?.line.replace(/\r\n\s+/g, ' ');
    expect(line(summary, 'list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(line(summary, 'list-unsubscribe')).toMatch(
      /^List-Unsubscribe: <http:\/\/localhost:3000\/api\/mail\/unsubscribe\?token=[A-Za-z0-9_-]+\.weekly-summary\.[A-Za-z0-9_-]{43}>$/,
    );
    // Essential mail carries no unsubscribe.
    expect(line(reset, 'list-unsubscribe')).toBeUndefined();
    expect(line(reset, 'list-unsubscribe-post')).toBeUndefined();
    expect(reset?.html).toBe(false);
    expect(rows.map((r) => [r.state, r.attempts, r.text, r.html])).toEqual([
      ['sent', 1, '', null],
      ['sent', 1, '', null],
    ]);
    // Nothing is due any more: a second run sends nothing.
    expect(await t.app.mailWorker.runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(2);
  });

  it('retries 4xx, 5xx and a refused connection with growing waits, then marks the message failed', async () => {
    smtp = await startTestSmtp({ refuse: [451, 550] });
    const app = await appSendingTo(smtp.port);
    t = app;
    await queueMail(t.database.db, message({ kind: 'receipt' }), t.clock());
    const row = async () => (await app.database.db.select().from(outbox).where(eq(outbox.to, 'ann@example.com')))[0];

    expect(await t.app.mailWorker.runOnce()).toBe(0);
    const first = await row();
    expect([first?.state, first?.attempts, first?.lastError]).toEqual(['queued', 1, 'SMTP 451 EENVELOPE']);
    const wait1 = (first?.nextAttemptAt.getTime() ?? 0) - t.clock();
    expect(wait1).toBeGreaterThanOrEqual(POLICY.baseDelayMs / 2);
    expect(wait1).toBeLessThanOrEqual(POLICY.baseDelayMs);
    // It waits for its retry: /metrics gives the age of the oldest message waiting.
    t.clock.advance(1_500);
    expect(await t.app.metrics.render()).toContain('matchkit_mail_queue_age_seconds 1.5\n');
    // Not due yet: nothing is tried.
    await t.app.mailWorker.runOnce();
    expect((await row())?.attempts).toBe(1);

    t.clock.advance(wait1);
    await t.app.mailWorker.runOnce();
    const second = await row();
    expect([second?.state, second?.attempts, second?.lastError]).toEqual(['queued', 2, 'SMTP 550 EENVELOPE']);
    const wait2 = (second?.nextAttemptAt.getTime() ?? 0) - t.clock();
    expect(wait2).toBeGreaterThanOrEqual(POLICY.baseDelayMs);
    expect(wait2).toBeLessThanOrEqual(2 * POLICY.baseDelayMs);

    await smtp.close();
    smtp = null;
    t.clock.advance(wait2);
    await t.app.mailWorker.runOnce();
    const last = await row();
    expect([last?.state, last?.attempts, last?.lastError]).toEqual(['failed', 3, 'ESOCKET']);
    // The body is kept on a failed message (it was never delivered); nothing is tried again.
    expect(last?.text).toContain('£12.00');
    t.clock.advance(POLICY.maxDelayMs);
    await t.app.mailWorker.runOnce();
    expect((await row())?.attempts).toBe(3);
    // /metrics counts it: claimed once for a first attempt, retried twice, failed once, sent never;
    // the failed message no longer waits (the oldest waiting message's age is 0).
    const metrics = await t.app.metrics.render();
    expect(metrics).toContain('matchkit_mail_queued_total{kind="receipt"} 1\n');
    expect(metrics).toContain('matchkit_mail_retried_total{kind="receipt"} 2\n');
    expect(metrics).toContain('matchkit_mail_failed_total{kind="receipt"} 1\n');
    expect(metrics).not.toContain('matchkit_mail_sent_total{');
    expect(metrics).toContain('matchkit_mail_queue_age_seconds 0\n');
  });
  it('keeps the last queue age and logs when its query fails, never a false 0', async () => {
    t = await createTestApp();
    const app = t;
    let failing = false;
    const bound = (target: object, value: unknown): unknown =>
      typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    // The database as the gauge reads it: its select fails while `failing` (a lost connection).
    const db = new Proxy(app.database.db, {
      get: (target, key, receiver) =>
        key === 'select' && failing
          ? () => ({ from: () => ({ where: () => Promise.reject(new Error('connection lost')) }) })
          : bound(target, Reflect.get(target, key, receiver)),
    });
    const logged: string[] = [];
    const metrics = createMetrics({ processMetrics: false });
    createMailWorker({
      database: { ...app.database, db },
      mail: { kind: 'memory', keepsBody: false, send: async () => undefined, close: async () => undefined },
      clock: app.clock,
      logger: createLogger('error', { write: (line: string) => void logged.push(line) }),
      metrics,
      publicOrigin: 'http://localhost:3000',
      unsubscribeHeaders: () => ({}),
      policy: POLICY,
    });
    await queueMail(app.database.db, message({ kind: 'receipt' }), app.clock());
    app.clock.advance(90_000);
    expect(await metrics.render()).toContain('matchkit_mail_queue_age_seconds 90\n');
    failing = true;
    app.clock.advance(30_000);
    expect(await metrics.render()).toContain('matchkit_mail_queue_age_seconds 90\n');
    expect(logged.some((line) => line.includes('connection lost') && line.includes('queue age'))).toBe(true);
  });

  it('gives a send SMTP never answers up at the deadline, well inside the lease, and retries it', async () => {
    // The whole message arrives; the "250" never comes (each step alone would wait 60 s of silence).
    smtp = await startTestSmtp({ beforeAccept: () => new Promise<void>(() => undefined) });
    const app = await appSendingTo(smtp.port, 500);
    t = app;
    await queueMail(app.database.db, message({ kind: 'receipt' }), app.clock());
    const started = Date.now();
    expect(await app.app.mailWorker.runOnce()).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    const [row] = await app.database.db.select().from(outbox);
    expect([row?.state, row?.attempts, row?.lastError]).toEqual(['queued', 1, 'EABORT']);
  });

  it('refuses a send deadline that is not a whole number of milliseconds above 0', () => {
    expect(() => createSmtpMailer('smtp://127.0.0.1:25', 'a@example.com', 0)).toThrow(
      'deadlineMs must be a whole number of milliseconds above 0, got 0',
    );
    expect(() => createSmtpMailer('smtp://127.0.0.1:25', 'a@example.com', Number.NaN)).toThrow(RangeError);
  });
});

describe('a worker whose lease lapsed', () => {
  it('does not give back a row another worker has claimed since when its own send fails', async () => {
    const t = await createTestApp();
    try {
      /** A mailer whose sends wait until the test settles them, in order. */
      const heldMailer = () => {
        const sends: { settle: (error?: Error) => void }[] = [];
        const mailer: Mailer = {
          kind: 'memory',
          keepsBody: false,
          send: () => new Promise<void>((resolve, reject) => sends.push({ settle: (error) => (error ? reject(error) : resolve()) })),
          close: async () => undefined,
        };
        return { mailer, sends };
      };
      const workerWith = (mail: Mailer) =>
        createMailWorker({
          database: t.database,
          mail,
          clock: t.clock,
          logger: createLogger('silent'),
          metrics: createMetrics({ processMetrics: false }),
          publicOrigin: 'http://localhost:3000',
          unsubscribeHeaders: () => ({}),
          policy: POLICY,
        });
      const a = heldMailer();
      const b = heldMailer();
      await queueMail(t.database.db, message({ kind: 'receipt' }), t.clock());
      const state = async () => (await t.database.db.select().from(outbox)).map((r) => [r.state, r.attempts]);

      // A claims the message and its send hangs past the lease (a paused process, a stalled SMTP).
      const runA = workerWith(a.mailer).runOnce();
      await vi.waitFor(() => expect(a.sends).toHaveLength(1));
      t.clock.advance(POLICY.leaseMs + 1);
      // B claims it again (the lease lapsed) and is sending it when A's send fails.
      const runB = workerWith(b.mailer).runOnce();
      await vi.waitFor(() => expect(b.sends).toHaveLength(1));
      a.sends[0]?.settle(Object.assign(new Error('Try again later'), { responseCode: 451 }));
      expect(await runA).toBe(0);
      // The row is still B's: no third worker may claim it while B sends.
      expect(await state()).toEqual([['sending', 2]]);
      b.sends[0]?.settle();
      expect(await runB).toBe(1);
      expect(await state()).toEqual([['sent', 2]]);
    } finally {
      await t.stop();
    }
  });
});

describe('retryDelay', () => {
  it('doubles per failure up to the cap, with equal jitter, and refuses a bad attempt number', () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelay(n, POLICY, () => 0))).toEqual([30_000, 60_000, 120_000, 240_000, 300_000]);
    expect([1, 2, 3, 4, 5].map((n) => retryDelay(n, POLICY, () => 0.999_999))).toEqual([60_000, 120_000, 240_000, 480_000, 600_000]);
    expect(() => retryDelay(0, POLICY)).toThrow('attempt must be a whole number from 1, got 0');
    expect(() => retryDelay(1.5, POLICY)).toThrow(RangeError);
  });
});
