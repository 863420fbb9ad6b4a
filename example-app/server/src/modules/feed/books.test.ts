// The Odds API's last answers in the database: what one process saves, the next reads back, each
// sport's newest answer only; each provider reads only its own rows.
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { testDatabase } from '../../test/app';
import { footballMatch } from '../../feed/testing';
import { oddsApiBooks } from '../../db/schema';
import { databaseBookStore } from './books';

const T0 = Date.UTC(2026, 11, 3, 9, 0, 0);
const MINUTE = 60_000;
/** The store as the feed builds it: a poll age of 15 minutes, the clock at `now`. */
const storeAt = (db: Database['db'], now: number, provider = 'odds-api') =>
  databaseBookStore(db, provider, { clock: () => now, maxAgeMs: 15 * MINUTE });
const open: Database[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.close();
});

describe('the Odds API books kept in the database', () => {
  it('reads back each sport’s last answer with when it came, and nothing for another provider', async () => {
    const database = await testDatabase();
    open.push(database);
    const store = storeAt(database.db, T0 + MINUTE);
    expect(await store.load()).toEqual({});
    const first = { ...footballMatch('e1', 'Arsenal', 'Chelsea', T0 + 3_600_000, T0 - 60_000), confirmedAt: T0 };
    const second = { ...footballMatch('e2', 'Leeds', 'Hull', T0 + 7_200_000, T0 + 30_000), confirmedAt: T0 + 60_000 };
    await store.save('soccer_epl', { fetchedAt: T0, events: [first] });
    await store.save('soccer_efl_champ', { fetchedAt: T0, events: [] });
    await store.save('soccer_epl', { fetchedAt: T0 + 60_000, events: [second] });
    expect(await store.load()).toEqual({
      soccer_epl: { fetchedAt: T0 + 60_000, events: [second] },
      soccer_efl_champ: { fetchedAt: T0, events: [] },
    });
    expect(await storeAt(database.db, T0 + MINUTE, 'odds-api-2').load()).toEqual({});
  });

  it('never puts an older answer back over a newer one', async () => {
    const database = await testDatabase();
    open.push(database);
    const store = storeAt(database.db, T0 + MINUTE);
    const newer = { ...footballMatch('e2', 'Leeds', 'Hull', T0 + 7_200_000, T0), confirmedAt: T0 + MINUTE };
    await store.save('soccer_epl', { fetchedAt: T0 + MINUTE, events: [newer] });
    await store.save('soccer_epl', { fetchedAt: T0, events: [] }); // a slow write of an earlier answer
    expect(await store.load()).toEqual({ soccer_epl: { fetchedAt: T0 + MINUTE, events: [newer] } });
  });

  it('deletes the answers too old to serve when it reads, and only this provider’s', async () => {
    const database = await testDatabase();
    open.push(database);
    await storeAt(database.db, T0).save('soccer_epl', { fetchedAt: T0, events: [] });
    await storeAt(database.db, T0).save('tennis_atp_finals', { fetchedAt: T0 + 10 * MINUTE, events: [] });
    await storeAt(database.db, T0, 'odds-api-2').save('soccer_epl', { fetchedAt: T0, events: [] });
    // 16 minutes after the EPL's answer: past the poll age, gone; the tennis answer (6 minutes) stays.
    expect(await storeAt(database.db, T0 + 16 * MINUTE).load()).toEqual({ tennis_atp_finals: { fetchedAt: T0 + 10 * MINUTE, events: [] } });
    const rows = await database.db.select().from(oddsApiBooks);
    expect(rows.map((r) => `${r.provider}/${r.sport}`).sort()).toEqual(['odds-api-2/soccer_epl', 'odds-api/tennis_atp_finals']);
  });
});
