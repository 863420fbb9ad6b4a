// Closing an account on a throwaway PostgreSQL 15 (Debian's packages, tracker/test-postgres.ts):
// the erasure is one transaction there too, and a failure halfway changes nothing.
import { afterAll } from 'vitest';
import { openDatabase } from '../../db/client';
import { MIGRATIONS } from '../../test/app';
import { startTestPostgres, type TestPostgres } from '../tracker/test-postgres';
import { closeAccountSuite } from './close-account-suite';

let pg: TestPostgres | null = null;
afterAll(() => pg?.stop());

closeAccountSuite('on PostgreSQL', async () => {
  pg = await startTestPostgres();
  const database = await openDatabase({ kind: 'postgres', url: pg.url, poolSize: 4 });
  await database.migrate(MIGRATIONS);
  return database;
});
