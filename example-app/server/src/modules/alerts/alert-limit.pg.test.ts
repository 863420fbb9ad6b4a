// The alert limit under parallel saves on a throwaway PostgreSQL 15 (Debian's packages,
// tracker/test-postgres.ts): saves on four connections race for the member's last slots.
import { afterAll } from 'vitest';
import { openDatabase } from '../../db/client';
import { MIGRATIONS } from '../../test/app';
import { startTestPostgres, type TestPostgres } from '../tracker/test-postgres';
import { alertLimitSuite } from './alert-limit-suite';

let pg: TestPostgres | null = null;
afterAll(() => pg?.stop());

alertLimitSuite('on PostgreSQL', async () => {
  pg = await startTestPostgres();
  const database = await openDatabase({ kind: 'postgres', url: pg.url, poolSize: 4 });
  await database.migrate(MIGRATIONS);
  return database;
});
