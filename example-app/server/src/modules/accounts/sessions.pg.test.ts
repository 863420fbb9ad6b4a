// Per-device sessions on a throwaway PostgreSQL 15 (tracker/test-postgres.ts): rotation, reuse
// revoking the family, expiry and revocation, with member records kept until PostgreSQL's notice
// of their change (db/member-changes.ts).
import { afterAll } from 'vitest';
import { openDatabase } from '../../db/client';
import { MIGRATIONS } from '../../test/app';
import { startTestPostgres, type TestPostgres } from '../tracker/test-postgres';
import { sessionsSuite } from './sessions-suite';

let pg: TestPostgres | null = null;
afterAll(() => pg?.stop());

sessionsSuite('on PostgreSQL', async () => {
  pg = await startTestPostgres();
  const database = await openDatabase({ kind: 'postgres', url: pg.url, poolSize: 4 });
  await database.migrate(MIGRATIONS);
  return database;
});
