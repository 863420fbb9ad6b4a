// The limit of alerts per member under parallel saves, run on PGlite (alert-limit.test.ts) and on
// PostgreSQL (alert-limit.pg.test.ts), where saves on several connections really race.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { oddsAlerts } from '../../db/schema';
import { createTestApp, memberWithPlan, type TestApp } from '../../test/app';
import { MAX_ALERTS } from './alerts';

const SAVE = `mutation($input: OddsAlertInput!) { saveOddsAlert(input: $input) { ok error { code } } }`;

/** The suite, on a fresh PGlite database or on the database `makeDatabase` opens. */
export function alertLimitSuite(label: string, makeDatabase?: () => Promise<Database>): void {
  describe(`the alert limit ${label}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(makeDatabase === undefined ? {} : { database: await makeDatabase() });
    });
    afterAll(() => t.stop());

    it(`keeps at most ${MAX_ALERTS} alerts when saves arrive together`, async () => {
      const token = await memberWithPlan(t, 'u_alert_limit', 'platinum');
      const saves = Array.from({ length: MAX_ALERTS + 5 }, (_, i) =>
        t.gql<{ saveOddsAlert: { ok: boolean; error: { code: string } | null } }>(
          SAVE,
          { input: { tool: 'oddsmatcher', name: `Alert ${i + 1}`, minRating: 90 } },
          { token },
        ),
      );
      const results = (await Promise.all(saves)).map((r) => r.data?.saveOddsAlert);
      expect(results.filter((r) => r?.ok === true)).toHaveLength(MAX_ALERTS);
      expect(results.filter((r) => r?.error?.code === 'BAD_INPUT')).toHaveLength(5);
      const held = await t.database.db.select().from(oddsAlerts).where(eq(oddsAlerts.userId, 'u_alert_limit'));
      expect(held).toHaveLength(MAX_ALERTS);
    });
  });
}
