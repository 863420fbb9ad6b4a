// The push queue suite on a throwaway PostgreSQL 15 (tracker/test-postgres.ts): the second worker
// has connections of its own, as a second server process has.
import { afterAll } from 'vitest';
import { openDatabase } from '../db/client';
import { startTestPostgres, type TestPostgres } from '../modules/tracker/test-postgres';
import { MIGRATIONS } from '../test/app';
import { pushQueueSuite } from './queue-suite';

let pg: TestPostgres | null = null;
afterAll(() => pg?.stop());

pushQueueSuite(
  'PostgreSQL',
  async () => {
    pg = await startTestPostgres();
    const database = await openDatabase({ kind: 'postgres', url: pg.url, poolSize: 4 });
    await database.migrate(MIGRATIONS);
    return database;
  },
  async () => {
    if (pg === null) throw new Error('PostgreSQL did not start');
    return openDatabase({ kind: 'postgres', url: pg.url, poolSize: 4 });
  },
);
