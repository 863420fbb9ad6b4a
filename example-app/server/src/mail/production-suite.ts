// A production start deletes the outbox's rows (the mail a production server kept before SMTP_URL
// was required): one suite, run on PGlite (production.test.ts) and PostgreSQL (production.pg.test.ts).
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { outbox } from '../db/schema';
import { createTestApp, PRODUCTION_ENV } from '../test/app';

export function productionOutboxSuite(label: string, open: () => Promise<Database>): void {
  describe(`the outbox at a production start (${label})`, () => {
    it('deletes every message a production server kept without SMTP, links and all', async () => {
      const database = await open();
      await database.db.insert(outbox).values({
        to: 'ann@example.com',
        subject: 'Reset your password',
        text: 'https://app.example.com/reset-password?token=usable-until-it-expires',
        createdAt: new Date('2026-03-02T09:00:00Z'),
      });
      const t = await createTestApp({ env: { ...PRODUCTION_ENV, PUBLIC_ORIGIN: 'https://app.example.com' }, database });
      try {
        expect(await database.db.select().from(outbox)).toHaveLength(1);
        await t.app.start(0, '127.0.0.1');
        expect(await database.db.select().from(outbox)).toEqual([]);
      } finally {
        await t.stop();
      }
    });
  });
}
