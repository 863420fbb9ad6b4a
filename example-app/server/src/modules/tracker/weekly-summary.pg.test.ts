// The weekly-summary suite on a throwaway PostgreSQL 15 (test-postgres.ts).
import { afterAll } from 'vitest';
import { openDatabase } from '../../db/client';
import { MIGRATIONS } from '../../test/app';
import { startTestPostgres, type TestPostgres } from './test-postgres';
import { weeklySummarySuite } from './weekly-summary-suite';

let pg: TestPostgres | null = null;
afterAll(() => pg?.stop());

weeklySummarySuite('PostgreSQL', async () => {
  pg = await startTestPostgres();
  const database = await openDatabase({ kind: 'postgres', url: pg.url, poolSize: 4 });
  await database.migrate(MIGRATIONS);
  return database;
});
