// The weekly-summary suite on a database of its own on the test run's PostgreSQL (test/postgres.ts).
import { afterAll } from 'vitest';
import { testPostgresDatabases } from '../../test/postgres';
import { weeklySummarySuite } from './weekly-summary-suite';

const databases = testPostgresDatabases();
afterAll(() => databases.stop());

weeklySummarySuite('PostgreSQL', databases.open);
