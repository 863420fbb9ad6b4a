// A production start clears the bodies of sent messages a development server kept in the mail
// queue (their links), and leaves queued ones to be sent: one suite, run on PGlite
// (production.test.ts) and PostgreSQL (production.pg.test.ts).
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { asc } from 'drizzle-orm';
import { outbox } from '../db/schema';
import { createMemoryMailer } from './mailer';
import { createTestApp, PRODUCTION_ENV } from '../test/app';

export function productionOutboxSuite(label: string, open: () => Promise<Database>): void {
  describe(`the outbox at a production start (${label})`, () => {
    it('clears the body of every sent message a development server kept, and sends what is queued without keeping its body', async () => {
      const database = await open();
      const at = new Date('2026-03-02T09:00:00Z');
      const message = {
        to: 'ann@example.com',
        kind: 'password-reset',
        subject: 'Reset your password',
        text: 'https://app.example.com/reset-password?token=usable-until-it-expires',
        html: '<a href="https://app.example.com/reset-password?token=usable-until-it-expires">Reset</a>',
        nextAttemptAt: at,
        createdAt: at,
      };
      await database.db.insert(outbox).values([{ ...message, state: 'sent', attempts: 1, sentAt: at }, message]);
      const mail = createMemoryMailer();
      const t = await createTestApp({ env: { ...PRODUCTION_ENV, PUBLIC_ORIGIN: 'https://app.example.com' }, database, mail });
      try {
        await t.app.start(0, '127.0.0.1');
        await t.app.mailWorker.runOnce();
        const rows = await database.db.select().from(outbox).orderBy(asc(outbox.id));
        expect(rows.map((r) => [r.state, r.text, r.html])).toEqual([
          ['sent', '', null],
          ['sent', '', null],
        ]);
        expect(mail.sent.map((m) => [m.to, m.text])).toEqual([['ann@example.com', message.text]]);
      } finally {
        await t.stop();
      }
    });
  });
}
