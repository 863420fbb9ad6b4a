// The unsubscribe suite on a database of its own on the test run's PostgreSQL (test/postgres.ts).
import { afterAll } from 'vitest';
import { testPostgresDatabases } from '../../test/postgres';
import { unsubscribeSuite } from './unsubscribe-suite';

const databases = testPostgresDatabases();
afterAll(() => databases.stop());

unsubscribeSuite('PostgreSQL', databases.open);
