// The funnel's Europe/London days at their edges: events and milestones a millisecond either side
// of London midnight, and every hour across the days the clocks change in 2026 (29 March: 23
// hours; 25 October: 25 hours), land on the right London day in the rollups store.ts writes
// (visits, events) and in readFunnel's and readToolUsage's ranges (milestones by londonBounds).
// One suite, run on PGlite (funnel-days.test.ts) and PostgreSQL (funnel-days.pg.test.ts). The
// expected days are written out by hand from the clock changes, not computed by the code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { SUITE_DATABASES, type SuiteDatabase } from '../../test/app';
import { keepEvents } from './events';
import { readFunnel, readToolUsage } from './funnel';
import { storeEvents } from './store';

const HOUR = 3_600_000;

/** Every whole UTC hour from `from` to `to` inclusive, and the extra instants `also`. */
function instants(from: string, to: string, also: string[]): number[] {
  const out: number[] = [];
  for (let t = Date.parse(from); t <= Date.parse(to); t += HOUR) out.push(t);
  return [...out, ...also.map((s) => Date.parse(s))];
}

/**
 * The spring day, 29 March 2026: London midnight is 00:00 UTC (GMT), the next one 23:00 UTC (BST).
 * 28 March: 22:00, 23:00 and 23:59:59.999 UTC. 29 March: the 23 hours 00:00 to 22:00 UTC and
 * 22:59:59.999 UTC. 30 March: 23:00 UTC on the 29th, 00:00 and 01:00 UTC.
 */
const SPRING = instants('2026-03-28T22:00:00Z', '2026-03-30T01:00:00Z', ['2026-03-28T23:59:59.999Z', '2026-03-29T22:59:59.999Z']);
const SPRING_DAYS = { '2026-03-28': 3, '2026-03-29': 23 + 1, '2026-03-30': 3 };

/**
 * The autumn day, 25 October 2026: London midnight is 23:00 UTC on the 24th (BST), the next one
 * 00:00 UTC on the 26th (GMT). 24 October: 21:00, 22:00 and 22:59:59.999 UTC. 25 October: the 25
 * hours 23:00 UTC on the 24th to 23:00 UTC on the 25th, and 23:59:59.999 UTC. 26 October: 00:00
 * and 01:00 UTC.
 */
const AUTUMN = instants('2026-10-24T21:00:00Z', '2026-10-26T01:00:00Z', ['2026-10-24T22:59:59.999Z', '2026-10-25T23:59:59.999Z']);
const AUTUMN_DAYS = { '2026-10-24': 3, '2026-10-25': 25 + 1, '2026-10-26': 2 };

export function funnelDaysSuite(label: SuiteDatabase, open: () => Promise<Database>): void {
  describe(`the funnel’s London days at midnight and across the clock changes (${label})`, () => {
    let database: Database;
    beforeAll(async () => {
      database = await open();
      expect(database.kind).toBe(SUITE_DATABASES[label]);
      // At each instant: a visitor's page view (a visit of its own) and a member who registered.
      for (const [season, ats] of [
        ['spring', SPRING],
        ['autumn', AUTUMN],
      ] as const) {
        const receivedAt = Math.max(...ats) + 60_000;
        const kept = keepEvents(
          ats.map((at, i) => ({
            event_type: 'page_view',
            device_id: `${season}-device-${i}`,
            session_id: i + 1,
            time: at,
            insert_id: `${season}-${i}`,
            event_properties: { path: '/calculator' },
          })),
          { secret: 'funnel-days', viewerId: null, receivedAt },
        );
        expect(kept.map((e) => e.at)).toEqual(ats);
        await storeEvents(database.db, kept, 'visitor');
        await database.db.insert(users).values(
          ats.map((at, i) => ({
            id: `u_${season}_${i}`,
            email: `${season}${i}@example.test`,
            username: `${season}${i}`,
            firstName: 'Test',
            lastName: 'Member',
            passwordHash: 'x',
            referralCode: `${season.toUpperCase()}${i}`,
            adultConfirmedAt: new Date(at),
            createdAt: new Date(at),
          })),
        );
      }
    });
    afterAll(() => database?.close());

    const counts = async (from: string, to: string) => {
      const funnel = await readFunnel(database.db, from, to);
      const usage = await readToolUsage(database.db, from, to);
      return {
        visits: funnel.total.visits,
        registrations: funnel.total.registrations,
        pageViews: usage.reduce((n, r) => n + r.events, 0),
      };
    };
    const each = (n: number) => ({ visits: n, registrations: n, pageViews: n });

    // Guards: events.ts's londonDay (rollups) and funnel.ts's londonBounds (milestones) on 29 March.
    it('puts the spring day’s 23 hours and its last millisecond on 29 March, the midnights either side right', async () => {
      for (const [day, n] of Object.entries(SPRING_DAYS)) expect({ day, ...(await counts(day, day)) }).toEqual({ day, ...each(n) });
      expect(await counts('2026-03-28', '2026-03-30')).toEqual(each(SPRING.length));
      expect(await counts('2026-03-29', '2026-03-30')).toEqual(each(SPRING_DAYS['2026-03-29'] + SPRING_DAYS['2026-03-30']));
    });

    // Guards: the same on 25 October, where a London day is 25 hours long.
    it('puts the autumn day’s 25 hours and its last millisecond on 25 October, the midnights either side right', async () => {
      for (const [day, n] of Object.entries(AUTUMN_DAYS)) expect({ day, ...(await counts(day, day)) }).toEqual({ day, ...each(n) });
      expect(await counts('2026-10-24', '2026-10-26')).toEqual(each(AUTUMN.length));
      expect(await counts('2026-10-24', '2026-10-25')).toEqual(each(AUTUMN_DAYS['2026-10-24'] + AUTUMN_DAYS['2026-10-25']));
    });
  });
}
