// The Odds API's last answers in the database: what one process saves, the next reads back, each
// sport's newest answer only; each provider reads only its own rows.
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { testDatabase } from '../../test/app';
import { footballMatch } from '../../feed/testing';
import { databaseBookStore } from './books';

const T0 = Date.UTC(2026, 11, 3, 9, 0, 0);
const open: Database[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.close();
});

describe('the Odds API books kept in the database', () => {
  it('reads back each sport’s last answer with when it came, and nothing for another provider', async () => {
    const database = await testDatabase();
    open.push(database);
    const store = databaseBookStore(database.db, 'odds-api');
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
    expect(await databaseBookStore(database.db, 'odds-api-2').load()).toEqual({});
  });
});
