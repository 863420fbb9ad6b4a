// The push queue suite on a database of its own on the test run's PostgreSQL (test/postgres.ts): the
// second worker has connections of its own, as a second server process has.
import { afterAll } from 'vitest';
import { openDatabase } from '../db/client';
import { testPostgresDatabases } from '../test/postgres';
import { pushQueueSuite } from './queue-suite';

const databases = testPostgresDatabases();
afterAll(() => databases.stop());

pushQueueSuite('PostgreSQL', databases.open, async (first) => {
  if (first.url === null) throw new Error('the first database has no URL');
  return openDatabase({ kind: 'postgres', url: first.url, poolSize: 4 });
});
