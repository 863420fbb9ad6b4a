// The Odds API's pacing in the database: what one process saves, the next reads back; each
// provider reads only its own rows.
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { testDatabase } from '../../test/app';
import { databasePacingStore } from './pacing';

const T0 = Date.UTC(2026, 11, 3, 9, 0, 0);
const open: Database[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.close();
});

describe('the Odds API pacing kept in the database', () => {
  it('reads back what was saved last, sport by sport, and nothing for another provider', async () => {
    const database = await testDatabase();
    open.push(database);
    const store = databasePacingStore(database.db, 'odds-api');
    expect(await store.load()).toBeNull();
    await store.save({ paceMs: 60_000, polledAt: { soccer_epl: T0, soccer_efl_champ: T0 } });
    await store.save({ paceMs: 120_000, polledAt: { soccer_epl: T0 + 60_000, soccer_efl_champ: T0 } });
    expect(await store.load()).toEqual({ paceMs: 120_000, polledAt: { soccer_epl: T0 + 60_000, soccer_efl_champ: T0 } });
    expect(await databasePacingStore(database.db, 'odds-api-2').load()).toBeNull();
  });
});
