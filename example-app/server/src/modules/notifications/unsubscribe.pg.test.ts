// The unsubscribe suite on a throwaway PostgreSQL 15 (tracker/test-postgres.ts).
import { afterAll } from 'vitest';
import { openDatabase } from '../../db/client';
import { startTestPostgres, type TestPostgres } from '../tracker/test-postgres';
import { MIGRATIONS } from '../../test/app';
import { unsubscribeSuite } from './unsubscribe-suite';

let pg: TestPostgres | null = null;
afterAll(() => pg?.stop());

unsubscribeSuite('PostgreSQL', async () => {
  pg = await startTestPostgres();
  const database = await openDatabase({ kind: 'postgres', url: pg.url, poolSize: 4 });
  await database.migrate(MIGRATIONS);
  return database;
});
